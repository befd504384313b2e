"""The five games: pure rules, one module (or package) per game, sharing games.base."""
