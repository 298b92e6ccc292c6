"""Artem on the device, driven through the runner with the four keys.

Rulebook: "How to Play Artem" (file 003).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from device.framework.contract import Context
from device.framework.resources import Resources
from device.games.artem.app import APP
from device.games.artem.artem_data import load_colours
from device.games.artem.drive import Driver, demo_choice
from device.games.artem.ui import actions, flip_partners, longest_run, offered
from device.settings import Settings
from device.strings.all import STRINGS
from engine.artem import ARTEM
from engine.artem.commands import Claim, EndTurn, Flip, MainDeckOut
from engine.artem.refusals import Code
from engine.artem.rules import claim_points
from engine.artem.state import LastPlay
from engine.artem.view import play_number, view
from hardware.events import ButtonEvent
from tests.conftest import ROOT as REPO
from tests.conftest import Harness
from tests.device.artem.conftest import game, open_artem, play, press_labelled, ui
from tests.device.test_scripts import run_script_file

MakeHarness = Callable[..., Harness]
SCRIPTS = REPO / "tests" / "scripts"
CTX = Context(settings=Settings(), resources=Resources())










def test_home_opens_the_setup_then_one_press_starts(harness: MakeHarness) -> None:
    """003 l.19-22: the game is set up, then seat 1 begins with phase 1 (003 l.26-31); Start is
    the first row and the cursor is on it; inside the game back opens the pause menu ("Menu")."""
    h = harness()
    h.press("down", "down", "down", "ok")
    assert ui(h).screen == "setup" and ui(h).game is None and ui(h).cursor == 0
    assert APP.bindings(ui(h), CTX).labels()["ok"] == "Start"
    h.press("ok")
    assert ui(h).screen == "board" and game(h).phase == "draw" and game(h).seat == 1
    assert len(game(h).deck) == 36
    assert APP.bindings(ui(h), CTX).labels()["back"] == "Menu"
    h.press("back")
    assert h.runner.session.mode == "pause"
    h.press("down", "down", "ok")  # Resume, Undo, Home
    assert h.runner.session.mode == "home"
    assert any(e.key == "artem" and e.under_way for e in h.runner.ctx().menu)


def test_roll_starts_from_any_setup_row(harness: MakeHarness) -> None:
    """Table build: roll starts a game with the options shown, wherever the cursor is."""
    h = harness()
    h.press("down", "down", "down", "ok", "down", "ok", "up")  # the players count open: 4
    h.press("roll")
    assert ui(h).screen == "board" and game(h).setup.players == 4


def test_setup_options_reach_the_engine(harness: MakeHarness) -> None:
    """003 l.85-89 and l.105-113: players 2 to 4, the All In and Relative directions variants."""
    h = harness()
    open_artem(h, "down", "ok", "up", "ok", "down", "ok", "down", "ok", "down", "ok")
    setup = game(h).setup
    assert (setup.players, setup.all_in, setup.relative_directions) == (4, True, True)
    assert setup.flip_back_allowed and setup.target == 10


def test_a_turn_with_the_four_keys(harness: MakeHarness) -> None:
    """003 l.26-37: phase 1 at the table (the first card says it is done), then up to two plays;
    the second play ends the turn (003 l.33) and the next seat begins with phase 1."""
    h = harness()
    open_artem(h)
    h.press("down", "ok", "down", "ok")  # Move 2 on row 2
    assert game(h).plays == 1 and game(h).last == LastPlay(1, "move", 1, length=2)
    assert game(h).phase == "play" and game(h).seat == 1
    play(h, Flip("vertical", (0, 0), (1, 0)))
    assert (game(h).seat, game(h).phase, game(h).plays) == (2, "draw", 0)
    assert game(h).last == LastPlay(1, "flip", 2)
    play(h, EndTurn())
    assert (game(h).seat, game(h).phase) == (3, "draw")


def test_the_table_build_names_entries_rows_and_columns_by_seat_button(harness: MakeHarness) -> None:
    """Table build: seat N is entry N of the list, row N, column N (A-F): a move card (003 l.55)
    is two presses, a flip of two tiles side by side (003 l.61) four."""
    h = harness()
    open_artem(h)
    before = game(h)
    h.press("seat2", "seat4")  # Move 2 on row 4
    assert game(h).board[3] == (*before.board[3][2:], *before.deck.cards[:2])
    moved = game(h).board
    h.press("seat3", "seat1", "seat1", "seat2")  # Flip A1 with B1
    assert game(h).board[0][:2] == (moved[0][1], moved[0][0])
    assert game(h).seat == 2  # two cards played: the turn passed on


def test_flip_keys_swap_with_the_tile_above_below_or_beside() -> None:
    """003 l.61: a flip swaps two adjacent tiles; up/down/ok name the other one, beside is on the
    left from the last column."""
    assert flip_partners((0, 0)) == {"down": (1, 0), "ok": (0, 1)}
    assert flip_partners((5, 5)) == {"up": (4, 5), "ok": (5, 4)}
    assert flip_partners((2, 2)) == {"up": (1, 2), "down": (3, 2), "ok": (2, 3)}


def test_a_flip_names_its_tiles_and_its_kind(harness: MakeHarness) -> None:
    """003 l.61: side by side is a horizontal flip, above/below a vertical one (a wild card does
    either): the tiles picked say which."""
    h = harness()
    open_artem(h)
    label = press_labelled(h, "seat3", "seat2", "seat3", "down")  # C2 with C3
    assert game(h).flipped == (((1, 2), (2, 2)),)
    assert label == "seat 1 flipped C2 and C3"


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
    h.press("seat4")
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


def test_a_claim_takes_the_colour_of_its_tiles_and_names_it(harness: MakeHarness) -> None:
    """003 l.45: the claimed row must match the colour of the claim card: the device takes the
    colour from the tiles and the reply names the seat, the run and the colour to check."""
    h = harness()
    open_artem(h)
    claim = _claim_ready(h)
    seat = game(h).seat
    last = claim.start + claim.length
    label = press_labelled(h, "seat4", f"seat{claim.row + 1}", f"seat{claim.start + 1}", f"seat{last}")
    colour = {c.id: c for c in load_colours().colours}[claim.colour].name("en")
    assert label.startswith(f"seat {seat} claimed {claim.length} {colour}: +")


def test_a_mixed_run_is_refused(harness: MakeHarness) -> None:
    """003 l.45: a claim takes tiles of one colour."""
    h = harness()
    open_artem(h)
    _claim_ready(h)
    grid = view(game(h))
    row, start = next((r, c) for r in range(6) for c in range(5) if grid[r][c] != grid[r][c + 1])
    before = game(h)
    h.press("seat4", f"seat{row + 1}", f"seat{start + 1}", f"seat{start + 2}")
    assert h.runner.session.message == "Those tiles are not all one colour"
    assert game(h) == before


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


def test_a_finished_game_goes_to_the_history_and_plays_again(harness: MakeHarness) -> None:
    """003 l.93: the main deck cannot be drawn in phase 1, the game ends; it is recorded with its
    scores and winners. Game over: ok plays again with the same setup and a new seed, back goes
    to the setup, which keeps the options."""
    h = harness()
    open_artem(h, "down", "ok", "up", "ok")  # 4 players
    play(h, EndTurn())
    h.press("seat6")  # main deck empty, in phase 1
    assert ui(h).screen == "over"
    record = h.runner.history[-1]
    assert record.game == "artem" and record.winners == (1, 2, 3, 4)
    assert APP.result(ui(h)) is not None
    labels = APP.bindings(ui(h), CTX).labels()
    assert (labels["ok"], labels["back"]) == ("Play again", "Setup")
    h.press("ok")
    assert ui(h).screen == "board" and game(h).setup.players == 4 and ui(h).seed != record.seed
    play(h, EndTurn())
    play(h, MainDeckOut())
    h.press("back")
    assert ui(h).screen == "setup" and ui(h).draft.players == 4 and ui(h).cursor == 0


def test_relative_directions_moves_in_the_seats_own_frame(harness: MakeHarness) -> None:
    """003 l.109: seat 2 (on seat 1's left) slides its own row 1 to its left: the board's
    right column moves towards the direction marker."""
    h = harness()
    open_artem(h, "down", "down", "down", "ok")
    play(h, EndTurn())
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


def test_four_keys_start_a_turn_on_claim_and_a_claim_on_the_longest_run(harness: MakeHarness) -> None:
    """With the four keys the cursor starts a turn on Claim once the seat may claim (003 l.36:
    not on its first turn), and the claim's row and tile on the longest run; nothing is claimed
    before ok on the run."""
    h = harness()
    open_artem(h)
    assert ui(h).cursor == 0
    for _ in range(3):
        play(h, EndTurn())
    assert game(h).turn == 4 and ui(h).cursor == 3
    h.press("ok")
    row, start = longest_run(view(game(h)))
    assert (ui(h).mode, ui(h).row) == ("row", row)
    h.press("ok")
    assert (ui(h).mode, ui(h).col) == ("col", start)
    before = game(h)
    h.press("ok")
    assert ui(h).mode == "end" and game(h) == before


def test_a_game_saved_while_picking_a_claim_colour_still_plays(harness: MakeHarness) -> None:
    """A state saved by the older flow (the claim card's colour step) loads and goes on with the
    row of the claim."""
    h = harness()
    open_artem(h)
    old = APP.load({**APP.dump(ui(h)), "mode": "colour", "card": "claim"})
    reply = APP.handle(old, ButtonEvent("down"), CTX)
    assert reply.state.row == (old.row + 1) % 6 and reply.state.mode == "colour"


def test_every_press_that_records_a_play_names_the_seat(harness: MakeHarness) -> None:
    """Issue 13, no silent wrong entry: each accepted play, turn end or deck end is said with
    the seat it is about (the undo label); the other presses record nothing."""
    h = harness()
    open_artem(h)
    for _ in range(60):
        state = ui(h)
        assert state.game is not None
        if state.game.phase == "over":
            break
        seat = state.game.seat
        driver = Driver(APP, state, CTX)
        late = state.game.turn >= 12 and state.game.phase == "draw"
        command = MainDeckOut() if late else demo_choice(state.game)
        driver.play(command, table=True)
        for button, _ in driver.trail:
            before = game(h)
            label = press_labelled(h, button)
            assert (game(h) != before) == bool(label)
            assert not label or label.startswith(f"seat {seat} ")


def test_claim_is_not_offered_on_a_first_turn_nor_after_the_turns_claim(harness: MakeHarness) -> None:
    """003 l.36 (no claim cards on your 1st turn) and l.35 (up to 1 claim card a turn): the list
    leaves Claim out, the four keys' cursor never stops on it, the other entries keep their
    seat-button numbers (End turn stays seat 5)."""
    h = harness()
    open_artem(h)
    claim = actions(game(h)).index("claim")
    assert claim not in offered(game(h))
    stops = set()
    for _ in range(len(actions(game(h))) + 1):
        h.press("down")
        stops.add(ui(h).cursor)
    assert claim not in stops and len(stops) == len(actions(game(h))) - 1
    for _ in range(3):
        play(h, EndTurn())
    assert claim in offered(game(h))  # seat 1's second turn: it may claim
    chosen = _claim_ready(h)
    seat = game(h).seat
    play(h, chosen)
    assert game(h).seat == seat  # the claim was the 1st play: the 2nd may not be a claim
    assert claim not in offered(game(h)) and ui(h).cursor != claim
    # Mid-turn the cursor never rests on End turn: ok out of habit must not end the turn (003 l.33).
    assert actions(game(h))[ui(h).cursor] != "end_turn"
    h.press("ok", "back")
    assert game(h).seat == seat
    h.press("seat5")
    assert game(h).seat != seat
