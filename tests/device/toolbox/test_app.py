"""The Toolbox on the device, driven through the runner on a virtual clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from device.settings import Settings
from engine.dice import SHAPES
from tests.conftest import Harness
from tests.device.toolbox.conftest import countdown_sounds, four_key_build, four_keys, screen, ui

MakeHarness = Callable[..., Harness]
FOUR_KEYS = {"up", "down", "ok", "back"}


def test_ok_on_home_opens_the_toolbox(harness: MakeHarness) -> None:
    """The Toolbox is the first entry of the home menu."""
    h = harness()
    assert screen(h) == "home"
    h.press("ok")
    assert h.runner.session.mode == "toolbox"
    assert screen(h) == "toolbox.menu"


def test_roll_shows_the_four_shape_dice(harness: MakeHarness) -> None:
    """Rulebook 000 l.36: roll throws the 4 dice; the dice screen shows them."""
    h = harness()
    h.press("ok", "roll")
    game = ui(h).game
    assert screen(h) == "toolbox.dice"
    assert len(game.last_roll) == 4 and set(game.last_roll) <= set(SHAPES)
    assert h.frames.last_key is not None and h.frames.last_key[0].endswith("toolbox.dice")


def test_roll_is_undone_with_hold_back_and_redone_with_hold_ok(harness: MakeHarness) -> None:
    """Holding back undoes the last roll (dice restored, "Undid: ..."); holding ok redoes it."""
    h = harness()
    h.press("ok", "roll")
    first = ui(h).game.last_roll
    h.press("roll")
    second = ui(h).game
    h.press("back!")
    message = h.runner.session.message
    assert message.startswith("Undid: rolled ")
    assert ui(h).game.last_roll == first
    assert ui(h).game.rolls == 1
    h.press("ok!")
    assert h.runner.session.message == message.replace("Undid", "Redid")
    assert ui(h).game == second
    h.press("back!", "back!")
    assert ui(h).game.last_roll == ()
    h.press("back!")
    assert h.runner.session.message == "Nothing to undo"


def test_a_new_roll_clears_redo(harness: MakeHarness) -> None:
    """After an undo, a new command drops the redo step."""
    h = harness()
    h.press("ok", "roll", "back!", "roll", "ok!")
    assert h.runner.session.message == "Nothing to redo"


def test_undo_message_in_french(harness: MakeHarness) -> None:
    """The undo line is in the interface language."""
    h = harness(settings=Settings(language="fr"))
    h.press("ok", "roll", "back!")
    assert h.runner.session.message.startswith("Annulé : lancé ")


def test_dice_screen_chooses_d6_and_tokens(harness: MakeHarness) -> None:
    """Down steps the dice choice (shapes, d6, d10, 1..8 tokens); ok rolls it."""
    h = harness()
    h.press("ok", "ok")
    assert screen(h) == "toolbox.dice"
    h.press("down", "ok")
    game = ui(h).game
    assert (game.dice_kind, game.last_roll_kind) == ("d6", "d6")
    assert len(game.last_roll) == 1 and 1 <= int(game.last_roll[0]) <= 6
    h.press("down", "down", "down", "ok")
    game = ui(h).game
    assert (game.dice_kind, game.tokens) == ("tokens", 2)
    assert len(game.last_roll) == 2 and set(game.last_roll) <= {"up", "down"}
    h.press("up", "up", "up", "up")
    assert ui(h).game.dice_kind == "shapes"


def test_timer_starts_and_pressing_again_flips(harness: MakeHarness) -> None:
    """Rulebook 000 l.56: turn the sandglass upside down; after 30 s of 90, 30 s are on top."""
    h = harness()
    h.press("ok", "timer")
    assert screen(h) == "toolbox.sandglass"
    glass = ui(h).game.sandglass
    assert (glass.status, glass.deadline_ms()) == ("running", 90_000)
    h.wait(30)
    h.press("timer")
    glass = ui(h).game.sandglass
    assert glass.remaining_ms(30_000) == 30_000
    h.wait(31)
    assert h.sounds == countdown_sounds(0, 60_000)
    assert ui(h).game.sandglass.status == "done"


def test_hold_timer_pauses_and_resumes(harness: MakeHarness) -> None:
    """Holding timer lays the glass down (no sand falls, no sound) and stands it up again."""
    h = harness()
    h.press("ok", "timer")
    h.wait(50)
    h.press("timer!")
    assert ui(h).game.sandglass.status == "paused"
    h.wait(100)
    assert h.sounds == []
    assert ui(h).game.sandglass.remaining_ms(150_000) == 40_000
    h.press("timer!")
    assert ui(h).game.sandglass.deadline_ms() == 190_000
    h.wait(40)
    assert h.sounds == countdown_sounds(150_000, 190_000)


def test_ten_seconds_more_says_so_when_the_glass_is_full(harness: MakeHarness) -> None:
    """Issue 28: +10 s stops at the length set in Settings (1:23 becomes 1:30) and says so on
    screen; at full or empty the press changes nothing and says why."""
    h = harness()
    h.press("ok", "timer")
    h.wait(7)
    h.press("timer!")
    assert ui(h).game.sandglass.top_ms == 83_000
    h.press("up")
    assert ui(h).game.sandglass.top_ms == 90_000
    assert h.runner.session.message == "Full: 1:30 is the length (Settings)"
    h.press("up")
    assert ui(h).game.sandglass.top_ms == 90_000 and h.runner.session.message.startswith("Full: 1:30")
    h.press("back!")
    assert ui(h).game.sandglass.top_ms == 83_000 and h.runner.session.message == "Undid: sandglass +7 s"
    h.press(*["down"] * 9)
    assert ui(h).game.sandglass.top_ms == 0 and h.runner.session.message == "Empty: no sand left to take"


def test_up_and_down_add_or_remove_ten_seconds_while_paused(harness: MakeHarness) -> None:
    """While paused, up adds 10 s and down takes 10 s, never past the glass's length."""
    h = harness()
    h.press("ok", "timer")
    h.wait(50)
    h.press("timer!")
    h.press("up")
    assert ui(h).game.sandglass.top_ms == 50_000
    h.press("down", "down", "down")
    assert ui(h).game.sandglass.top_ms == 20_000
    h.press(*["up"] * 9)
    assert ui(h).game.sandglass.top_ms == 90_000
    h.press("timer")
    assert ui(h).game.sandglass.status == "running"


