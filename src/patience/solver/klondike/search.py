"""A solver for the Klondike family (every draw size and number of passes).

It searches a compact state of its own (:mod:`patience.solver.klondike.state`) with its own
move generator and answers in the engine's moves, every win checked by :meth:`Engine.play`;
positions it cannot represent go to the general best-first search. A narrow depth-first dig
(wins only) takes :data:`DIG_SHARE` of the budget, then a best-first search that prunes only
by keys, pinned cards (Lemma 1), safe moves home (Lemma 2), blocked cards, dead ends,
placements covered at once (Lemma 3) and lifts used at once (Lemma 4), so running out of
states is a proof. Used through ``searcher_for`` (:mod:`patience.solver.dispatch`).
(docs/SOLVERS.md, "Klondike: how the search proves a loss")
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from heapq import heappop, heappush
from operator import itemgetter

from patience.cards import ALL_CARDS, KING, rank, suit
from patience.engine.core import Engine
from patience.engine.game import engine_for
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, transfer
from patience.solver.klondike.cover import new_visitor, table_key
from patience.solver.klondike.dead import PileRecord, StackRecord, dead_end
from patience.solver.klondike.lifts import lift_lines, lifted
from patience.solver.klondike.state import (
    DRAW,
    FACE_DOWN,
    PARENTS,
    RETURN,
    TABLEAU_HOME,
    TABLEAU_TO_TABLEAU,
    TALON,
    Shape,
    State,
    Talon,
    klondike_shape,
    pins,
    run_start,
)
from patience.solver.klondike.subgame import subgame, widened
from patience.solver.klondike.talon_dead import last_pass_dead, on_last_pass
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

_CLOCK_EVERY = 16
"""Nodes between two readings of the clock (a deal overruns its budget by at most a few ms)."""
_RANK = tuple(rank(c) for c in ALL_CARDS)
_SUIT = tuple(suit(c) for c in ALL_CARDS)
_OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The suits of the other colour, for each suit."""
_CHILDREN = tuple(tuple(c for c in ALL_CARDS if p in PARENTS[c]) for p in ALL_CARDS)
"""The two cards that may be laid on each card (none on an Ace)."""
_LOWER_IN_SUIT = tuple(((1 << (_RANK[c] - 1)) - 1) << (_SUIT[c] * 13) for c in ALL_CARDS)
"""For each card, a bit for each lower card of its suit."""

_ALL_HOME = (KING, KING, KING, KING)
_KINGS = tuple(s * 13 + KING - 1 for s in range(4))
_BYTE = tuple(bytes((b,)) for b in range(256))
_FIRST = itemgetter(0)
_new_state = tuple.__new__
_HOME_UP = (
    lambda h: (h[0] + 1, h[1], h[2], h[3]),
    lambda h: (h[0], h[1] + 1, h[2], h[3]),
    lambda h: (h[0], h[1], h[2] + 1, h[3]),
    lambda h: (h[0], h[1], h[2], h[3] + 1),
)
_HOME_DOWN = (
    lambda h: (h[0] - 1, h[1], h[2], h[3]),
    lambda h: (h[0], h[1] - 1, h[2], h[3]),
    lambda h: (h[0], h[1], h[2] - 1, h[3]),
    lambda h: (h[0], h[1], h[2], h[3] - 1),
)
"""For each suit, the foundation heights with that suit's one higher (one lower)."""

DEPTH_WEIGHT = 0.7
"""How much a move already made counts against a state, beside :meth:`estimate` (tuned:
docs/SOLVERS.md, "Tuning figures of the search")."""

DIG_SHARE = 0.6
"""The share of the budget for a depth-first search before the best-first one (tuned:
docs/SOLVERS.md, "Tuning figures of the search")."""

SUBGAME_SHARE = 0.4
"""The share of the budget for the sub-game's search, where there is one (tuned:
docs/SOLVERS.md, "Tuning figures of the search")."""

InnerMove = tuple[int, int, int, tuple[int, ...]]
"""(kind, a, b, talon steps or run size): see the move kinds of
:mod:`patience.solver.klondike.state`."""


