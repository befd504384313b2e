"""Every physical tile has its own id: the table reports tiles by id."""

from wordtable.games.crossword_board import BLANK, TileSet


def test_tile_ids_are_unique_and_equal_to_their_position():
    counts = {"A": 3, "B": 2, BLANK: 2}
    tiles = TileSet(counts, {"A": 1, "B": 3}).tiles
    assert [t.id for t in tiles] == list(range(7))
    assert [t.letter for t in tiles] == ["A", "A", "A", "B", "B", BLANK, BLANK]
