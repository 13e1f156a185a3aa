"""Klondike's solver: its searcher (:mod:`.search`), the compact state it searches
(:mod:`.state`), and its proofs that a position is lost (:mod:`.dead`, :mod:`.talon_dead`,
:mod:`.cover`, :mod:`.lifts`, :mod:`.subgame`)."""