class KlondikeSearcher(Searcher):
    """Search over the compact Klondike state (see the module for the order and the pruning)."""

    def __init__(self, engine: Engine, shape: Shape) -> None:
        super().__init__(engine)
        self.shape = shape
        self.talon = Talon(shape.draw, shape.redeals)
        self._talon_safe = shape.draw == 1
        self._talon_anywhere = shape.draw == 1 and self.talon.free_cycle
        self._pointer_free = self._talon_anywhere
        """Drawing one with unlimited redeals, every pointer is on the main cycle."""
        self._blockers: dict[bytes, int] = {}
        self._blocked: dict[bytes, bool] = {}
        self._runs: dict[bytes, RunMoves | None] = {}
        self._records: dict[bytes, PileRecord] = {}
        self._dead: dict[bytes, bool] = {}
        self._stacks: dict[tuple[bytes, int], StackRecord] = {}
        self._pins: dict[tuple[int, int, int, int], list[int]] = {}
        self._safe: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
        self.dig_share = DIG_SHARE
        self.dig_narrow = True
        self.lifts_used = True
        """Play a lift only with a use of its card (Lemma 4); off, every move alone."""
        self.subgame: KlondikeSearcher | None = None
        """The searcher of a sub-game (:mod:`patience.solver.klondike.subgame`), tried first."""
        self.subgame_share = SUBGAME_SHARE

    # ------------------------------------------------------------------ conversion

    def state_of(self, pos: Position) -> State | None:
        """The compact state of ``pos``, or ``None`` when it is not a plain Klondike position."""
        shape = self.shape
        home = [0, 0, 0, 0]
        for f in shape.foundations:
            cards = pos.piles[f]
            if not cards:
                continue
            s = _SUIT[cards[0]]
            if home[s] or pos.down[f] or any(c != s * 13 + i for i, c in enumerate(cards)):
                return None
            home[s] = len(cards)
        piles = []
        for t in shape.tableau:
            cards, d = pos.piles[t], pos.down[t]
            if d and d >= len(cards):
                return None
            piles.append(bytes(c + FACE_DOWN for c in cards[:d]) + bytes(cards[d:]))
        down = tuple(pos.down[t] for t in shape.tableau)
        waste = pos.piles[shape.waste]
        if pos.down[shape.waste]:
            return None
        talon = bytes(waste) + bytes(pos.piles[shape.stock][::-1])
        return State(
            tuple(piles),
            down,
            (home[0], home[1], home[2], home[3]),
            talon,
            len(waste),
            pos.redeals,
        )

    # ------------------------------------------------------------------ moves

    def moves(self, state: State, narrow: bool = False) -> list[InnerMove]:
        """Every move worth trying, best first; ``narrow``: leave out foundation cards back
        and runs moved off a face-up card that cannot go home then (this prunes unsoundly)."""
        piles, down, home, talon, pointer, redeals = state
        # (order << 20) + a tie-break, and the move: sorted stably on the first.
        ranked: list[tuple[int, InnerMove]] = []
        add = ranked.append
        tops: dict[int, int] = {}
        empty = -1
        for i, pile in enumerate(piles):
            if len(pile) > down[i]:
                tops[pile[-1]] = i
            elif not pile and empty < 0:
                empty = i
        runs = self._runs
        for i, pile in enumerate(piles):
            found = runs.get(pile)
            if found is None:
                found = runs[pile] = _run_moves(pile, down[i])
            if found is None:
                continue
            d, top_suit, below_top, entries = found
            if home[top_suit] == below_top:
                add((-d, (TABLEAU_HOME, i, 0, ())))
            for order, count, under, parents in entries:
                if narrow and under >= 0 and home[_SUIT[under]] != _RANK[under] - 1:
                    continue
                if parents is None:  # a King (off the bottom) into the first empty pile
                    if empty >= 0:
                        add((order, (TABLEAU_TO_TABLEAU, i, empty, count)))
                    continue
                for parent in parents:
                    dst = tops.get(parent)
                    if dst is not None:
                        add((order, (TABLEAU_TO_TABLEAU, i, dst, count)))
        if talon:
            # Only talon cards that can go home or onto the tableau: each stock pointer is
            # reached by its own number of steps, so these keys tie only for one card.
            routes = self.talon.routes(len(talon), pointer, redeals)
            for s in range(4):
                if home[s] < KING:
                    at = talon.find(s * 13 + home[s])
                    if at >= 0:
                        steps = routes.get(at + 1)
                        if steps is not None:
                            add((len(steps), (TALON, at, -1, steps)))
            if empty >= 0:
                for card in _KINGS:
                    at = talon.find(card)
                    if at >= 0:
                        steps = routes.get(at + 1)
                        if steps is not None:
                            add(((2 << 20) + len(steps), (TALON, at, empty, steps)))
            for card in {card for top in tops for card in _CHILDREN[top]}:
                at = talon.find(card)
                if at < 0:
                    continue
                steps = routes.get(at + 1)
                if steps is None:
                    continue
                for parent in PARENTS[card]:
                    dst = tops.get(parent)
                    if dst is not None:
                        add(((2 << 20) + len(steps), (TALON, at, dst, steps)))
        if self.shape.returns and not narrow:
            pin = self.pins(home)
            for s in range(4):
                h = home[s]
                if h <= pin[s]:
                    continue
                card = s * 13 + h - 1
                if h == KING:
                    if empty >= 0:
                        add((6 << 20, (RETURN, s, empty, ())))
                    continue
                for parent in PARENTS[card]:
                    dst = tops.get(parent)
                    if dst is not None:
                        add((6 << 20, (RETURN, s, dst, ())))
        ranked.sort(key=_FIRST)
        return [move for _, move in ranked]

    def apply(self, state: State, move: InnerMove) -> State:
        """The state after ``move`` (turning up a card it uncovers)."""
        piles, down, home, talon, pointer, redeals = state
        kind, a, b, extra = move
        if kind == TALON:
            card = talon[a]
            new = talon[:a] + talon[a + 1 :]
            if not self.talon.free_cycle:
                redeals += len(extra) - extra.count(DRAW)
            if b < 0:
                return _new_state(
                    State, (piles, down, _HOME_UP[_SUIT[card]](home), new, a, redeals)
                )
            changed = list(piles)
            changed[b] += _BYTE[card]
            return _new_state(State, (tuple(changed), down, home, new, a, redeals))
        changed = list(piles)
        if kind == TABLEAU_TO_TABLEAU:
            pile = piles[a]
            count = extra[0]
            changed[b] += pile[-count:]
            pile = pile[:-count]
        elif kind == TABLEAU_HOME:
            pile = piles[a]
            home = _HOME_UP[_SUIT[pile[-1]]](home)
            pile = pile[:-1]
        else:
            changed[b] += _BYTE[a * 13 + home[a] - 1]
            home = _HOME_DOWN[a](home)
            return _new_state(State, (tuple(changed), down, home, talon, pointer, redeals))
        d = down[a]
        if d and d == len(pile):
            pile = pile[:-1] + _BYTE[pile[-1] - FACE_DOWN]
            down = (*down[:a], d - 1, *down[a + 1 :])
        changed[a] = pile
        return _new_state(State, (tuple(changed), down, home, talon, pointer, redeals))

    def lines(self, state: State, narrow: bool = False) -> list[tuple[list[InnerMove], State]]:
        """Each line of moves worth trying from ``state`` (in :meth:`moves` order) and its end.

        Drawing one card at a time with unlimited redeals, a talon card laid on the tableau is
        at once covered by a move laying a card on it (Lemma 3 of the module): the line is
        the placement and that move, or a further placement that is covered in turn.
        """
        out: list[tuple[list[InnerMove], State]] = []
        apply = self.apply
        anywhere = self._talon_anywhere
        lifts = self.lifts_used and not anywhere and not narrow
        for move in self.moves(state, narrow):
            if move[0] == TALON and move[2] >= 0 and anywhere:
                if self._may_cover(state, state.talon[move[1]]):
                    out.extend(self._covered(apply(state, move), move, narrow))
            elif lifts and lifted(state, move) >= 0:
                out.extend(lift_lines(state, move, self.moves, apply, self._uses_onto))
            else:
                out.append(([move], apply(state, move)))
        return out

    def _covered(
        self, state: State, placed: InnerMove, narrow: bool
    ) -> list[tuple[list[InnerMove], State]]:
        """The lines that start with ``placed`` (a talon card laid on pile ``placed[2]``, giving
        ``state``) and go on with a move laying a card on it."""
        out: list[tuple[list[InnerMove], State]] = []
        for move in self._moves_onto(state, placed[2], narrow):
            if move[0] == TALON:
                if self._may_cover(state, state.talon[move[1]]):
                    child = self.apply(state, move)
                    out.extend(
                        ([placed, *line], end) for line, end in self._covered(child, move, narrow)
                    )
            else:
                out.append(([placed, move], self.apply(state, move)))
        return out

    def _uses_onto(self, state: State, target: int) -> list[InnerMove]:
        """The moves of :meth:`moves` (not narrow) that lay a card on the top of ``target``."""
        return self._moves_onto(state, target, False)

    def _may_cover(self, state: State, card: int) -> bool:
        """Might a move lay a card on ``card`` once it is laid from the talon? ``False`` only
        when :meth:`_moves_onto` would find none: no card that fits on it is in the talon, face
        up in the tableau or on its foundation's top."""
        piles, home, talon = state.piles, state.home, state.talon
        for child in _CHILDREN[card]:
            if child in talon or home[_SUIT[child]] == _RANK[child]:
                return True
            for pile in piles:
                if child in pile:
                    return True
        return False

    def _moves_onto(self, state: State, target: int, narrow: bool) -> list[InnerMove]:
        """The moves of :meth:`moves` that lay a card on the top of pile ``target``."""
        piles, down, home, talon, pointer, redeals = state
        out: list[InnerMove] = []
        for card in _CHILDREN[piles[target][-1]]:
            at = talon.find(card)
            if at >= 0:
                route = self.talon.route(len(talon), pointer, redeals, at + 1)
                if route is not None:
                    out.append((TALON, at, target, route))
                continue
            for i, pile in enumerate(piles):
                j = pile.find(card)
                if j < 0:
                    continue
                d = down[i]
                if j < run_start(pile, d):
                    break
                if narrow and j > d and home[_SUIT[pile[j - 1]]] != _RANK[pile[j - 1]] - 1:
                    break
                out.append((TABLEAU_TO_TABLEAU, i, target, (len(pile) - j,)))
                break
            else:
                s = _SUIT[card]
                if (
                    self.shape.returns
                    and not narrow
                    and home[s] == _RANK[card]
                    and home[s] > self.pins(home)[s]
                ):
                    out.append((RETURN, s, target, ()))
        return out

    def pins(self, home: tuple[int, int, int, int]) -> list[int]:
        """Foundation heights never taken back (Lemma 1); all of them when none come back."""
        found = self._pins.get(home)
        if found is None:
            found = self._pins[home] = pins(home) if self.shape.returns else list(home)
        return found

    def safe_cards(self, home: tuple[int, int, int, int]) -> tuple[int, ...]:
        """The cards that may go home now without costing the game (Lemma 2), wherever they are."""
        found = self._safe.get(home)
        if found is None:
            pin = self.pins(home)
            found = tuple(
                s * 13 + home[s]
                for s in range(4)
                if home[s] < KING
                and pin[s] == home[s]
                and all(pin[o] >= home[s] for o in _OPPOSITE[s])
            )
            self._safe[home] = found
        return found

    def settle_state(self, state: State) -> tuple[State, list[InnerMove]]:
        """Play safe moves home (Lemma 2 of the module) until none is left."""
        safe_of = self._safe
        safe = safe_of.get(state.home)
        if safe is None:
            safe = self.safe_cards(state.home)
        if not safe:
            return state, []
        played: list[InnerMove] = []
        while True:
            move = self._safe_move(state, safe)
            if move is None:
                return state, played
            state = self.apply(state, move)
            played.append(move)
            safe = safe_of.get(state.home)
            if safe is None:
                safe = self.safe_cards(state.home)

    def _safe_move(self, state: State, safe: tuple[int, ...]) -> InnerMove | None:
        """The first of the ``safe`` cards (:meth:`safe_cards`) that can go home now."""
        if not safe:
            return None
        tops = [pile[-1] if pile else -1 for pile in state.piles]
        for card in safe:
            if card in tops:
                return (TABLEAU_HOME, tops.index(card), 0, ())
            if not (self._talon_safe or on_last_pass(self.talon, state)):
                continue
            talon, pointer = state.talon, state.pointer
            if pointer and talon[pointer - 1] == card:
                return (TALON, pointer - 1, -1, ())
            if self._talon_anywhere:
                at = talon.find(card)
                if at >= 0:
                    route = self.talon.route(len(talon), pointer, state.redeals, at + 1)
                    if route is not None:
                        return (TALON, at, -1, route)
        return None

    def blocked(self, state: State) -> bool:
        """Is some card blocked for ever, or the state a dead end (see the module)?"""
        return self.blocked_pile(state) or self.dead(state)

    def dead(self, state: State) -> bool:
        """Is the state a dead end (:mod:`patience.solver.klondike.dead`)?

        The test reads only the tableau and the foundations. Where the key keeps the
        pointer, states differing only there share one answer, remembered for the search;
        on the last pass the talon's order is read too
        (:mod:`patience.solver.klondike.talon_dead`).
        """
        piles, home = state.piles, state.home
        if self._pointer_free:
            return dead_end(piles, home, self.pins(home), self._records)
        if on_last_pass(self.talon, state):  # a test finding every dead end dead_end finds
            return last_pass_dead(self.talon, state, self.pins(home), self._records, self._stacks)
        key = table_key(state)
        found = self._dead.get(key)
        if found is None:
            found = self._dead[key] = dead_end(piles, home, self.pins(home), self._records)
        return found

    def blocked_pile(self, state: State) -> bool:
        """Is some card blocked for ever by cards of its own pile (see the module)?"""
        known = self._blocked
        for pile in state.piles:
            found = known.get(pile)
            if found is None:
                found = known[pile] = _blocked_pile(pile)
            if found:
                return True
        return False

    # ------------------------------------------------------------------ search

    def estimate(self, state: State) -> int:
        """Moves still needed at least, roughly: cards not home, face-down cards, and cards
        lying over a lower card of their suit in the same pile (each must move twice)."""
        cost = 52 - sum(state.home) + sum(state.down)
        blockers = self._blockers
        for pile in state.piles:
            found = blockers.get(pile)
            if found is None:
                found = 0
                lowest = [99, 99, 99, 99]
                for card in pile:
                    card &= FACE_DOWN - 1
                    s, r = _SUIT[card], _RANK[card]
                    if r > lowest[s]:
                        found += 1
                    else:
                        lowest[s] = r
                blockers[pile] = found
            cost += found
        return cost

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        Where the game has a :attr:`subgame`, its searcher has :attr:`subgame_share` of the
        budget first (a win there is a win here; nothing else it finds counts), then this
        game's search the rest. Depth first for :attr:`dig_share` of the budget, then best
        first: the frontier ordered by :data:`DEPTH_WEIGHT` times the moves made so far plus
        :meth:`estimate` (newest first among equals). Order never prunes. The nodes
        reported are all searches' together.
        """
        state = self.state_of(start)
        if state is None:
            return super().solve(start, budget)
        budget = budget or Budget()
        sub, share = self.subgame, self.subgame_share
        if sub is None or not share:
            return self._solve(start, state, budget)
        clock = budget.clock
        began = clock()
        seconds = budget.seconds
        first = sub.solve(
            start,
            Budget(
                max(1, int(share * budget.nodes)),
                None if seconds is None else share * seconds,
                budget.cpu,
            ),
        )
        if isinstance(first, Won):
            moves = widened(sub.engine, self.engine, start, first.moves)
            return Won(moves, first.nodes, clock() - began)
        nodes = budget.nodes - first.nodes
        if seconds is not None:
            seconds -= clock() - began
        if nodes < 1 or (seconds is not None and seconds <= 0):
            return Unknown(first.nodes, clock() - began)
        rest = self._solve(start, state, Budget(nodes, seconds, budget.cpu))
        return replace(rest, nodes=rest.nodes + first.nodes, seconds=clock() - began)

    def _solve(self, start: Position, state: State, budget: Budget) -> Result:
        """:meth:`solve` in this game alone."""
        clock = budget.clock
        began = clock()
        deadline = None if budget.seconds is None else began + budget.seconds
        root, auto = self.settle_state(state)
        if sum(root.home) == 52:
            return Won(self.engine_moves(start, auto), 1, clock() - began)
        self._blockers.clear()
        self._blocked.clear()
        self._records.clear()
        self._dead.clear()
        self._stacks.clear()
        self._runs.clear()
        if self.blocked(root):
            return ProvenUnwinnable(0, clock() - began)
        share = self.dig_share
        if share:
            dig_deadline = None if budget.seconds is None else began + share * budget.seconds
            limit = max(1, int(share * budget.nodes))
            found = self._depth_first(start, root, auto, limit, dig_deadline, began, clock)
            if not isinstance(found, Unknown):
                return found
            limit = max(1, budget.nodes - found.nodes)
            result = self._best_first(start, root, auto, limit, deadline, began, clock)
            return replace(result, nodes=result.nodes + found.nodes)
        return self._best_first(start, root, auto, budget.nodes, deadline, began, clock)

    def _depth_first(
        self,
        start: Position,
        root: State,
        auto: list[InnerMove],
        node_limit: int,
        deadline: float | None,
        began: float,
        clock: Callable[[], float],
    ) -> Result:
        """Depth first in :meth:`moves` order from ``root`` (settled, not blocked).

        Not narrow, the same pruning as the best-first search, so an exhausted search is a
        proof too; narrow (:attr:`dig_narrow`), an exhausted search is :class:`Unknown`.
        """
        settle, blocked, lines = self.settle_state, self.blocked, self.lines
        visit = new_visitor(self.talon, self._pointer_free)
        visit(root)
        narrow = self.dig_narrow
        frames: list[list[tuple[list[InnerMove], State]]] = [self.lines(root, narrow)]
        at = [0]
        edges: list[list[InnerMove]] = [auto]
        nodes = 1
        while frames:
            moves = frames[-1]
            i = at[-1]
            if i == len(moves):
                frames.pop()
                at.pop()
                edges.pop()
                continue
            at[-1] = i + 1
            step, end = moves[i]
            child, played = settle(end)
            if child.home == _ALL_HOME:
                line = [m for edge in edges for m in edge] + [*step, *played]
                return Won(self.engine_moves(start, line), nodes, clock() - began)
            if not visit(child) or blocked(child):
                continue
            nodes += 1
            if nodes >= node_limit or (
                deadline is not None and nodes % _CLOCK_EVERY == 0 and clock() > deadline
            ):
                return Unknown(nodes, clock() - began)
            frames.append(lines(child, narrow))
            at.append(0)
            edges.append([*step, *played])
        if narrow:
            return Unknown(nodes, clock() - began)
        return ProvenUnwinnable(nodes, clock() - began)

    def _best_first(
        self,
        start: Position,
        root: State,
        auto: list[InnerMove],
        node_limit: int,
        deadline: float | None,
        began: float,
        clock: Callable[[], float],
    ) -> Result:
        """Best first from ``root`` (settled, not blocked); see :meth:`solve`."""
        estimate, settle, lines = self.estimate, self.settle_state, self.lines
        blocked_pile = self.blocked_pile
        visit = new_visitor(self.talon, self._pointer_free)
        visit(root)
        nodes = 0
        parents = [-1]
        edges: list[list[InnerMove]] = [auto]
        frontier: list[tuple[float, int, State, int]] = [(estimate(root), 0, root, 0)]
        while frontier:
            _, index, state, depth = heappop(frontier)
            index = -index
            nodes += 1
            if nodes >= node_limit:
                return Unknown(nodes, clock() - began)
            if deadline is not None and nodes % _CLOCK_EVERY == 0 and clock() > deadline:
                return Unknown(nodes, clock() - began)
            if index and self.dead(state):
                continue
            depth += 1
            for step, end in lines(state):
                child, played = settle(end)
                if child.home == _ALL_HOME:
                    line = [*step, *played]
                    at = index
                    while at >= 0:
                        line[:0] = edges[at]
                        at = parents[at]
                    return Won(self.engine_moves(start, line), nodes, clock() - began)
                if not visit(child) or blocked_pile(child):
                    continue
                parents.append(index)
                edges.append([*step, *played])
                heappush(
                    frontier,
                    (DEPTH_WEIGHT * depth + estimate(child), 1 - len(parents), child, depth),
                )
        return ProvenUnwinnable(nodes, clock() - began)

    # ------------------------------------------------------------------ answers

    def engine_moves(self, start: Position, line: list[InnerMove]) -> tuple[Move, ...]:
        """The engine's moves for ``line`` from ``start``, each checked by :meth:`Engine.play`."""
        engine = self.engine
        shape = self.shape
        tableau = shape.tableau
        pos = start
        out: list[Move] = []

        def play(move: Move) -> None:
            nonlocal pos
            pos = engine.play(pos, move)
            out.append(move)

        for kind, a, b, extra in line:
            if kind == TABLEAU_TO_TABLEAU:
                play(transfer(tableau[a], tableau[b], extra[0]))
            elif kind == TABLEAU_HOME:
                card = pos.piles[tableau[a]][-1]
                play(transfer(tableau[a], self._foundation_for(pos, card)))
            elif kind == TALON:
                for step in extra:
                    play(STOCK_MOVE if step == DRAW else REDEAL_MOVE)
                card = pos.piles[shape.waste][-1]
                dst = self._foundation_for(pos, card) if b < 0 else tableau[b]
                play(transfer(shape.waste, dst))
            else:
                source = next(
                    f for f in shape.foundations if pos.piles[f] and _SUIT[pos.piles[f][-1]] == a
                )
                play(transfer(source, tableau[b]))
        return tuple(out)

    def _foundation_for(self, pos: Position, card: int) -> int:
        for f in self.shape.foundations:
            if self.engine.accepts(pos, f, card):
                return f
        raise AssertionError(f"no foundation takes card {card}")


