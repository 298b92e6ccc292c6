"""IDENTIK on the device: key maps of every screen (four keys and table build), labels, errors."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from device.apps.base import Context, Reply
from device.apps.identik import APP, WHEEL, Draft, IdentikUi
from device.resources import Resources
from device.settings import Settings
from device.strings.all import STRINGS
from engine.identik.state import State
from engine.identik.view import drawing_held
from hardware.events import ButtonEvent

ROOT = Path(__file__).resolve().parent.parent.parent


def ctx(now: int = 0, lang: str = "en", sandglass_s: int = 90) -> Context:
    """A context at `now` with default settings."""
    return Context(settings=Settings(language=lang, sandglass_s=sandglass_s), resources=Resources(),
                   now_ms=now)


def send(ui: IdentikUi, *buttons: str, now: int = 0, lang: str = "en") -> Reply[IdentikUi]:
    """Press buttons in order ('!' = hold); the last reply is returned."""
    reply: Reply[IdentikUi] = Reply(ui)
    for button in buttons:
        kind = "hold" if button.endswith("!") else "press"
        reply = APP.handle(reply.state, ButtonEvent(button.rstrip("!"), kind), ctx(now, lang))
    return reply


def press(ui: IdentikUi, *buttons: str, now: int = 0) -> IdentikUi:
    """The state after the buttons."""
    return send(ui, *buttons, now=now).state


def started(first: int = 1, players: int = 4, rule: str = "choose", seed: int = 3) -> IdentikUi:
    """A game just started from the setup screen."""
    draft = Draft(players=players, first=first, super_rule=rule)  # type: ignore[arg-type]
    ui = IdentikUi(seed=seed, draft=draft, cursor=6)
    return press(ui, "ok")


def game_of(ui: IdentikUi) -> State:
    """The engine state (a game must be under way)."""
    assert ui.game is not None
    return ui.game


def to_judging(ui: IdentikUi, direction: str = "up") -> IdentikUi:
    """Super criterion 1, hourglass out, drawings passed."""
    ui = press(ui, "ok", "timer", now=0)
    return press(ui, direction, "ok", now=ui.game.setup.timer_ms if ui.game else 0)


# --- setup ------------------------------------------------------------------------------------


def test_setup_rows_cycle_their_values() -> None:
    """Players 3-6 wrap, narrations 1-3, first narrator random/seat, super criterion rule."""
    ui = APP.start(replace(ctx(), seed=5))
    assert (ui.screen, ui.draft.players) == ("setup", 4)
    ui = press(ui, "ok", "ok", "ok")
    assert ui.draft.players == 3
    ui = press(ui, "down", "down", "ok", "ok", "ok")
    assert ui.draft.narrations_each == 1
    ui = press(ui, "down", "ok", "ok", "ok")
    assert ui.draft.first == 3
    ui = press(ui, "ok")
    assert ui.draft.first == 0
    ui = press(ui, "down", "ok")
    assert ui.draft.super_rule == "roll"


def test_fewer_players_forget_a_first_narrator_beyond_them() -> None:
    """A first narrator seat 6 cannot stay when the table shrinks to 3."""
    ui = IdentikUi(seed=1, draft=Draft(players=6, first=6))
    ui = press(ui, "ok")
    assert (ui.draft.players, ui.draft.first) == (3, 0)


def test_start_takes_the_hourglass_from_settings() -> None:
    """Issue 4: 90 seconds (length from Settings)."""
    ui = IdentikUi(seed=1, cursor=6)
    reply = APP.handle(ui, ButtonEvent("ok"), ctx(sandglass_s=120))
    assert game_of(reply.state).setup.timer_ms == 120_000
    assert reply.label == "game for 4 players"
    hourglass = APP.handle(IdentikUi(seed=1, cursor=5), ButtonEvent("ok"), ctx(lang="fr"))
    assert hourglass.error == "À changer dans Réglages"


def test_back_on_setup_goes_home() -> None:
    """The setup screen leaves to the home menu."""
    assert send(IdentikUi(seed=1), "back").switch == "home"


# --- names ------------------------------------------------------------------------------------


def spell(ui: IdentikUi, text: str) -> IdentikUi:
    """Spell `text` on the wheel (up/down + ok), then choose done."""
    for char in text.lower():
        ui = press(ui, *(["down"] * ((WHEEL.index(char) - ui.letter) % len(WHEEL))), "ok")
    return press(ui, *(["up"] * ui.letter), "ok")


def test_names_are_spelled_with_four_keys_capitalised_and_accented() -> None:
    """Rulebook 002 l.33: write down the name of each player (ours: optional, 10 letters)."""
    ui = press(IdentikUi(seed=1), "down", "ok")
    assert ui.screen == "names"
    ui = spell(press(ui, "ok"), "zoé")
    ui = spell(press(ui, "down", "ok"), "jean-luc")
    assert ui.screen == "names" and ui.draft.names[:2] == ("Zoé", "Jean-Luc")
    ui = press(ui, "down", "down", "down", "ok")
    assert ui.screen == "setup"


def test_name_wheel_refusals_and_erasing() -> None:
    """A name starts with a letter, holds 10 at most, and back erases the last letter."""
    ui = press(IdentikUi(seed=1), "down", "ok", "ok")
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
    ui = press(IdentikUi(seed=1), "down", "ok", "seat3")
    assert (ui.screen, ui.seat) == ("name", 3)
    assert press(IdentikUi(seed=1), "down", "ok", "seat5").screen == "names"


def test_two_players_cannot_share_a_name() -> None:
    """Scorecard names must tell the players apart."""
    names = ("Sam", "sam", "", "", "", "")
    reply = send(IdentikUi(seed=1, draft=Draft(names=names), cursor=6), "ok", lang="fr")
    assert reply.error == "Deux joueurs s'appellent sam" and reply.state.game is None


def test_names_reach_the_game_and_the_labels() -> None:
    """The names entered are the game's; an unnamed seat is called by its number."""
    names = ("Sam", "Amy", "", "Mika", "", "")
    ui = press(IdentikUi(seed=1, draft=Draft(names=names, first=1), cursor=6), "ok")
    assert game_of(ui).setup.names == ("Sam", "Amy", "", "Mika")
    ui = to_judging(ui)
    assert send(ui, "seat3").label == "Seat 3 ticked criterion 1"
    assert send(ui, "seat2").label == "Amy ticked criterion 1"


