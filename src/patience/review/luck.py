"""Was the losing move a mistake, judged by what the player could know, or bad luck?

A review's verdicts see every card. In a game with face-down cards or a hidden stock that is
more than the player saw, so a proven losing move may have been a good guess that the hidden
cards punished. :func:`judge_luck` asks what the move does in other deals the player could not
tell from the real one: the cards the player has never seen (at the position before the move
or earlier in the game) are dealt again among the places where unseen cards lie, every card
the player has seen stays where it is. In each such world the move either lost a win that
existed there, kept one, or changed nothing because that world had no win. The move is a
**mistake** when it loses a win in most worlds, **unlucky** when it is proven not to in at
least half of them, and left unjudged otherwise (too many worlds unknown within the budget).
Every world is judged with the judge's probes first; a world they leave unknown gets whole
budgets only while the judgement is still open, so a world that could not change it may stay
unknown.

The worlds are drawn from a hash of the position and the move, never from a clock or a
process seed, so the same move is judged the same on every machine.

>>> from patience.engine.game import Game
>>> from patience.review.verdict import Judge
>>> game = Game.new("klondike", deal=6)
>>> game.play_text("s")
>>> luck = judge_luck(Judge(game.info, game.options), game.positions, game.moves, 0, worlds=2)
>>> luck.unseen, luck.worlds, luck.lost + luck.kept + luck.no_win + luck.unknown
(45, 2, 2)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from patience.engine.core import Engine
from patience.engine.position import Move, Position
from patience.review.verdict import Judge
from patience.views import hidden_view

Judgement = Literal["mistake", "unlucky"]

WORLDS = 8
"""Arrangements of the unseen cards tried for a losing move."""

Slot = tuple[int, int]
"""A card's place: pile index, then depth from the bottom."""


@dataclass(frozen=True)
class Luck:
    """How the move played at position ``move - 1`` fares in ``worlds`` deals that look the
    same to the player (``unseen`` cards they never saw dealt again; one world, the real one,
    when fewer than two were unseen).

    ``lost``: worlds where a win existed before the move and none after it; ``kept``: a win
    after it; ``no_win``: no win before it either; ``unknown``: a verdict stayed unknown
    (within the budget, or with probes only once the other worlds had settled the judgement).
    """

    move: int
    unseen: int
    worlds: int
    lost: int
    kept: int
    no_win: int
    unknown: int

    @property
    def judgement(self) -> Judgement | None:
        """``mistake`` when the move lost a win in most worlds, ``unlucky`` when it is proven
        not to have in at least half, ``None`` when the unknowns leave it open.

        >>> Luck(9, 20, 8, 5, 2, 1, 0).judgement, Luck(9, 20, 8, 2, 4, 0, 2).judgement
        ('mistake', 'unlucky')
        >>> print(Luck(9, 20, 8, 3, 2, 1, 2).judgement)
        None
        """
        if 2 * self.lost > self.worlds:
            return "mistake"
        if 2 * (self.kept + self.no_win) >= self.worlds:
            return "unlucky"
        return None


def seen_cards(engine: Engine, positions: Sequence[Position]) -> frozenset[int]:
    """Every card shown face up in any of ``positions`` (what a player with a perfect memory
    knows of where it lies now, since every move's effect on shown cards is shown too)."""
    seen: set[int] = set()
    for position in positions:
        for pile in hidden_view(engine, position).piles:
            seen.update(card for card in pile.cards if card is not None)
    return frozenset(seen)


def unseen_slots(engine: Engine, position: Position, seen: frozenset[int]) -> list[Slot]:
    """The places at ``position`` of the cards not in ``seen`` (face down or in the stock)."""
    slots = []
    for view in hidden_view(engine, position).piles:
        real = position.piles[view.index]
        for depth, shown in enumerate(view.cards):
            if shown is None and real[depth] not in seen:
                slots.append((view.index, depth))
    return slots


def world(position: Position, slots: Sequence[Slot], seed: bytes) -> Position:
    """``position`` with the cards at ``slots`` shuffled among them by ``seed`` (a
    Fisher-Yates shuffle drawing from SHA-256, the same in every Python release).

    >>> start = Position(((1, 2, 3, 4),), (4,))
    >>> world(start, [(0, 0), (0, 1), (0, 2)], b"seed").piles
    ((3, 2, 1, 4),)
    """
    cards = [position.piles[pile][depth] for pile, depth in slots]
    for top in range(len(cards) - 1, 0, -1):
        digest = hashlib.sha256(seed + top.to_bytes(4, "big")).digest()
        pick = int.from_bytes(digest[:8], "big") % (top + 1)
        cards[top], cards[pick] = cards[pick], cards[top]
    piles = [list(pile) for pile in position.piles]
    for (pile, depth), card in zip(slots, cards, strict=True):
        piles[pile][depth] = card
    return position._replace(piles=tuple(map(tuple, piles)))


def judge_luck(
    judge: Judge,
    positions: Sequence[Position],
    moves: Sequence[Move],
    index: int,
    worlds: int = WORLDS,
) -> Luck:
    """Judge move ``index + 1`` (played at ``positions[index]``) in ``worlds`` arrangements of
    the cards the player had not seen by then (``positions[: index + 1]``): every world with
    probes, then with whole budgets while the judgement is open."""
    tried, unseen = deals_alike(judge, positions, moves, index, worlds)
    move = moves[index]
    outcomes = [outcome(judge, start, move, probe_only=True) for start in tried]
    for n, start in enumerate(tried):
        if outcomes[n] == "unknown" and tally(index, unseen, outcomes).judgement is None:
            outcomes[n] = outcome(judge, start, move, probe_only=False)
    return tally(index, unseen, outcomes)


def deals_alike(
    judge: Judge,
    positions: Sequence[Position],
    moves: Sequence[Move],
    index: int,
    worlds: int = WORLDS,
) -> tuple[list[Position], int]:
    """The worlds move ``index + 1`` is judged in (the real one alone when fewer than two
    cards were never seen), and how many cards were never seen."""
    engine = judge.engine
    before, move = positions[index], moves[index]
    seen = seen_cards(engine, positions[: index + 1])
    slots = unseen_slots(engine, before, seen)
    if len(slots) < 2:
        return [before], len(slots)
    base = judge.key(before).encode() + repr(tuple(move)).encode()
    return [world(before, slots, base + n.to_bytes(4, "big")) for n in range(worlds)], len(slots)


def tally(index: int, unseen: int, outcomes: Sequence[str]) -> Luck:
    """The :class:`Luck` of move ``index + 1`` from each world's :func:`outcome`."""
    counts = {kind: outcomes.count(kind) for kind in ("lost", "kept", "no_win", "unknown")}
    return Luck(index + 1, unseen, len(outcomes), **counts)


def outcome(judge: Judge, before: Position, move: Move, *, probe_only: bool) -> str:
    """What ``move`` does in the world ``before``: lost, kept, no_win or unknown (with
    ``probe_only``, unknown too where the judge's probes left a verdict unknown)."""
    engine = judge.engine
    if move not in engine.legal_moves(before):
        return "unknown"  # a move's legality rests on shown cards only; never expected
    after = judge.verdict(engine.apply(before, move), probe_only=probe_only).status
    if after == "winnable":
        return "kept"
    if after == "unknown":
        return "unknown"
    status = judge.verdict(before, probe_only=probe_only).status
    return {"winnable": "lost", "lost": "no_win"}.get(status, "unknown")