def test_ninety_second_glass_beeps_the_last_ten_seconds_then_rings_once(harness: MakeHarness) -> None:
    """A beep at 80 s, 81 s ... 89 s and one alarm at exactly 90 s; nothing after."""
    h = harness()
    h.press("ok", "timer")
    h.wait(90)
    assert h.sounds == [(80_000 + 1000 * i, "tick") for i in range(10)] + [(90_000, "alarm")]
    h.wait(60)
    assert len(h.sounds) == 11


def test_countdown_keeps_to_the_millisecond_from_an_odd_start(harness: MakeHarness) -> None:
    """Started 0.3 s into a second, every beep and the alarm keep that offset (no drift)."""
    h = harness()
    h.press("ok")
    h.wait(0.3)
    h.press("timer")
    h.wait(95)
    assert h.sounds == countdown_sounds(300, 90_300)


def test_at_zero_the_screen_says_time(harness: MakeHarness) -> None:
    """When the sand runs out the Time! screen is shown and the glass is done, from any screen."""
    h = harness()
    h.press("ok", "timer", "back")
    assert screen(h) == "toolbox.menu"
    h.wait(90)
    assert h.runner.render()[1].endswith("toolbox.sandglass")
    assert h.frames.last_key is not None and h.frames.last_key[0].endswith("toolbox.sandglass")
    assert ui(h).game.sandglass.status == "done"
    h.press("timer")
    assert ui(h).game.sandglass.deadline_ms() == 180_000


