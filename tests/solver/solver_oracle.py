"""An exhaustive enumeration, written independently of the solver, to check its verdicts."""

from __future__ import annotations

from patience.engine.core import Engine
from patience.engine.position import Position


def winnable_by_enumeration(engine: Engine, start: Position, limit: int) -> bool | None:
    """Can ``start`` be won? Plain depth-first over every search move (the legal moves up to
    which empty interchangeable foundation a card starts); ``None`` past ``limit``."""
    seen = {start}
    stack = [start]
    while stack:
        pos = stack.pop()
        if engine.is_won(pos):
            return True
        for move in engine.search_moves(pos):
            child = engine.apply(pos, move)
            if child not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(child)
                stack.append(child)
    return False
