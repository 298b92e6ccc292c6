"""IDENTIK on the device: key maps of every screen (four keys and table build), labels, errors."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from device.games.identik.app import APP
from device.games.identik.ui import Draft, IdentikUi
from device.strings.all import STRINGS
from device.widgets.game_app import next_seed
from engine.identik.view import drawing_held, scores_so_far
from hardware.events import ButtonEvent
from tests.conftest import ROOT, said_text
from tests.device.identik.conftest import ctx, finish, game_of, press, send, spell, started, to_judging

# --- setup ------------------------------------------------------------------------------------


def test_setup_rows_cycle_their_values() -> None:
    """Players 3-6 wrap, narrations 1-3, first narrator random/seat (counts: ok opens, up/down
    count, ok keeps), super criterion rule (ok steps it)."""
    ui = press(APP.start(replace(ctx(), seed=5)), "down")
    assert (ui.screen, ui.draft.players) == ("setup", 4)
    ui = press(ui, "ok", "up", "up", "up", "ok")
    assert ui.draft.players == 3
    ui = press(ui, "down", "down", "ok", "down", "ok")
    assert ui.draft.narrations_each == 3
    ui = press(ui, "down", "ok", "up", "up", "up", "ok")
    assert ui.draft.first == 3
    ui = press(ui, "ok", "up", "ok")
    assert ui.draft.first == 0
    ui = press(ui, "down", "ok")
    assert ui.draft.super_rule == "roll"


def test_fewer_players_forget_a_first_narrator_beyond_them() -> None:
    """A first narrator seat 6 cannot stay when the table shrinks to 3."""
    ui = IdentikUi(seed=1, draft=Draft(players=6, first=6), cursor=1)
    ui = press(ui, "ok", "up", "ok")
    assert (ui.draft.players, ui.draft.first) == (3, 0)


def test_start_is_first_and_one_press_starts() -> None:
    """Issue 13: Start is the first row, the cursor starts on it; ok (or roll from any row) starts."""
    fresh = APP.start(replace(ctx(), seed=5))
    assert fresh.cursor == 0
    labels = APP.bindings(fresh, ctx()).labels()
    assert (labels["ok"], labels["back"]) == ("Start", "Home")
    assert game_of(press(fresh, "ok")).setup.players == 4
    from_options = press(fresh, "down", "ok", "up", "ok", "down", "roll")  # 5 players, then roll
    assert game_of(from_options).setup.players == 5 and from_options.screen == "play"


def test_start_takes_the_hourglass_from_settings() -> None:
    """Issue 4: 90 seconds (length from Settings)."""
    ui = IdentikUi(seed=1)
    reply = APP.handle(ui, ButtonEvent("ok"), ctx(sandglass_s=120))
    assert game_of(reply.state).setup.timer_ms == 120_000
    assert said_text(reply.label) == "game for 4 players"
    hourglass = APP.handle(IdentikUi(seed=1, cursor=6), ButtonEvent("ok"), ctx(lang="fr"))
    assert hourglass.error == "À changer dans Réglages"


def test_back_on_setup_goes_home() -> None:
    """The setup screen leaves to the home menu."""
    assert send(IdentikUi(seed=1), "back").switch == "home"


# --- names ------------------------------------------------------------------------------------




def test_names_are_spelled_with_four_keys_capitalised_and_accented() -> None:
    """Rulebook 002 l.33: write down the name of each player (ours: optional, 10 letters)."""
    ui = press(IdentikUi(seed=1), "down", "down", "ok")
    assert ui.screen == "names"
    ui = spell(press(ui, "ok"), "zoé")
    ui = spell(press(ui, "down", "ok"), "jean-luc")
    assert ui.screen == "names" and ui.draft.names[:2] == ("Zoé", "Jean-Luc")
    ui = press(ui, "down", "down", "down", "ok")
    assert ui.screen == "setup"


def test_name_wheel_refusals_and_erasing() -> None:
    """A name starts with a letter, holds 10 at most, and back erases the last letter."""
    ui = press(IdentikUi(seed=1), "down", "down", "ok", "ok")
    reply = send(ui, *(["up"] * 3), "ok", lang="fr")  # "-" first
    assert reply.error == "Commencez par une lettre" and reply.state.draft.names[0] == ""
    ui = press(ui, *(["ok"] * 10))
    assert ui.draft.names[0] == "Aaaaaaaaaa"
    assert send(ui, "ok").error == "10 letters at most"
    ui = press(ui, "back", "back")
    assert ui.draft.names[0] == "Aaaaaaaa"
    ui = press(ui, *(["back"] * 8))
    assert ui.draft.names[0] == "" and ui.screen == "name"
    assert press(ui, "back").screen == "names"


def test_a_seat_button_opens_its_name() -> None:
    """Table build: seat 3's button edits seat 3's name."""
    ui = press(IdentikUi(seed=1), "down", "down", "ok", "seat3")
    assert (ui.screen, ui.seat) == ("name", 3)
    assert press(IdentikUi(seed=1), "down", "down", "ok", "seat5").screen == "names"


def test_two_players_cannot_share_a_name() -> None:
    """Scorecard names must tell the players apart."""
    names = ("Sam", "sam", "", "", "", "")
    reply = send(IdentikUi(seed=1, draft=Draft(names=names)), "ok", lang="fr")
    assert reply.error == "Deux joueurs s'appellent sam" and reply.state.game is None


def test_names_reach_the_game_and_the_labels() -> None:
    """The names entered are the game's; an unnamed seat is called by its number."""
    names = ("Sam", "Amy", "", "Mika", "", "")
    ui = press(IdentikUi(seed=1, draft=Draft(names=names, first=1)), "ok")
    assert game_of(ui).setup.names == ("Sam", "Amy", "", "Mika")
    ui = to_judging(ui)
    assert said_text(send(ui, "seat3").label) == "Seat 3 ticked criterion 1"
    assert said_text(send(ui, "seat2").label) == "Amy ticked criterion 1"


