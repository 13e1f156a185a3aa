"""Why a move is refused: a stable code, an English message and the details for translations.

The message is the engine's own English (for the terminal). The parameters are values, never
words, so that each language can word the same code (``patience.web.rules_text``):

* ``card``, ``target``: a card in the two-character form (``QH``, ``TD``); ``cards``: several,
  separated by spaces;
* a build rule (:func:`build_params`): ``match`` and ``direction`` (the values of
  :class:`~patience.rules.build.Match` and :class:`~patience.rules.build.Direction`) and
  ``wrap`` (``yes`` or ``no``), all left out when nothing is built on the pile;
* a start rule (:func:`start_params`): ``start`` (a :class:`~patience.rules.piles.Start`
  value) and, for ``rank``, ``start_rank`` (1 to 13) and ``start_suit`` (a suit letter, left
  out when any suit may start the pile);
* numbers as decimal text: ``capacity``, ``total``, ``goal``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from patience.cards import RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS, card_symbol, card_text, rank
from patience.engine.errors import IllegalMove
from patience.engine.position import Move, MoveKind, Position
from patience.rules.build import Build, Direction, Match
from patience.rules.piles import Kind, PileSpec, Start, Unit

if TYPE_CHECKING:
    from patience.engine.core import Engine


def refusal(engine: Engine, pos: Position, move: Move) -> IllegalMove:
    """Why ``move`` is refused in ``pos`` (assumes it is not legal)."""
    if move.kind is MoveKind.STOCK:
        return engine.stock_move_reason(pos) or _generic()
    if move.kind is MoveKind.REDEAL:
        return engine.redeal_reason(pos) or _generic()
    n = len(engine.specs)
    if move.kind is MoveKind.REMOVE:
        return _removal_refusal(engine, pos, move, n)
    if not (0 <= move.src < n and 0 <= move.dst < n) or move.src == move.dst:
        return IllegalMove("no_such_pile", "That move names no pair of piles.")
    if engine.rules.pairs_to:
        return IllegalMove("remove_only", "Cards are only removed in this game, never moved.")
    return _transfer_refusal(engine, pos, move)


def _transfer_refusal(engine: Engine, pos: Position, move: Move) -> IllegalMove:
    src, dst, count = move.src, move.dst, move.size
    cards = pos.piles[src]
    src_spec, dst_spec = engine.specs[src], engine.specs[dst]
    if not cards:
        return IllegalMove("source_empty", "There is no card to move there.")
    if not engine.gives(src):
        return IllegalMove("source_fixed", "Cards never leave that pile by hand.")
    if not engine.is_free(pos, src):
        return IllegalMove("covered", "That card is still covered.")
    if count < 1 or count > len(cards) - pos.down[src]:
        return IllegalMove("face_down", "Face-down cards cannot be moved.")
    run = engine.run_length(pos, src)
    if count > run:
        if src_spec.unit is Unit.ONE or src_spec.kind is not Kind.TABLEAU:
            return IllegalMove("one_at_a_time", "Only one card moves at a time here.")
        if src_spec.unit is Unit.SUIT_RUN:
            return IllegalMove("not_a_suit_run", "Only a run of one suit moves together.")
        return IllegalMove("not_a_run", "Those cards are not a run that moves together.")
    if not engine.may_move(src, dst):
        return IllegalMove("target_fixed", "Cards cannot be put there.")
    card = cards[-count]
    name = card_symbol(card)
    code = card_text(card)
    if dst_spec.kind is not Kind.TABLEAU and count > 1:
        return IllegalMove("one_at_a_time", "Only one card at a time goes there.")
    capacity = engine.capacity(pos, dst)
    if count > capacity:
        return IllegalMove(
            "too_many",
            f"Free cells and empty columns can carry only {capacity} cards.",
            capacity=str(capacity),
        )
    target = pos.piles[dst]
    if dst_spec.kind is Kind.CELL and target:
        return IllegalMove("cell_taken", "That cell is taken.")
    if target:
        if not engine.accepts(pos, dst, card):
            below = target[-1]
            return IllegalMove(
                "does_not_fit",
                f"{name} does not go on {card_symbol(below)}: {describe_build(dst_spec.build)}.",
                card=code,
                target=card_text(below),
                **build_params(dst_spec.build),
            )
    elif not dst_spec.accepts_on_empty(card):
        return IllegalMove(
            "cannot_start",
            f"{name} cannot go there: {describe_start(dst_spec)}.",
            card=code,
            **start_params(dst_spec),
        )
    gap = not target and dst_spec.kind is Kind.TABLEAU
    if count == len(cards) and src_spec.kind is Kind.TABLEAU and gap:
        return IllegalMove("pointless", "Moving a whole pile into a gap changes nothing.")
    return _generic()


def _removal_refusal(engine: Engine, pos: Position, move: Move, n: int) -> IllegalMove:
    if not engine.rules.pairs_to:
        return IllegalMove("no_removals", "Cards are moved, not removed, in this game.")
    chosen = [p for p in (move.src, move.dst) if p != -1]
    if not chosen or not all(0 <= p < n for p in chosen):
        return IllegalMove("no_such_pile", "That move names no card.")
    free = engine.free_piles(pos)
    for p in chosen:
        if not pos.piles[p]:
            return IllegalMove("source_empty", "There is no card there.")
        if p not in free:
            return IllegalMove("covered", "That card is not free.")
    tops = [pos.piles[p][-1] for p in chosen]
    total = sum(map(rank, tops))
    goal = engine.rules.pairs_to
    return IllegalMove(
        "not_thirteen",
        f"{' + '.join(map(card_symbol, tops))} make {total}, not {goal}.",
        cards=" ".join(map(card_text, tops)),
        total=str(total),
        goal=str(goal),
    )


STOCK_MESSAGES = {
    "no_stock_move": "This game never deals from the stock by hand.",
    "stock_empty": "The stock is empty.",
    "gap_before_deal": "Fill every empty pile before dealing.",
    "no_redeal": "This game has no redeal.",
    "no_redeals_left": "No redeals are left.",
    "stock_not_empty": "Use up the stock before starting again.",
    "waste_empty": "There is nothing to turn over.",
    "nothing_to_gather": "There are no cards to gather.",
}


def _generic() -> IllegalMove:
    return IllegalMove("illegal", "That move is not allowed now.")


_MATCH_TEXT = {
    "suit": "in suit",
    "alternate": "in alternating colours",
    "any": "regardless of suit",
}
_DIRECTION_TEXT = {"up": "up", "down": "down", "both": "up or down"}


def describe_build(build: Build | None) -> str:
    """A build rule in words: ``'builds down in alternating colours'``."""
    if build is None:
        return "nothing is built on this pile"
    text = f"builds {_DIRECTION_TEXT[build.direction.value]} {_MATCH_TEXT[build.match.value]}"
    return text + (", King and Ace touching" if build.wrap else "")


def describe_start(spec: PileSpec) -> str:
    """What may start an empty pile, in words."""
    if spec.start is Start.ANY:
        return "any card may start it"
    if spec.start is Start.NONE:
        return "only the game fills this pile"
    rank_name = {1: "an Ace", 13: "a King"}.get(spec.start_rank, RANK_LETTERS[spec.start_rank - 1])
    suit_name = "" if spec.suit is None else f" of {SUIT_SYMBOLS[spec.suit]}"
    return f"only {rank_name}{suit_name} may start it"


_YES_NO = {True: "yes", False: "no"}


def build_params(build: Build | None) -> dict[str, str]:
    """A build rule as refusal parameters (none when nothing is built on the pile).

    >>> build_params(Build(Match.ALTERNATE, Direction.DOWN))
    {'match': 'alternate', 'direction': 'down', 'wrap': 'no'}
    """
    if build is None:
        return {}
    return {
        "match": build.match.value,
        "direction": build.direction.value,
        "wrap": _YES_NO[build.wrap],
    }


def build_of(params: Mapping[str, str]) -> Build | None:
    """The build rule that :func:`build_params` wrote into ``params``."""
    if "match" not in params:
        return None
    wrap = params["wrap"] == _YES_NO[True]
    return Build(Match(params["match"]), Direction(params["direction"]), wrap)


def start_params(spec: PileSpec) -> dict[str, str]:
    """The start rule of an empty pile as refusal parameters.

    >>> start_params(PileSpec(Kind.FOUNDATION, "f1", start=Start.RANK, start_rank=1, suit=2))
    {'start': 'rank', 'start_rank': '1', 'start_suit': 'H'}
    """
    params = {"start": spec.start.value}
    if spec.start is Start.RANK:
        params["start_rank"] = str(spec.start_rank)
        if spec.suit is not None:
            params["start_suit"] = SUIT_LETTERS[spec.suit]
    return params


def start_of(params: Mapping[str, str]) -> tuple[Start, int, int | None]:
    """The start rule that :func:`start_params` wrote: what starts the pile, rank and suit."""
    start = Start(params["start"])
    if start is not Start.RANK:
        return start, 0, None
    suit_letter = params.get("start_suit")
    return (
        start,
        int(params["start_rank"]),
        None if suit_letter is None else SUIT_LETTERS.index(suit_letter),
    )