def test_seat_buttons_take_number_tokens(harness: MakeHarness) -> None:
    """Rulebook 000 l.44: each seat button takes the lowest free Number token."""
    h = harness()
    h.press("ok", "seat3", "seat1")
    order = ui(h).game.order
    assert screen(h) == "toolbox.order"
    assert (order.token_of(3), order.token_of(1)) == (1, 2)
    assert order.waiting() == (2, 4)


def test_finishing_order_with_four_keys(harness: MakeHarness) -> None:
    """Up/down pick a waiting seat, ok gives it the next token; a complete order's ok turns the glass."""
    h = four_key_build(harness())
    four_keys(h, "ok", "down", "ok")
    assert screen(h) == "toolbox.order"
    assert ui(h).seat_cursor == 1
    four_keys(h, "down", "ok")
    assert ui(h).game.order.seats == (2,)
    assert ui(h).seat_cursor == 1
    four_keys(h, "ok", "up", "ok", "ok")
    assert ui(h).game.order.seats == (2, 1, 4, 3)
    assert ui(h).game.order.complete
    four_keys(h, "ok")
    assert ui(h).game.order.seats == (2, 1, 4, 3) and ui(h).game.sandglass.status == "running"


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Seat 3 already holds #1"),
    ("fr", "La place 3 a déjà le #1"),
])
def test_refused_seat_shows_a_one_line_message(harness: MakeHarness, language: str, expected: str) -> None:
    """A seat that already holds a token is refused with one line in the interface language."""
    h = harness(settings=Settings(language=language))
    h.press("ok", "seat3")
    before = ui(h)
    h.press("seat3")
    assert h.runner.session.message == expected
    assert "\n" not in expected
    assert ui(h) == before
    h.press("seat2")
    assert h.runner.session.message == ""


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Seat 5 is not at this table"),
    ("fr", "La place 5 n'est pas à cette table"),
])
def test_seat_beyond_the_table_is_refused(harness: MakeHarness, language: str, expected: str) -> None:
    """Rulebook 000 l.18: as many Number tokens as players; seat 5 of 4 takes none."""
    h = harness(settings=Settings(language=language))
    h.press("ok", "seat5")
    assert h.runner.session.message == expected
    assert ui(h).game.order.seats == ()


def test_players_change(harness: MakeHarness) -> None:
    """The Players screen sets 1-8 players, clears the tokens and lets seat 5 play."""
    h = harness()
    h.press("ok", "seat1", "back", "down", "down", "down", "ok")
    assert screen(h) == "toolbox.players"
    assert ui(h).players_pick == 4
    h.press("up", "ok")
    game = ui(h).game
    assert screen(h) == "toolbox.menu"
    assert (game.setup.players, game.order.seats) == (5, ())
    h.press("seat5")
    assert ui(h).game.order.token_of(5) == 1


def test_players_pick_steps_both_ways_and_wraps(harness: MakeHarness) -> None:
    """Issue 20 item 6: up adds one, down takes one, and the count wraps between 1 and 8."""
    h = harness()
    h.press("ok", "up", "ok")
    h.press(*["up"] * 4)
    assert ui(h).players_pick == 8
    h.press("up")
    assert ui(h).players_pick == 1
    h.press("down")
    assert ui(h).players_pick == 8
    h.press("down", "down")
    assert ui(h).players_pick == 6