# --- super criterion and hourglass ------------------------------------------------------------


def test_super_picker_wraps_one_to_ten() -> None:
    """Rulebook 002 l.41: a number between 1 and 10."""
    ui = started()
    assert press(ui, "down").pick == 10
    assert press(ui, *(["up"] * 10)).pick == 1
    reply = send(ui, "up", "up", "ok")
    assert game_of(reply.state).super_criterion == 3 and said_text(reply.label) == "super criterion 3"


def test_a_held_up_or_down_jumps_five() -> None:
    """Any number 1-10 in three presses at most: hold up/down moves the picker by 5, wrapping."""
    ui = started()
    assert press(ui, "up!").pick == 6 and press(ui, "down!").pick == 6
    assert press(ui, "up!", "down").pick == 5 and press(ui, "up", "up!", "up!").pick == 2


def test_roll_key_rolls_the_d10_under_either_rule() -> None:
    """Seeds README: older editions rolled a ten-sided die; ok rolls under that rule."""
    for rule, key in (("choose", "roll"), ("roll", "roll"), ("roll", "ok")):
        reply = send(started(rule=rule), key)
        game = game_of(reply.state)
        assert game.phase == "describe" and game.super_rolled
        assert said_text(reply.label) == f"rolled {game.super_criterion} for the super criterion"
    assert press(started(rule="roll"), "up").pick == 1


def test_back_before_the_hourglass_changes_the_super_criterion() -> None:
    """Rulebook 002 l.41: chosen before the hourglass turns; under the d10 rule it stays."""
    ui = press(started(), "up", "ok", "back")
    assert game_of(ui).phase == "super"
    reply = send(started(rule="roll"), "roll", "back", lang="fr")  # the roll stands: back opens the menu
    assert reply.switch == "pause" and game_of(reply.state).phase == "describe" and reply.error is None


