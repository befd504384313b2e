"""The five games: pure rules, one module (or package) per game, sharing games.base; games.registry
names them all for the layers above."""
