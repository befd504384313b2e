"""The link to the board, the tag registry, table layouts, game adapters and the session loop."""