def test_timer_starts_pauses_and_resumes() -> None:
    """Issue 4 step 3: timer starts the 90 s; hold timer pauses; shown paused, never silent."""
    ui = press(started(), "ok", "timer", now=1_000)
    assert game_of(ui).sandglass.deadline_ms() == 91_000
    assert press(ui, "timer", now=5_000) == ui  # a press while running does nothing
    paused = send(ui, "timer!", now=31_000)
    assert said_text(paused.label) == "hourglass paused" and game_of(paused.state).sandglass.status == "paused"
    resumed = press(paused.state, "timer", now=100_000)
    assert game_of(resumed).sandglass.deadline_ms() == 160_000
    four_keys = press(press(ui, "down", now=31_000), "ok", now=100_000)
    assert game_of(four_keys).sandglass == game_of(resumed).sandglass


def test_last_ten_seconds_beep_and_zero_rings_pencils_down() -> None:
    """Issue 4 step 3: beeps in the last 10 s, alarm and "Pencils down" at zero (rulebook 002 l.55)."""
    ui = press(started(), "ok", "ok", now=0)
    assert APP.next_deadline(ui, ctx(0)) == 1_000
    assert APP.tick(ui, ctx(79_000)).sounds == ()
    assert APP.tick(ui, ctx(80_000)).sounds == ("tick",)
    end = APP.tick(ui, ctx(90_000))
    assert end.sounds == ("alarm",) and game_of(end.state).phase == "passing"
    assert APP.screen_key(end.state) == "identik.passing"
    assert APP.next_deadline(end.state, ctx(90_000)) is None


def test_a_key_after_the_deadline_sees_pencils_down() -> None:
    """A press that arrives before the alarm tick still finds the sand run out, then acts."""
    ui = press(started(), "ok", "ok", now=0)
    assert game_of(press(ui, "ok", now=95_000)).phase == "passing"
    after = press(ui, "down", now=95_000)
    assert (game_of(after).phase, game_of(after).direction) == ("judging", "right")


# --- passing and judging ----------------------------------------------------------------------


def test_up_passes_left_and_down_passes_right() -> None:
    """Rulebook 002 l.57: left or right, as the narrator decides; the narrator is skipped."""
    for key, direction in (("up", "left"), ("down", "right")):
        reply = send(press(started(first=2), "ok", "ok", now=0), key, now=90_000)
        game = game_of(reply.state)
        assert (game.phase, game.direction) == ("judging", direction)
        assert said_text(reply.label) == f"drawings passed {direction}"
        assert 2 not in drawing_held(game)


def test_seat_buttons_tick_and_untick_the_drawing_they_hold() -> None:
    """Rulebook 002 l.61: the judge checks the box; pressing again takes it back (issue 4)."""
    ui = to_judging(started(first=1))
    reply = send(ui, "seat3")
    assert game_of(reply.state).ticks[0] == (3,) and said_text(reply.label) == "Seat 3 ticked criterion 1"
    again = send(reply.state, "seat3", lang="fr")
    assert game_of(again.state).ticks[0] == () and said_text(again.label, "fr") == "Place 3 décoche le critère 1"


def test_the_narrator_seat_cannot_tick() -> None:
    """Rulebook 002 l.65-67: the narrator does not judge; the refusal is said in French too."""
    reply = send(to_judging(started(first=1)), "seat1", lang="fr")
    assert reply.error == "La place 1 narre : juges seulement"
    assert send(to_judging(started(first=1)), "seat6").error == "No seat 6 at this table"