# --- super criterion and hourglass ------------------------------------------------------------


def test_super_picker_wraps_one_to_ten() -> None:
    """Rulebook 002 l.41: a number between 1 and 10."""
    ui = started()
    assert press(ui, "down").pick == 10
    assert press(ui, *(["up"] * 10)).pick == 1
    reply = send(ui, "up", "up", "ok")
    assert game_of(reply.state).super_criterion == 3 and reply.label == "super criterion 3"


def test_roll_key_rolls_the_d10_under_either_rule() -> None:
    """Seeds README: older editions rolled a ten-sided die; ok rolls under that rule."""
    for rule, key in (("choose", "roll"), ("roll", "roll"), ("roll", "ok")):
        reply = send(started(rule=rule), key)
        game = game_of(reply.state)
        assert game.phase == "describe" and game.super_rolled
        assert reply.label == f"rolled {game.super_criterion} for the super criterion"
    assert press(started(rule="roll"), "up").pick == 1


def test_back_before_the_hourglass_changes_the_super_criterion() -> None:
    """Rulebook 002 l.41: chosen before the hourglass turns; under the d10 rule it stays."""
    ui = press(started(), "up", "ok", "back")
    assert game_of(ui).phase == "super"
    reply = send(started(rule="roll"), "roll", "back", lang="fr")
    assert reply.error == "Règle du d10 : le tirage reste"