def _blocked_pile(pile: bytes) -> bool:
    """Does ``pile`` hold a card blocked for ever (see the module)?"""
    below = 0  # a bit for each card lying lower in the pile
    for i, byte in enumerate(pile):
        card = byte & (FACE_DOWN - 1)
        if i and _RANK[card] != KING and below & _LOWER_IN_SUIT[card]:
            first, second = PARENTS[card]
            if (below >> first) & 1 and (below >> second) & 1:
                return True
        if byte < FACE_DOWN:
            return False  # the lowest face-up card was the last to check
        below |= 1 << card
    return False


RunMoves = tuple[int, int, int, tuple[tuple[int, tuple[int], int, tuple[int, ...] | None], ...]]
"""What :meth:`KlondikeSearcher.moves` reads of a pile with a face-up card: its face-down
count; its top's suit and the foundation height it goes home on; and for each card of the
run at the top that may move (lowest first), the move's order key, the run's size, the card
under it (-1 if face down), and the cards it may be laid on (``None`` for a King)."""


def _run_moves(pile: bytes, down: int) -> RunMoves | None:
    """The :data:`RunMoves` of ``pile`` with ``down`` face-down cards; ``None`` if none is up."""
    n = len(pile)
    if n <= down:
        return None
    top = pile[-1]
    entries: list[tuple[int, tuple[int], int, tuple[int, ...] | None]] = []
    for j in range(run_start(pile, down), n):
        base = pile[j]
        if j > down:
            under = pile[j - 1]
            order = (5 << 20) - down
        else:
            under = -1
            order = (1 << 20) - down if down else 3 << 20
        if _RANK[base] == KING:
            if j > 0:
                entries.append((order, (n - j,), under, None))
            continue
        entries.append((order, (n - j,), under, PARENTS[base]))
    return down, _SUIT[top], _RANK[top] - 1, tuple(entries)


def klondike_searcher(engine: Engine) -> KlondikeSearcher | None:
    """The Klondike searcher for a game of the family (read from its rules); ``None`` otherwise."""
    shape = klondike_shape(engine)
    if shape is None:
        return None
    searcher = KlondikeSearcher(engine, shape)
    sub = subgame(engine.rules)
    if sub is not None:
        searcher.subgame = klondike_searcher(engine_for(sub))
    return searcher
