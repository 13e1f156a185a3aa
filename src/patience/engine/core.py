"""The rules in motion: legal moves, applying a move with its automatic moves, and outcomes.

An :class:`Engine` is compiled once from a game's :class:`~patience.rules.game.Rules` and is
then a pure function of positions: it never changes a position, only returns new ones. The
:class:`~patience.engine.game.Game` adds history; solvers call the engine directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from patience.cards import KING, rank, suit
from patience.engine.errors import IllegalMove
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, MoveKind, Position
from patience.engine.reasons import STOCK_MESSAGES, refusal
from patience.rules.build import Build
from patience.rules.dealing import rest_to_stock
from patience.rules.game import Rules, Win
from patience.rules.piles import Kind, PileSpec, Start, Unit
from patience.rules.stock import UNLIMITED, Action, Redeal
from patience.rules.table import Table


class Outcome(Enum):
    """Where a game stands."""

    IN_PLAY = "in_play"
    WON = "won"
    LOST = "lost"
    """No move is left but using the stock, and the stock brings none."""


_NO_TABLE = b""
_NO, _TABLEAU, _CELL, _FOUNDATION, _INTERCHANGEABLE = 0, 1, 2, 3, 4
"""Target modes for move generation; :meth:`Engine.search_moves` offers interchangeable
foundations once per card."""


class Engine:
    """Legal moves and their effects for one :class:`Rules`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        specs = rules.piles
        self.specs = specs
        self.tableau = rules.indices(Kind.TABLEAU)
        self.foundations = rules.indices(Kind.FOUNDATION)
        self.cells = rules.indices(Kind.CELL)
        stocks = rules.indices(Kind.STOCK)
        wastes = rules.indices(Kind.WASTE)
        self.stock = stocks[0] if stocks else -1
        self.waste = wastes[0] if wastes else -1
        self.card_total = len(rules.pack)
        self._fits = [s.build.table if s.build is not None else _NO_TABLE for s in specs]
        self._refills = tuple(i for i, s in enumerate(specs) if s.refill > 0)
        self._covered = tuple(s.covered_by for s in specs)
        giving = set(self.tableau) | set(self.cells)
        if self.waste >= 0:
            giving.add(self.waste)
        if rules.foundation_returns or rules.foundation_swaps:
            giving |= set(self.foundations)
        self._sources = tuple(sorted(giving))
        self._targets = {src: self._targets_from(src) for src in self._sources}
        self._starts = [bytes(s.accepts_on_empty(c) for c in range(52)) for s in specs]
        self._plan = tuple(self._plan_for(src) for src in self._sources)
        self._modes = {src: modes for src, _, modes in self._plan}
        self._chains = [self._chain_table(spec) for spec in specs]
        self._index_builds()
        self._copies = [rules.pack.count(c) for c in range(52)]
        self._tableau_builds = tuple(
            {build for t in self.tableau if (build := specs[t].build) is not None}
        )

    # ----------------------------------------------------------------- compile helpers

    def _targets_from(self, src: int) -> tuple[int, ...]:
        kind = self.specs[src].kind
        out: list[int] = []
        for dst, spec in enumerate(self.specs):
            if dst == src or (spec.build is None and spec.start is Start.NONE):
                continue
            if spec.kind is Kind.TABLEAU:
                ok = kind is not Kind.FOUNDATION or self.rules.foundation_returns
            elif spec.kind is Kind.FOUNDATION:
                ok = kind is not Kind.FOUNDATION or self.rules.foundation_swaps
            elif spec.kind is Kind.CELL:
                ok = kind in (Kind.TABLEAU, Kind.WASTE)
            else:
                ok = False
            if ok:
                out.append(dst)
        return tuple(out)

    def _plan_for(self, src: int) -> tuple[int, int, bytes]:
        """What move generation needs of one source: whether it gives runs, and its targets.

        The run flag is 1 for a tableau pile giving runs, 0 for another tableau pile and -1
        for any other pile (whose last card may go into a gap). The targets map every pile to
        a target mode, ``_NO`` where this source may not move cards to it.
        """
        spec = self.specs[src]
        if spec.kind is Kind.TABLEAU:
            multi = int(spec.unit is not Unit.ONE and spec.build is not None)
        else:
            multi = -1
        modes = bytearray([_NO] * len(self.specs))
        for dst in self._targets[src]:
            target = self.specs[dst]
            if target.kind is Kind.TABLEAU:
                modes[dst] = _TABLEAU
            elif target.kind is Kind.CELL:
                modes[dst] = _CELL
            elif target.suit is None:
                modes[dst] = _INTERCHANGEABLE
            else:
                modes[dst] = _FOUNDATION
        return src, multi, bytes(modes)

    @staticmethod
    def _chain_table(spec: PileSpec) -> bytes:
        """For a pile giving runs: 1 at ``lower * 52 + upper`` where the two stay together."""
        if spec.kind is not Kind.TABLEAU or spec.unit is Unit.ONE or spec.build is None:
            return _NO_TABLE
        fits = spec.build.table
        if spec.unit is Unit.RUN:
            return fits
        return bytes(
            fits[lo * 52 + up] and suit(lo) == suit(up) for lo in range(52) for up in range(52)
        )

    def _index_builds(self) -> None:
        """Group receiving piles by build rule; for each rule, the cards each card goes on."""
        builds: list[Build] = []
        self._group_of = [-1] * len(self.specs)
        for dst, spec in enumerate(self.specs):
            if spec.build is None:
                continue
            if spec.build not in builds:
                builds.append(spec.build)
            self._group_of[dst] = builds.index(spec.build)
        self._unders = tuple(
            tuple(tuple(lo for lo in range(52) if b.fits(lo, up)) for up in range(52))
            for b in builds
        )
        receivers = {dst for targets in self._targets.values() for dst in targets}
        self._receivers = tuple(sorted(receivers))

    # ----------------------------------------------------------------- small queries

    def gives(self, pile: int) -> bool:
        """May cards ever leave ``pile`` by hand?"""
        return pile in self._targets

    def may_move(self, src: int, dst: int) -> bool:
        """May cards ever go by hand from ``src`` to ``dst`` (whatever the cards)?"""
        return dst in self._targets.get(src, ())

    def is_free(self, pos: Position, pile: int) -> bool:
        """Is the top card of ``pile`` uncovered (every pile covering it empty)?"""
        piles = pos.piles
        return all(not piles[c] for c in self._covered[pile])

    def run_length(self, pos: Position, pile: int) -> int:
        """How many cards at the top of ``pile`` may move together (before any capacity)."""
        cards = pos.piles[pile]
        if not cards:
            return 0
        chain = self._chains[pile]
        if not chain:
            return 1
        lowest = pos.down[pile]
        i = len(cards) - 1
        while i > lowest and chain[cards[i - 1] * 52 + cards[i]]:
            i -= 1
        return len(cards) - i

    def capacity(self, pos: Position, dst: int) -> int:
        """The most cards one move may carry to ``dst`` (FreeCell's supermove rule)."""
        piles = pos.piles
        free_cells = sum(1 for c in self.cells if not piles[c])
        empty = sum(1 for t in self.tableau if not piles[t] and t != dst)
        return self.supermove_limit(free_cells, empty)

    def supermove_limit(self, free_cells: int, empty_columns: int) -> int:
        """The most cards one move may carry with these free cells and empty tableau piles
        (the target not counted): FreeCell's supermove rule, or the whole pack without it.

        >>> from patience.engine.game import engine_for
        >>> from patience.games import get_game
        >>> engine_for(get_game("freecell").rules({})).supermove_limit(2, 1)
        6
        """
        if not self.rules.supermove:
            return self.card_total
        return (free_cells + 1) << empty_columns

    # ----------------------------------------------------------------- compiled tables

    def fits_table(self, pile: int) -> bytes:
        """The build of ``pile``: 1 at ``lower * 52 + upper`` where ``upper`` goes on
        ``lower``; empty for a pile that takes nothing on a card."""
        return self._fits[pile]

    def chain_table(self, pile: int) -> bytes:
        """The move unit of ``pile``: 1 at ``lower * 52 + upper`` where the two cards move
        together; empty for a pile that gives one card at a time."""
        return self._chains[pile]

    def start_table(self, pile: int) -> bytes:
        """1 at ``card`` where an empty ``pile`` takes ``card``."""
        return self._starts[pile]

    def targets(self, src: int) -> tuple[int, ...]:
        """The piles cards may ever go to by hand from ``src`` (empty if it never gives)."""
        return self._targets.get(src, ())

    def accepts(self, pos: Position, dst: int, card: int) -> bool:
        """Would pile ``dst`` take ``card`` on its top now?"""
        target = pos.piles[dst]
        if target:
            fits = self._fits[dst]
            return bool(fits) and bool(fits[target[-1] * 52 + card])
        return self.specs[dst].accepts_on_empty(card)

    # ----------------------------------------------------------------- legal moves

    def legal_moves(self, pos: Position) -> list[Move]:
        """Every move the rules allow now, in a stable order: a player's choices."""
        return self._moves(pos, canonical=False)

    def search_moves(self, pos: Position) -> list[Move]:
        """The legal moves less the symmetric ones, in a stable order: what a search tries.

        A card that may start an empty interchangeable foundation (any suit, the same rules)
        is offered only the first empty one: the others lead to positions alike but for the
        order of those piles. Every other legal move is here.
        """
        return self._moves(pos, canonical=True)

    def search_among(self, pos: Position, legal: Sequence[Move]) -> list[Move]:
        """:meth:`search_moves` picked from ``legal``, the :meth:`legal_moves` of ``pos``
        (without generating them again): each source's first empty interchangeable
        foundation only."""
        modes, piles = self._modes, pos.piles
        offered: set[int] = set()
        found = []
        for move in legal:
            if (
                move.kind is MoveKind.TRANSFER
                and not piles[move.dst]
                and modes[move.src][move.dst] == _INTERCHANGEABLE
            ):
                if move.src in offered:
                    continue
                offered.add(move.src)
            found.append(move)
        return found

    def _moves(self, pos: Position, *, canonical: bool) -> list[Move]:
        moves: list[Move] = []
        if self.rules.pairs_to:
            self._removals(pos, moves)
        else:
            self._transfers(pos, moves, canonical)
        self._stock_moves(pos, moves)
        return moves

    def _transfers(self, pos: Position, moves: list[Move], canonical: bool) -> None:
        piles = pos.piles
        down = pos.down
        covered = self._covered
        # Receiving piles with cards, indexed by build rule and top card; and the gaps.
        by_top: list[dict[int, list[int]]] = [{} for _ in self._unders]
        gaps: list[int] = []
        for dst in self._receivers:
            target = piles[dst]
            if target:
                group = self._group_of[dst]
                if group >= 0:
                    by_top[group].setdefault(target[-1], []).append(dst)
            else:
                gaps.append(dst)
        carry = into_gap = self.card_total  # the most cards a move carries onto a card, a gap
        if self.rules.supermove:
            free_cells = sum(1 for c in self.cells if not piles[c])
            empty_columns = sum(1 for t in self.tableau if not piles[t])
            carry = self.supermove_limit(free_cells, empty_columns)
            if empty_columns:
                into_gap = self.supermove_limit(free_cells, empty_columns - 1)
        found: list[Move] = []
        for src, multi, allowed in self._plan:
            cards = piles[src]
            size = len(cards)
            if size <= down[src] or (covered[src] and not self.is_free(pos, src)):
                continue
            run = self.run_length(pos, src) if multi > 0 else 1
            for count in range(1, run + 1):
                head = cards[-count]
                for group, under in enumerate(self._unders):
                    index = by_top[group]
                    if not index:
                        continue
                    for lower in under[head]:
                        for dst in index.get(lower, ()):
                            mode = allowed[dst]
                            if mode == _NO or (count > 1 and mode != _TABLEAU):
                                continue
                            if count > carry:
                                continue
                            found.append(Move(MoveKind.TRANSFER, src, dst, count))
            offered_interchangeable = False  # for canonical moves: one empty foundation only
            for dst in gaps:
                mode = allowed[dst]
                if mode == _NO:
                    continue
                starts = self._starts[dst]
                if mode == _TABLEAU:
                    most = min(run, into_gap)
                    for count in range(1, most + 1):
                        # moving a whole pile into a gap changes nothing
                        if starts[cards[-count]] and not (count == size and multi >= 0):
                            found.append(Move(MoveKind.TRANSFER, src, dst, count))
                elif starts[cards[-1]]:
                    if canonical and mode == _INTERCHANGEABLE:
                        if offered_interchangeable:
                            continue
                        offered_interchangeable = True
                    found.append(Move(MoveKind.TRANSFER, src, dst, 1))
        found.sort()
        moves.extend(found)

    def free_piles(self, pos: Position) -> list[int]:
        """The piles whose top card a removal game may use now."""
        piles = pos.piles
        free = [
            t for t in self.tableau if piles[t] and (not self._covered[t] or self.is_free(pos, t))
        ]
        if self.rules.stock.top_playable and self.stock >= 0 and piles[self.stock]:
            free.append(self.stock)
        if self.waste >= 0 and piles[self.waste]:
            free.append(self.waste)
        return sorted(free)

    def _removals(self, pos: Position, moves: list[Move]) -> None:
        piles = pos.piles
        free = self.free_piles(pos)
        target = self.rules.pairs_to
        for n, a in enumerate(free):
            ra = rank(piles[a][-1])
            if ra == target:
                moves.append(Move(MoveKind.REMOVE, a, -1, 1))
                continue
            for b in free[n + 1 :]:
                if ra + rank(piles[b][-1]) == target:
                    moves.append(Move(MoveKind.REMOVE, a, b, 2))

    def _stock_moves(self, pos: Position, moves: list[Move]) -> None:
        if self._stock_problem(pos) is None:
            moves.append(STOCK_MOVE)
        if self._redeal_problem(pos) is None:
            moves.append(REDEAL_MOVE)

    def _stock_problem(self, pos: Position) -> str | None:
        """The code of what stops the stock move now, or ``None`` when it is allowed."""
        rule = self.rules.stock
        if rule.action is Action.NONE or self.stock < 0:
            return "no_stock_move"
        if not pos.piles[self.stock]:
            return "stock_empty"
        if rule.blocked_by_gap and not all(pos.piles[t] for t in self.tableau):
            return "gap_before_deal"
        return None

    def _redeal_problem(self, pos: Position) -> str | None:
        """The code of what stops a redeal now, or ``None`` when it is allowed."""
        rule = self.rules.stock
        if rule.redeal is Redeal.NONE:
            return "no_redeal"
        if rule.redeals != UNLIMITED and pos.redeals >= rule.redeals:
            return "no_redeals_left"
        piles = pos.piles
        if rule.redeal_when_empty and self.stock >= 0 and piles[self.stock]:
            return "stock_not_empty"
        if rule.redeal is Redeal.RECYCLE_WASTE:
            if not piles[self.waste]:
                return "waste_empty"
        elif not any(piles[t] for t in self.tableau):
            return "nothing_to_gather"
        return None

    def stock_move_reason(self, pos: Position) -> IllegalMove | None:
        """Why the stock cannot be used now, or ``None`` when it can."""
        code = self._stock_problem(pos)
        return None if code is None else IllegalMove(code, STOCK_MESSAGES[code])

    def redeal_reason(self, pos: Position) -> IllegalMove | None:
        """Why starting again is not allowed now, or ``None`` when it is."""
        code = self._redeal_problem(pos)
        return None if code is None else IllegalMove(code, STOCK_MESSAGES[code])

    # ----------------------------------------------------------------- checking

    def check(self, pos: Position, move: Move) -> None:
        """Raise :class:`IllegalMove` with the reason when ``move`` is not legal here."""
        if move in self.legal_moves(pos):
            return
        raise self.reason(pos, move)

    def reason(self, pos: Position, move: Move) -> IllegalMove:
        """Why ``move`` is refused (assumes it is not legal)."""
        return refusal(self, pos, move)

    # ----------------------------------------------------------------- applying

    def apply(self, pos: Position, move: Move) -> Position:
        """The position after a legal ``move`` and every automatic move it triggers.

        The move is not checked; use :meth:`play` for moves from outside.
        """
        table = pos.to_table()
        piles = table.piles
        kind = move.kind
        if kind is MoveKind.TRANSFER:
            src = piles[move.src]
            moved = src[len(src) - move.size :]
            del src[len(src) - move.size :]
            piles[move.dst].extend(moved)
        elif kind is MoveKind.REMOVE:
            discard = piles[self.foundations[0]]
            discard.append(piles[move.src].pop())
            if move.dst != -1:
                discard.append(piles[move.dst].pop())
        elif kind is MoveKind.STOCK:
            self._use_stock(table)
        else:
            self._redeal(table)
        self.settle(table)
        return Position.from_table(table)

    def play(self, pos: Position, move: Move) -> Position:
        """:meth:`apply` after :meth:`check`: raises :class:`IllegalMove` on a bad move."""
        self.check(pos, move)
        return self.apply(pos, move)

    def _use_stock(self, table: Table) -> None:
        rule = self.rules.stock
        stock = table.piles[self.stock]
        if rule.action is Action.TO_WASTE:
            waste = table.piles[self.waste]
            for _ in range(min(rule.count, len(stock))):
                waste.append(stock.pop())
        else:
            for _ in range(rule.count):
                for t in self.tableau:
                    if stock:
                        table.piles[t].append(stock.pop())

    def _redeal(self, table: Table) -> None:
        rule = self.rules.stock
        if rule.redeals != UNLIMITED:
            table.redeals += 1  # counted only where it limits: positions then repeat exactly
        if rule.redeal is Redeal.RECYCLE_WASTE:
            waste = table.piles[self.waste]
            table.piles[self.stock] = waste[::-1]
            table.piles[self.waste] = []
            return
        gathered: list[int] = []
        for t in self.tableau:
            gathered.extend(table.piles[t])
            table.piles[t] = []
            table.down[t] = 0
        script = self.rules.redeal_script
        if script is not None:
            script(self.rules, iter(gathered), table)
        elif self.stock >= 0:
            rest_to_stock(iter(gathered), table, self.stock)  # refills then deal from it
        else:
            raise ValueError("a gathering redeal needs a redeal script or a stock")

    def settle(self, table: Table) -> None:
        """Automatic moves: turn up uncovered cards, remove complete runs, refill from the talon."""
        rules = self.rules
        piles, down = table.piles, table.down
        changed = True
        while changed:
            changed = False
            if rules.auto_flip:
                for t in self.tableau:
                    if down[t] and down[t] == len(piles[t]):
                        down[t] -= 1
            if rules.auto_suit_runs:
                for t in self.tableau:
                    if self.complete_run_on(piles[t], down[t]):
                        home = next(f for f in self.foundations if not piles[f])
                        piles[home] = piles[t][-13:]
                        del piles[t][-13:]
                        changed = True
            for r in self._refills:
                if not piles[r] and self.stock >= 0 and piles[self.stock]:
                    stock = piles[self.stock]
                    for _ in range(min(self.specs[r].refill, len(stock))):
                        piles[r].append(stock.pop())
                    changed = True
        if self.stock >= 0:
            down[self.stock] = len(piles[self.stock])

    @staticmethod
    def complete_run_on(cards: Sequence[int], down: int) -> bool:
        """Do the face-up top 13 cards of ``cards`` run King to Ace in one suit?

        >>> from patience.cards import make_card
        >>> Engine.complete_run_on([make_card(r, 0) for r in range(13, 0, -1)], 0)
        True
        """
        if len(cards) - down < 13 or rank(cards[-13]) != KING:
            return False
        first_suit = suit(cards[-1])
        return all(suit(cards[-i]) == first_suit and rank(cards[-i]) == i for i in range(1, 14))

    # ----------------------------------------------------------------- outcome

    def is_won(self, pos: Position) -> bool:
        rules = self.rules
        piles = pos.piles
        if rules.win is Win.STOCK_EMPTY:
            return not piles[self.stock]
        if rules.win is Win.CLEARED:
            return not any(piles[p] for p in rules.win_piles)
        return sum(len(piles[f]) for f in self.foundations) == self.card_total

    def outcome(self, pos: Position, search: Sequence[Move] | None = None) -> Outcome:
        """Won, lost (only stock moves are left and they bring nothing new) or still in play.

        ``search``: the :meth:`search_moves` of ``pos``, when the caller has them already.
        """
        if self.is_won(pos):
            return Outcome.WON
        seen = {pos}
        current = pos
        moves = self.search_moves(pos) if search is None else search
        while True:
            if any(m.kind is MoveKind.TRANSFER or m.kind is MoveKind.REMOVE for m in moves):
                return Outcome.IN_PLAY
            if not moves:
                return Outcome.LOST
            current = self.apply(current, moves[0])
            if self.is_won(current):
                return Outcome.IN_PLAY
            if current in seen:
                return Outcome.LOST
            seen.add(current)
            moves = self.search_moves(current)

    # ----------------------------------------------------------------- safe moves

    def safe_foundation_moves(
        self, pos: Position, search: Sequence[Move] | None = None
    ) -> list[Move]:
        """Moves to a foundation that can never cost the game, for a UI to play by itself.

        A card is safe to send home when no card still out could ever need it in the tableau:
        every card that the tableau's build rules would lay on it is already home. Left out:
        every move in removal games and in games whose foundations swap cards (Tournament);
        moves from a foundation; and a card that two foundations could take (the choice
        matters). Foundations that give cards back to the tableau (Klondike, Nationale) still
        have safe moves: by the rule above no card could ever need the one sent home.
        ``search``: the :meth:`search_moves` of ``pos``, when the caller has them already.
        """
        if self.rules.pairs_to or self.rules.foundation_swaps:
            return []
        home = self._home_counts(pos)
        homeward = [
            m
            for m in (self.search_moves(pos) if search is None else search)
            if m.kind is MoveKind.TRANSFER
            and self.specs[m.dst].kind is Kind.FOUNDATION
            and self.specs[m.src].kind is not Kind.FOUNDATION
        ]
        sources = [m.src for m in homeward]
        return [
            m
            for m in homeward
            if sources.count(m.src) == 1  # two foundations could take it: the choice matters
            and self._nothing_builds_on(pos.piles[m.src][-1], home)
        ]

    def _home_counts(self, pos: Position) -> list[int]:
        counts = [0] * 52
        for f in self.foundations:
            for card in pos.piles[f]:
                counts[card] += 1
        return counts

    def _nothing_builds_on(self, card: int, home: list[int]) -> bool:
        copies = self._copies
        for build in self._tableau_builds:
            for upper in range(52):
                if copies[upper] and build.fits(card, upper) and home[upper] < copies[upper]:
                    return False
        return True
