"""Artem on the device, driven through the runner with the four keys.

Rulebook: /work/shared/seeds/003_7f94e4aee4cc04c8.txt (file 003).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from device.apps.artem import APP, ArtemUi, neighbours
from device.apps.artem_drive import Driver, demo_choice
from device.apps.base import Context
from device.artem_data import load_colours
from device.resources import Resources
from device.settings import Settings
from device.strings.all import STRINGS
from engine.artem import ARTEM
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip
from engine.artem.refusals import Code
from engine.artem.rules import claim_points
from engine.artem.state import LastPlay, State
from engine.artem.view import play_number
from tests.conftest import Harness
from tests.device.test_scripts import run_script_file

MakeHarness = Callable[..., Harness]
SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
CTX = Context(settings=Settings(), resources=Resources())


def ui(h: Harness) -> ArtemUi:
    """The Artem state."""
    state = h.state("artem")
    assert isinstance(state, ArtemUi)
    return state


def game(h: Harness) -> State:
    """The engine state behind the Artem screen."""
    found = ui(h).game
    assert found is not None
    return found


def open_artem(h: Harness, *setup: str) -> None:
    """Home -> Artem; `setup` presses on the setup screen; then start the game."""
    h.press("down", "down", "down", "ok", *setup)
    h.press(*["down"] * (4 - ui(h).cursor), "ok")


def play(h: Harness, command: Command) -> None:
    """Press the buttons that play `command` (computed on a copy, then pressed for real)."""
    driver = Driver(APP, ui(h), CTX)
    driver.play(command)
    h.press(*[button for button, _ in driver.trail])


def test_home_opens_the_setup_then_the_first_turn(harness: MakeHarness) -> None:
    """003 l.19-22: the game is set up, then seat 1 begins with phase 1 (003 l.26-31)."""
    h = harness()
    h.press("down", "down", "down", "ok")
    assert ui(h).screen == "setup" and ui(h).game is None
    h.press("up", "ok")
    assert ui(h).screen == "board" and game(h).phase == "draw" and game(h).seat == 1
    assert len(game(h).deck) == 36
    h.press("back")
    assert h.runner.session.mode == "home"
    assert "artem" in h.state("home").in_progress  # type: ignore[attr-defined]


def test_setup_options_reach_the_engine(harness: MakeHarness) -> None:
    """003 l.85-89 and l.105-113: players 2 to 4, the All In and Relative directions variants."""
    h = harness()
    open_artem(h, "ok", "down", "ok", "down", "ok", "down", "ok")
    setup = game(h).setup
    assert (setup.players, setup.all_in, setup.relative_directions) == (4, True, True)
    assert setup.flip_back_allowed and setup.target == 10


def test_a_turn_with_the_four_keys(harness: MakeHarness) -> None:
    """003 l.26-37: phase 1 at the table, then up to two plays, then the next seat."""
    h = harness()
    open_artem(h)
    h.press("ok")  # cards drawn
    assert game(h).phase == "play"
    h.press("down", "ok", "down", "ok")  # Move 2 on row 2
    assert game(h).plays == 1 and game(h).last == LastPlay(1, "move", 1, length=2)
    play(h, Flip("vertical", (0, 0), (1, 0)))
    assert game(h).plays == 2
    h.press("up", "ok")  # Move 2 again: a third card is refused
    assert h.runner.session.message == "2 cards already played this turn"
    play(h, EndTurn())
    assert (game(h).seat, game(h).phase) == (2, "draw")


def test_flip_pick_offers_only_the_cards_neighbours() -> None:
    """003 l.61: horizontal flips pick side by side, vertical above/below, wild either."""
    assert neighbours("flip_h", (0, 0)) == ((0, 1),)
    assert neighbours("flip_v", (5, 3)) == ((4, 3),)
    assert neighbours("flip_w", (2, 2)) == ((2, 3), (3, 2), (2, 1), (1, 2))


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "No claim on a player's first turn"),
    ("fr", "Pas de prise au premier tour"),
])
def test_claim_on_a_first_turn_is_refused_with_the_reason(
    harness: MakeHarness, language: str, expected: str
) -> None:
    """003 l.36: no claim cards on your first turn; the screen says why, in its language."""
    h = harness(settings=Settings(language=language))
    open_artem(h)
    h.press("ok", *["down"] * 5, "ok")
    assert h.runner.session.message == expected
    assert ui(h).mode == "actions"


def _claim_ready(h: Harness) -> Claim:
    """Play the demonstration player until it wants to claim (seat 1's second turn on)."""
    for _ in range(200):
        choice = demo_choice(game(h))
        if isinstance(choice, Claim):
            return choice
        play(h, choice)
    raise AssertionError("no claim came up")


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Claim card {card}, tiles {tiles}: colours differ"),
    ("fr", "Couleurs différentes (carte : {card}, tuiles : {tiles})"),
])
def test_wrong_claim_colour_is_refused_naming_both_colours(
    harness: MakeHarness, language: str, expected: str
) -> None:
    """003 l.45: the claimed row must match the colour of the claim card."""
    h = harness(settings=Settings(language=language))
    open_artem(h)
    claim = _claim_ready(h)
    ids = game(h).setup.colour_ids
    wrong = ids[(ids.index(claim.colour) + 1) % len(ids)]
    before = game(h)
    driver = Driver(APP, ui(h), CTX)
    with pytest.raises(ValueError):
        driver.play(Claim(wrong, claim.row, claim.start, claim.length))
    h.press(*[b for b, _ in driver.trail], "ok")
    colours = {c.id: c for c in load_colours().colours}
    assert h.runner.session.message == expected.format(
        card=colours[wrong].name(language), tiles=colours[claim.colour].name(language))
    assert game(h) == before and ui(h).mode == "end"


