"""The State the browser sees (docs/WEB_API.md), built from a game with hidden cards blanked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from urllib.parse import urlencode

from patience.cards import card_text
from patience.engine.core import Engine
from patience.engine.game import Game
from patience.engine.position import Move, MoveKind, Position
from patience.notation import texts_among
from patience.scoring import Running, profiles_for, score
from patience.views import PileView, View
from patience.web.wire import LegalMove, Pile, State

_KIND = {
    MoveKind.TRANSFER: "transfer",
    MoveKind.STOCK: "stock",
    MoveKind.REDEAL: "redeal",
    MoveKind.REMOVE: "remove",
}


def game_url(lang: str, game_id: str, options: tuple[tuple[str, str], ...], deal: int) -> str:
    """The page that opens exactly this game, options and deal."""
    return f"/{lang}/{game_id}?" + urlencode([("deal", str(deal)), *options])


def _legal(move: Move, text: str) -> LegalMove:
    if move.kind in (MoveKind.STOCK, MoveKind.REDEAL):
        return LegalMove(text, _KIND[move.kind])
    return LegalMove(text, _KIND[move.kind], move.src, move.dst, move.size)


def _autocomplete(engine: Engine, pos: Position, view: View, safe: Sequence[Move]) -> bool:
    """Whether playing safe foundation moves alone wins from ``pos`` (``view``: its hidden
    view, ``safe``: its safe foundation moves).

    Only asked once every card is in sight: the answer must not tell the player anything
    about face-down or stock cards.
    """
    if any(None in pile.cards for pile in view.piles):
        return False
    for _ in range(engine.card_total + 1):
        if engine.is_won(pos):
            return True
        if not safe:
            return False
        pos = engine.apply(pos, safe[0])
        safe = engine.safe_foundation_moves(pos)
    return False


def _visible(piles: Iterable[PileView]) -> Counter[int]:
    return Counter(c for pile in piles for c in pile.cards if c is not None)


def uncovered(before: View, after: View) -> list[str]:
    """Cards a player sees after a move that were hidden before it (turned up or drawn):
    ``before`` and ``after`` are the hidden views of the positions either side of it.
    Piles the move left as they were count on both sides alike, so only the others are read."""
    changed = [
        (was, now)
        for was, now in zip(before.piles, after.piles, strict=True)
        if was.cards != now.cards
    ]
    new = _visible(now for _, now in changed) - _visible(was for was, _ in changed)
    return [card_text(card) for card in sorted(new.elements())]


def table_piles(view: View) -> list[Pile]:
    """The piles of a hidden view, as the browser draws them."""
    return [
        Pile(
            p.index,
            p.code,
            p.kind.value,
            p.row,
            p.column,
            [None if c is None else card_text(c) for c in p.cards],
            p.down,
            p.free,
        )
        for p in view.piles
    ]


def table_state(
    game: Game,
    view: View,
    *,
    game_row_id: str | None,
    version: int,
    elapsed_ms: int,
    running: Running | None = None,
) -> State:
    """The State of ``game`` (``url`` and ``last`` are filled in by the caller); ``view`` is
    the hidden view of its position.

    ``score`` follows the game's default scoring profile (see :mod:`patience.scoring`);
    ``scores`` holds every profile the game offers, so the player may show any of them
    (``running``: the game's points kept from its earlier answers, so that only its new moves
    are scored).
    """
    engine, pos = game.engine, game.position
    seconds = elapsed_ms / 1000
    positions, moves = game.positions, game.moves
    scores = {
        profile: score(profile, engine, positions, moves, seconds, running)
        for profile in profiles_for(game.info)
    }
    default = next(iter(scores))
    known = game.choices()
    legal, canonical, safe = known.legal, known.search, known.safe
    return State(
        id=game_row_id,
        game=game.info.id,
        options=dict(game.options),
        deal=game.deal,
        version=version,
        url="",
        piles=table_piles(view),
        legal=[
            _legal(m, text)
            for m, text in zip(legal, texts_among(engine, legal, canonical, legal), strict=True)
        ],
        safe=texts_among(engine, legal, canonical, safe),
        outcome=known.outcome.value,
        can_undo=game.can_undo,
        can_redo=game.can_redo,
        moves_made=len(game.moves),
        redeals_left=view.redeals_left,
        score=scores[default],
        score_profile=default,
        scores=scores,
        elapsed_ms=elapsed_ms,
        autocomplete=_autocomplete(engine, pos, view, safe),
        last=None,
    )
