"""A game being played: a start position, the player's moves, undo and redo.

>>> game = Game.new("freecell", deal=1)
>>> game.play_text("3a")
>>> game.moves_text()
['3a']
>>> game.undo()
>>> game.position == game.start
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from patience.engine.core import Engine, Outcome
from patience.engine.errors import IllegalMove, NotationError
from patience.engine.position import Move, Position
from patience.games import get_game
from patience.games.registry import GameInfo, Options
from patience.rules.game import Rules
from patience.rules.table import Table


@cache
def engine_for(rules: Rules) -> Engine:
    """The compiled engine of these rules (one per distinct rules value)."""
    return Engine(rules)


def start_position(info: GameInfo, options: Mapping[str, str] | None, deal: int) -> Position:
    """The position before the first move of deal ``deal`` (same in every release)."""
    info.check_deal(deal)
    rules = info.rules(options)
    table = Table.empty(len(rules.piles))
    cards = iter(info.order(rules, deal))
    rules.deal(rules, cards, table)
    if next(cards, None) is not None:
        raise AssertionError(f"{info.id}: the deal script left cards undealt")
    engine = engine_for(rules)
    engine.settle(table)
    return Position.from_table(table)


class Choices:
    """What one position offers, each asked of the engine once: a game asks it of its current
    position several times (a move's check and notation, then the lists a player is shown)."""

    def __init__(self, engine: Engine, pos: Position) -> None:
        self.engine = engine
        self.pos = pos

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        return tuple(self.engine.legal_moves(self.pos))

    @cached_property
    def search(self) -> tuple[Move, ...]:
        return tuple(self.engine.search_among(self.pos, self.legal))

    @cached_property
    def outcome(self) -> Outcome:
        return self.engine.outcome(self.pos, self.search)

    @cached_property
    def safe(self) -> tuple[Move, ...]:
        return tuple(self.engine.safe_foundation_moves(self.pos, self.search))


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to bring a game back: replaying ``moves`` from the deal."""

    game_id: str
    options: Options
    deal: int
    moves: tuple[str, ...]


class Game:
    """One deal of one game, with its history.

    A player's move and the automatic moves it triggers form one step: :meth:`undo` takes
    back the whole step, :meth:`redo` plays it again. Playing a new move drops the redo line.
    """

    def __init__(self, info: GameInfo, options: Mapping[str, str] | None = None, deal: int = 1):
        self.info = info
        self.options: Options = info.canonical(options)
        self.deal = deal
        self.rules = info.rules(dict(self.options))
        self.engine = engine_for(self.rules)
        self.start = start_position(info, dict(self.options), deal)
        self._positions: list[Position] = [self.start]
        self._moves: list[Move] = []
        self._undone: list[Move] = []
        self._choices = Choices(self.engine, self.start)

    @classmethod
    def new(cls, game_id: str, options: Mapping[str, str] | None = None, deal: int = 1) -> Game:
        """Start deal ``deal`` of the game with this id."""
        return cls(get_game(game_id), options, deal)

    # ------------------------------------------------------------------ state

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def positions(self) -> tuple[Position, ...]:
        """The start and the position after each move played (for scoring and replays)."""
        return tuple(self._positions)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The player's moves so far (automatic moves are not listed)."""
        return tuple(self._moves)

    def choices(self) -> Choices:
        """What the current position offers (worked out once per position)."""
        choices = self._choices
        if choices.pos is not self.position:
            choices = self._choices = Choices(self.engine, self.position)
        return choices

    def legal_moves(self) -> list[Move]:
        return list(self.choices().legal)

    def outcome(self) -> Outcome:
        return self.choices().outcome

    def safe_foundation_moves(self) -> list[Move]:
        return list(self.choices().safe)

    # ------------------------------------------------------------------ playing

    def play(self, move: Move) -> None:
        """Play ``move``; :class:`IllegalMove` (with the reason) leaves everything as it was."""
        before = self.position
        if move not in self.choices().legal:
            raise self.engine.reason(before, move)
        after = self.engine.apply(before, move)
        self._positions.append(after)
        self._moves.append(move)
        self._undone.clear()

    def play_text(self, text: str) -> None:
        """Play a move written in notation (see :mod:`patience.notation`)."""
        from patience.notation import parse_move

        known = self.choices()
        self.play(
            parse_move(self.engine, known.pos, text, legal=known.legal, canonical=known.search)
        )

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def undo(self) -> None:
        """Take back the last step; :class:`IllegalMove` when there is none."""
        if not self._moves:
            raise IllegalMove("nothing_to_undo", "There is nothing to undo.")
        self._positions.pop()
        self._undone.append(self._moves.pop())

    def redo(self) -> None:
        """Play the last undone step again; :class:`IllegalMove` when there is none."""
        if not self._undone:
            raise IllegalMove("nothing_to_redo", "There is nothing to redo.")
        move = self._undone.pop()
        self._positions.append(self.engine.apply(self.position, move))
        self._moves.append(move)

    def restart(self) -> None:
        """Back to the deal; the moves stay available to redo."""
        while self._moves:
            self.undo()

    # ------------------------------------------------------------------ notation, saving

    def moves_text(self) -> list[str]:
        """The player's moves in notation, each written for the position it was played in."""
        from patience.notation import move_text

        return [
            move_text(self.engine, pos, move)
            for pos, move in zip(self._positions, self._moves, strict=False)
        ]

    def save(self) -> SavedGame:
        return SavedGame(self.info.id, self.options, self.deal, tuple(self.moves_text()))

    @classmethod
    def load(cls, saved: SavedGame) -> Game:
        """Replay a saved game; :class:`IllegalMove` or a notation error if it does not replay."""
        game = cls(get_game(saved.game_id), dict(saved.options), saved.deal)
        game.replay(saved.moves)
        return game

    def replay(self, moves: Sequence[str]) -> None:
        """Play moves written in notation; an error names the move that failed."""
        for number, text in enumerate(moves, 1):
            where = f"move {number} ({text!r})"
            try:
                self.play_text(text)
            except IllegalMove as error:
                raise IllegalMove(error.code, f"{where}: {error.message}", **error.params) from None
            except NotationError as error:
                raise NotationError(f"{where}: {error}") from None