def test_claim_scores_and_its_undo_restores_the_board(harness: MakeHarness) -> None:
    """003 l.45, l.71-79: a claim removes the run, refills, scores; hold back undoes it."""
    h = harness()
    open_artem(h)
    claim = _claim_ready(h)
    before = game(h)
    play(h, claim)
    after = game(h)
    points = claim_points(claim.length, play_number(before))
    assert after.scores[before.seat - 1] == before.scores[before.seat - 1] + points
    assert len(after.deck) == len(before.deck) - claim.length
    h.press("back!")
    assert game(h) == before
    assert h.runner.session.message.startswith("Undid: seat ")
    h.press("ok!")
    assert game(h) == after


def test_run_pick_proposes_the_whole_run(harness: MakeHarness) -> None:
    """003 l.45: a claim takes a row of one colour; picking its first tile proposes the run
    up to its last tile of that colour."""
    h = harness()
    open_artem(h)
    claim = _claim_ready(h)
    driver = Driver(APP, ui(h), CTX)
    driver.play(claim)
    picking = driver.trail[-2][1]
    assert picking.mode == "end" and picking.pick == claim.start + claim.length - 1
    assert picking.game is not None


def test_every_refusal_code_is_translated() -> None:
    """Every refusal the engine can give is said in English and French."""
    for code in typing.get_args(Code):
        key = f"error.artem_{code}"
        assert key in STRINGS
        assert STRINGS("en", key, n=2, colour="x", card="x", tiles="y")
        assert STRINGS("fr", key, n=2, colour="x", card="x", tiles="y")


def test_three_player_script_ends_with_seat_1_reaching_15(tmp_path: Path) -> None:
    """003 l.83-89: with 3 players the first to 15 points wins at once (the headless game)."""
    state = run_script_file(SCRIPTS / "artem_three_players.txt", tmp_path)
    artem = APP.load(state["states"]["artem"])  # type: ignore[index]
    assert artem.screen == "over" and artem.game is not None
    result = ARTEM.outcome(artem.game)
    assert result is not None and result.winners == (1,) and result.reason == "target"
    assert artem.game.scores == (16, 13, 11)


def test_colour_deck_script_ends_in_a_tie(tmp_path: Path) -> None:
    """003 l.83, l.93: the colour deck runs out; seats 1 and 2 share the most points."""
    state = run_script_file(SCRIPTS / "artem_colour_deck_tie.txt", tmp_path)
    artem = APP.load(state["states"]["artem"])  # type: ignore[index]
    assert artem.game is not None
    result = ARTEM.outcome(artem.game)
    assert result is not None and result.winners == (1, 2) and result.reason == "colour_deck"
    assert result.tied


def test_a_finished_game_goes_to_the_history(harness: MakeHarness) -> None:
    """A game that ends is recorded with its scores and winners."""
    h = harness()
    open_artem(h)
    h.press("ok")
    play(h, EndTurn())
    h.press("down", "down", "ok")  # main deck empty, in phase 1 (003 l.93)
    assert ui(h).screen == "over"
    record = h.runner.history[-1]
    assert record.game == "artem" and record.winners == (1, 2, 3)
    assert APP.result(ui(h)) is not None
    h.press("ok")
    assert ui(h).screen == "setup" and ui(h).seed != record.seed


def test_relative_directions_moves_in_the_seats_own_frame(harness: MakeHarness) -> None:
    """003 l.109: seat 2 (on seat 1's left) slides its own row 1 to its left: the board's
    right column moves towards the direction marker."""
    h = harness()
    open_artem(h, "down", "down", "ok")
    play(h, BeginPlays())
    play(h, EndTurn())
    play(h, BeginPlays())
    before = game(h)
    column = [row[5] for row in before.board]
    h.press("ok", "ok")  # Move 1 on the seat's row 1
    after = game(h)
    assert [row[5] for row in after.board] == [*column[1:], before.deck.cards[0]]


def test_app_state_round_trips_and_keeps_its_invariants(harness: MakeHarness) -> None:
    """The saved state rebuilds exactly; the screen and the game agree."""
    h = harness()
    open_artem(h)
    for _ in range(40):
        state = ui(h)
        assert APP.invariants(state) == []
        assert APP.load(APP.dump(state)) == state
        if state.game is None or state.game.phase == "over":
            break
        play(h, demo_choice(state.game))
