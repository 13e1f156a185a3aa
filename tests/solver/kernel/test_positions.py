"""Between the engine and the kernel: a line of steps becomes the engine's moves, each card
home going to the foundation its suit owns, and a step of no place is refused."""

from __future__ import annotations

import pytest
from freecell_cases import endgame

from patience.cards import parse_card, suit
from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver.freecell.macros import MacroScan, horne_needs
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.state import TO_HOME, play, steps_of
from patience.solver.kernel.tables import Tables

INFO = get_game("freecell")
ENGINE = engine_for(INFO.rules({}))
TABLES = Tables(ENGINE)


@pytest.mark.parametrize("deal", [1, 2, 617])
def test_a_won_line_converted_at_once_replays_step_by_step_through_the_engine(deal: int) -> None:
    """A macro scan's won line (every card goes home, so every suit's Ace takes a foundation),
    converted in one call: each engine move, played, reaches the state the kernel's step
    reaches."""
    pos = start_position(INFO, {}, deal)
    start = state_of(TABLES, pos)
    assert start is not None
    scan = MacroScan(TABLES, start, horne_needs(TABLES))
    scan.run(5_000, None, 0)
    assert scan.line is not None
    state = start
    moves = engine_moves(TABLES, pos, start, scan.line)
    for step, move in zip(steps_of(scan.line), moves, strict=True):
        state = play(state, step)
        pos = ENGINE.play(pos, move)
        assert state_of(TABLES, pos) == state
    assert ENGINE.is_won(pos)


def test_a_step_of_no_place_is_refused() -> None:
    pos = start_position(INFO, {}, 1)
    state = state_of(TABLES, pos)
    assert state is not None
    with pytest.raises(ValueError, match="no step"):
        engine_moves(TABLES, pos, state, bytes([0, 12, 1]))
    with pytest.raises(ValueError, match="no step"):
        engine_moves(TABLES, pos, state, bytes([200, TO_HOME, 1]))
    for step in ([0, 1, 8], [0, 8, 0], [8, 9, 1], [0, 8, 2], [0, TO_HOME, 2]):
        with pytest.raises(ValueError, match="no step"):  # more cards than the source holds
            engine_moves(TABLES, pos, state, bytes(step))
    with pytest.raises(ValueError, match="no step"):  # a cell that is not free
        engine_moves(TABLES, pos, state, bytes([0, 8, 1, 1, 8, 1]))
    with pytest.raises(ValueError, match="not of steps of three"):
        engine_moves(TABLES, pos, state, bytes([0, TO_HOME]))


def _with(pos: Position, pile: int, cards: tuple[int, ...]) -> Position:
    piles = list(pos.piles)
    piles[pile] = cards
    return Position(tuple(piles), pos.down)


def test_a_position_with_cards_home_and_in_cells_becomes_its_state() -> None:
    pos = endgame(ENGINE, [["KH", "QS"], ["KS"]], cells=["KC", "KD"])
    state = state_of(TABLES, pos)
    assert state is not None
    columns, cells, home = state
    assert columns[:2] == (bytes(pos.piles[ENGINE.tableau[0]]), bytes(pos.piles[ENGINE.tableau[1]]))
    assert list(cells[:2]) == [parse_card("KC"), parse_card("KD")]
    assert sorted(home) == [11, 12, 12, 12]  # Spades to the Jack, the rest to the Queen


def test_what_no_state_holds_is_refused() -> None:
    """A card twice (in a column and home, or in two cells), a card lost, a cell of two cards,
    a foundation out of order or of two suits, a card that is no card: ``None``."""
    pos = endgame(ENGINE, [["KH"], ["KS"]], cells=["KC"])
    t, c, f = ENGINE.tableau, ENGINE.cells, ENGINE.foundations
    spades_home = next(
        x for x in f if pos.piles[x] and suit(pos.piles[x][0]) == suit(parse_card("KS"))
    )
    ace = pos.piles[spades_home][0]
    assert state_of(TABLES, pos) is not None
    odd = [
        _with(pos, t[2], (ace,)),  # the Ace of spades also in a column
        _with(pos, c[1], (parse_card("KC"),)),  # the King of clubs in two cells
        _with(pos, t[0], ()),  # the King of hearts lost
        _with(_with(pos, c[0], ()), c[1], (parse_card("KC"), parse_card("KH"))),  # two in a cell
        _with(pos, spades_home, pos.piles[spades_home][::-1]),  # a foundation out of order
        _with(pos, c[0], (52,)),  # no card
        _with(pos, c[0], (-1,)),
    ]
    for other in odd:
        assert state_of(TABLES, other) is None, other