def test_timer_starts_pauses_and_resumes() -> None:
    """Issue 4 step 3: timer starts the 90 s; hold timer pauses; shown paused, never silent."""
    ui = press(started(), "ok", "timer", now=1_000)
    assert game_of(ui).sandglass.deadline_ms() == 91_000
    assert press(ui, "timer", now=5_000) == ui  # a press while running does nothing
    paused = send(ui, "timer!", now=31_000)
    assert paused.label == "hourglass paused" and game_of(paused.state).sandglass.status == "paused"
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
    """A press that arrives before the alarm tick still finds the sand run out."""
    ui = press(started(), "ok", "ok", now=0)
    after = press(ui, "down", now=95_000)
    assert game_of(after).phase == "passing" and after.direction == "right"


# --- passing and judging ----------------------------------------------------------------------


def test_up_passes_left_and_down_passes_right() -> None:
    """Rulebook 002 l.57: left or right, as the narrator decides; the narrator is skipped."""
    for key, direction in (("up", "left"), ("down", "right")):
        reply = send(press(started(first=2), "ok", "ok", now=0), key, "ok", now=90_000)
        game = game_of(reply.state)
        assert (game.phase, game.direction) == ("judging", direction)
        assert reply.label == f"drawings passed {direction}"
        assert 2 not in drawing_held(game)


def test_seat_buttons_tick_and_untick_the_drawing_they_hold() -> None:
    """Rulebook 002 l.61: the judge checks the box; pressing again takes it back (issue 4)."""
    ui = to_judging(started(first=1))
    reply = send(ui, "seat3")
    assert game_of(reply.state).ticks[0] == (3,) and reply.label == "Seat 3 ticked criterion 1"
    again = send(reply.state, "seat3", lang="fr")
    assert game_of(again.state).ticks[0] == () and again.label == "Place 3 décoche le critère 1"


def test_the_narrator_seat_cannot_tick() -> None:
    """Rulebook 002 l.65-67: the narrator does not judge; the refusal is said in French too."""
    reply = send(to_judging(started(first=1)), "seat1", lang="fr")
    assert reply.error == "La place 1 narre : juges seulement"
    assert send(to_judging(started(first=1)), "seat6").error == "No seat 6 at this table"


def test_four_keys_tick_with_the_cursor() -> None:
    """With four keys, up/down choose a judge, ok ticks; on "next" ok moves on."""
    ui = to_judging(started(first=2))
    ui = press(ui, "down", "ok")  # cursor on the first judge: seat 1
    assert game_of(ui).ticks[0] == (1,) and ui.cursor == 1
    ui = press(ui, "down", "down", "ok")  # seat 4
    assert game_of(ui).ticks[0] == (1, 4)
    ui = press(ui, "down", "ok")  # wrapped to "next"
    assert (ui.cursor, game_of(ui).criterion) == (0, 2)


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
    assert (game.phase, game.narrator, reply.label) == ("super", 1, "round 1 scored")


# --- scorecard and the end --------------------------------------------------------------------


def test_back_on_the_super_screen_shows_the_scorecard() -> None:
    """The scorecard so far: ok returns to the game, back goes home, down abandons."""
    ui = press(started(), "back")
    assert ui.screen == "scores" and APP.screen_key(ui) == "identik.scores"
    assert press(ui, "ok").screen == "play"
    home = send(ui, "back")
    assert home.switch == "home" and home.state.screen == "play"
    quit_ = send(ui, "down")
    assert quit_.state.game is None and quit_.state.screen == "setup" and quit_.label == "game abandoned"


def finish(ui: IdentikUi) -> IdentikUi:
    """Play every remaining round with no ticks."""
    while game_of(ui).phase != "over":
        ui = press(to_judging(ui), *(["ok"] * 11))
    return ui


def test_the_end_shows_the_final_scorecard_and_ok_sets_up_again() -> None:
    """Rulebook 002 l.84-87: the game ends after every narration; a new game keeps the table."""
    ui = finish(started(players=3))
    assert APP.screen_key(ui) == "identik.over" and not APP.in_progress(ui)
    again = press(ui, "ok")
    assert again.screen == "setup" and again.game is None and again.draft.players == 3
    assert again.seed != ui.seed
    assert send(ui, "back").switch == "home"


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
