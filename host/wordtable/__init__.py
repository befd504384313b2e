"""wordtable: the host software of the wordtable smart word-game table."""

__version__ = "0.1.0"
VERSION = (0, 1, 0)