def test_four_keys_tick_with_the_cursor_and_name_the_judge() -> None:
    """With four keys, up/down choose a judge and ok ticks, its label naming that judge (issue 13:
    no silent wrong entry); the cursor then walks on to the next judge (issue 28: it went back to
    "next" and S3 walked past "Tick S1" again), and to "next" after the last one."""
    names = ("Sam", "Amy", "", "Mika", "", "")
    ui = to_judging(press(IdentikUi(seed=3, draft=Draft(names=names, first=2)), "ok"))
    assert APP.bindings(ui, ctx()).labels()["ok"] == "Next"
    ui = press(ui, "down")  # the first judge: seat 1
    assert APP.bindings(ui, ctx()).labels()["ok"] == "Tick Sam"
    reply = send(ui, "ok")
    assert game_of(reply.state).ticks[0] == (1,) and said_text(reply.label) == "Sam ticked criterion 1"
    assert APP.bindings(reply.state, ctx(lang="fr")).labels()["ok"] == "Cocher P3"  # seat 3 is next
    ui = press(reply.state, "down")  # seat 3 says "not met": on to seat 4
    assert APP.bindings(ui, ctx()).labels()["ok"] == "Tick Mika"
    ui = press(ui, "ok")
    assert game_of(ui).ticks[0] == (1, 4) and ui.cursor == 0  # after the last judge: "next"
    assert APP.bindings(press(ui, "down"), ctx()).labels()["ok"] == "Clear Sam"
    ui = press(ui, "down", "ok", "down", "down", "ok")  # untick Sam (on to seat 3), past 4 to "next", next
    assert (game_of(ui).ticks[0], game_of(ui).criterion) == ((4,), 2)


def test_four_keys_show_which_judges_have_decided() -> None:
    """Issue 28: on the walk a judge the cursor moved past without a tick said "not met" (002
    l.61: "Otherwise, don't check the box"): a dash where a tick would be, so a silent judge no
    longer looks like one still thinking."""
    from device.games.identik import judging as shown
    from device.render.frame import Frame

    ui = to_judging(press(IdentikUi(seed=3, draft=Draft(first=2)), "ok"))
    walked = press(ui, "down", "ok", "down")  # seat 1 ticks, seat 3 moves on: the cursor on seat 4
    assert game_of(walked).ticks[0] == (1,) and walked.cursor == 3
    for size in ((250, 122), (800, 480)):
        plain, marked = Frame(*size), Frame(*size)
        at_three = replace(walked, cursor=2)  # the same ticks, seat 3 not yet past
        shown.judging(at_three, game_of(at_three), "en", {}, plain, seat_buttons=False)
        shown.judging(walked, game_of(walked), "en", {}, marked, seat_buttons=False)
        assert plain.image.tobytes() != marked.image.tobytes()


def test_ok_next_and_back_previous_criterion() -> None:
    """Issue 4 step 5: ok moves on; back returns to the previous criterion (then the passing)."""
    ui = press(to_judging(started()), "ok", "ok")
    assert game_of(ui).criterion == 3
    ui = press(ui, "back", "back")
    assert game_of(ui).criterion == 1
    assert game_of(press(ui, "back")).phase == "passing"
    ui = press(ui, *(["ok"] * 10))
    assert game_of(ui).phase == "summary"
    assert game_of(press(ui, "back")).criterion == 10


def test_summary_then_next_round_rotates_the_narrator() -> None:
    """Rulebook 002 l.80: another person narrates the next round."""
    ui = press(to_judging(started(first=4)), *(["ok"] * 10))
    reply = send(ui, "ok")
    game = game_of(reply.state)
    assert (game.phase, game.narrator, said_text(reply.label)) == ("super", 1, "round 1 scored")


# --- scorecard and the end --------------------------------------------------------------------


def test_the_summary_opens_the_scorecard_with_the_round_counted() -> None:
    """Rulebook 002 l.71-77: the round's points go on the scorecard (seat 2 holds seat 4's drawing
    and ticks super criterion 1: 1 + 2 bonus for seat 4, 1 for narrator seat 1); ok or back
    return to the round's points; down asks before it abandons the game (issue 28)."""
    ui = press(to_judging(started(first=1)), "seat2", *(["ok"] * 10))
    assert game_of(ui).phase == "summary"
    card = press(ui, "down")
    assert card.screen == "scores" and APP.screen_key(card) == "identik.scores"
    assert [line.total for line in scores_so_far(game_of(card))] == [1, 0, 0, 3]
    assert press(card, "ok") == press(card, "back") == replace(card, screen="play")
    asked = send(card, "down")
    assert asked.state.game == card.game and asked.state.screen == "quit" and asked.label is None
    assert APP.bindings(asked.state, ctx()).labels() == {"ok": "Quit", "back": "Play on"}
    assert press(asked.state, "back") == card
    quit_ = send(asked.state, "ok")
    assert quit_.state.game is None and quit_.state.screen == "setup" and said_text(quit_.label) == "game abandoned"


