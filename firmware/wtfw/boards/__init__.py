"""Board configurations: each module's ``build(...)`` returns a wtfw.board.Board."""