def test_every_toolbox_screen_with_four_keys_only(harness: MakeHarness) -> None:
    """Every screen is fully usable with the four HAT keys (up, down, ok, back)."""
    h = four_key_build(harness())
    seen = []

    def look() -> str:
        seen.append(screen(h))
        return seen[-1]

    four_keys(h, "ok")
    assert look() == "toolbox.menu"
    # dice: choose the d10, roll it, come back
    four_keys(h, "ok")
    assert look() == "toolbox.dice"
    four_keys(h, "down", "down", "ok")
    assert ui(h).game.last_roll_kind == "d10" and len(ui(h).game.last_roll) == 1
    four_keys(h, "back", "down", "down", "ok")
    # sandglass: start, pause, adjust, resume, flip, run out, start again
    assert look() == "toolbox.sandglass"
    four_keys(h, "ok")
    h.wait(20)
    four_keys(h, "down")
    assert ui(h).game.sandglass.status == "paused"
    four_keys(h, "down", "up", "up")
    assert ui(h).game.sandglass.top_ms == 80_000
    four_keys(h, "ok")
    h.wait(10)
    four_keys(h, "ok")
    assert ui(h).game.sandglass.top_ms == 20_000
    h.wait(20)
    assert ui(h).game.sandglass.status == "done"
    assert look() == "toolbox.sandglass"
    four_keys(h, "up")  # Time!: up turns it again (ok rolls the next round)
    assert ui(h).game.sandglass.status == "running"
    four_keys(h, "down")
    # order: take every token; the order stays for the guessing
    four_keys(h, "back", "up", "ok")
    assert look() == "toolbox.order"
    four_keys(h, "ok", "ok", "ok", "ok")
    assert ui(h).game.order.complete
    four_keys(h, "back")
    # players: 3 players
    four_keys(h, "down", "down", "ok")
    assert look() == "toolbox.players"
    four_keys(h, "down", "ok")
    assert ui(h).game.setup.players == 3
    # undo the players change with a held back (back on the Players screen), then leave for home
    # through the pause menu (back at the Toolbox menu opens it; its third row is Home)
    four_keys(h, "back!")
    assert ui(h).game.setup.players == 4
    assert look() == "toolbox.players"
    four_keys(h, "back", "back")
    assert look() == "pause"
    four_keys(h, "down", "down", "ok")
    assert look() == "home"
    assert set(seen) == {"toolbox.menu", "toolbox.dice", "toolbox.sandglass", "toolbox.order",
                         "toolbox.players", "pause", "home"}


def test_sandglass_takes_the_length_chosen_in_settings(harness: MakeHarness) -> None:
    """A Toolbox opened before the Settings change still turns a glass of the new length."""
    h = harness()
    h.press("ok", "back", "up", "ok")  # the Toolbox's Menu key -> the pause menu -> Settings
    assert screen(h) == "settings"
    h.press("down", "down", "down", "down", "ok", "up", "up", "up", "ok", "back")
    assert h.runner.session.settings.sandglass_s == 120
    assert screen(h) == "pause"
    h.press("back")  # back in the pause menu resumes the Toolbox
    assert screen(h) == "toolbox.menu"
    h.press("timer")
    assert ui(h).game.sandglass.deadline_ms() == 120_000
    h.wait(120)
    assert h.sounds[-1] == (120_000, "alarm")


def test_a_run_out_glass_is_turned_again_at_the_settings_length(harness: MakeHarness) -> None:
    """After Time!, timer turns a glass of the length now in Settings."""
    h = harness(settings=Settings(sandglass_s=60))
    h.press("ok", "timer")
    h.wait(60)
    assert ui(h).game.sandglass.status == "done"
    h.runner.session = replace(h.runner.session, settings=Settings(sandglass_s=30))
    h.press("timer")
    assert ui(h).game.sandglass.deadline_ms() == 90_000


def test_a_complete_order_points_to_the_sandglass(harness: MakeHarness) -> None:
    """000 l.44 then l.56: once every drawing is finished (number tokens taken) the guessing
    starts and the sandglass is the table's next tool: ok turns it, as timer would."""
    h = four_key_build(harness())
    four_keys(h, "ok", "down", "ok")
    four_keys(h, "ok", "ok", "ok", "ok")
    assert ui(h).game.order.complete
    four_keys(h, "ok")
    assert screen(h) == "toolbox.sandglass" and ui(h).game.order.complete
    assert ui(h).game.sandglass.status == "running"
