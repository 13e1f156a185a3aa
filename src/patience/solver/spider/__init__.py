"""Spider's solver: its searcher (:mod:`.search`) over a compact state (:mod:`.state`)."""
