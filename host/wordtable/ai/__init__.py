"""Move generation, hints and bot strengths for the games (one module per game)."""