def test_one_press_on_the_scorecard_never_abandons_the_game() -> None:
    """Issue 28: no single press on the scorecard (any button, pressed or held) drops the game."""
    ui = press(to_judging(started(first=1)), "seat2", *(["ok"] * 10))
    card = press(ui, "down")
    for button in ("up", "down", "ok", "back", "roll", "timer", *(f"seat{n}" for n in range(1, 9))):
        for kind in ("", "!"):
            assert game_of(press(card, button + kind)) == card.game, button + kind


def test_back_steps_back_in_the_round_else_opens_the_menu() -> None:
    """Issue 13: back steps back where there is something to step back to; else "Menu" (pause)."""
    ui = started()
    ready = press(ui, "ok")
    running = press(ready, "timer", now=0)
    paused = press(running, "timer!", now=10_000)
    passing = press(running, "ok", now=90_000)
    roll_ready = press(started(rule="roll"), "roll")
    for top in (ui, running, paused, passing, roll_ready):
        assert APP.bindings(top, ctx()).labels()["back"] == "Menu"
        assert send(top, "back").switch == "pause"
    assert APP.bindings(ready, ctx()).labels()["back"] == "Change"
    assert game_of(press(ready, "back")).phase == "super"




def test_the_end_shows_the_final_scorecard_and_ok_plays_again() -> None:
    """Rulebook 002 l.84-87: the game ends after every narration. Issue 13: ok plays again with
    the same setup and a new seed; back goes to the setup menu, which keeps the last setup."""
    ui = finish(started(players=3, first=2))
    assert APP.screen_key(ui) == "identik.over" and not APP.in_progress(ui)
    labels = APP.bindings(ui, ctx()).labels()
    assert (labels["ok"], labels["back"]) == ("Play again", "Setup")
    again = send(ui, "ok")
    game = game_of(again.state)
    assert (game.phase, game.round_no, game.history) == ("super", 1, ())
    assert (game.setup.players, game.first_narrator, again.state.seed) == (3, 2, next_seed(ui))
    assert said_text(again.label) == "game for 3 players" and APP.in_progress(again.state)
    setup = press(ui, "back")
    assert (setup.screen, setup.game, setup.cursor, setup.draft) == ("setup", None, 0, ui.draft)
    assert press(press(ui, "back"), "ok").draft == ui.draft


def test_the_last_setup_is_remembered_across_a_restart() -> None:
    """Issue 13: the setup (players, names, options) is kept in the saved state, per game."""
    ui = press(IdentikUi(seed=2), "down", "ok", "up", "ok", "down", "down", "ok", "up", "ok", "down", "down", "ok")
    assert (ui.draft.players, ui.draft.narrations_each, ui.draft.super_rule) == (5, 2, "roll")
    restored = APP.load(APP.dump(finish(press(ui, "up", "up", "up", "up", "up", "ok"))))
    assert press(restored, "back").draft == ui.draft


def test_in_progress_and_round_trip() -> None:
    """Home offers to continue a game; the state survives dump/load exactly."""
    ui = press(to_judging(started()), "seat2")
    assert APP.in_progress(ui) and not APP.in_progress(IdentikUi(seed=1))
    assert APP.load(APP.dump(ui)) == ui
    with pytest.raises(ValueError):
        APP.load({**APP.dump(ui), "screen": "lobby"})


def test_every_refusal_code_is_translated() -> None:
    """Each IllegalCommand code the engine uses has English and French text."""
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "identik").glob("*.py"))
    codes = set(re.findall(r'"(identik\.[a-z_]+)"', source))
    assert len(codes) >= 15
    missing = sorted(c for c in codes if f"error.{c}" not in STRINGS)
    assert not missing
