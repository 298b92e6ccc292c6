"""The timed-game capability (device/widgets/timed.py): from the sandglass a game states, its
deadlines, its beeps and alarm, its refresh policy and the catch-up after an unseen time-out;
and every registered app whose state runs a sandglass states it (no reflection finds it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from device.framework.contract import Context, Reply
from device.framework.loader import app, samples
from device.framework.registry import keys
from device.framework.resources import Resources
from device.settings import Settings
from device.widgets.bindings import Binding, Bindings
from device.widgets.timed import TimedApp, countdown_deadline, countdown_tick
from engine.sandglass import Sandglass
from hardware.events import ButtonEvent

CTX = Context(settings=Settings(), resources=Resources())
LENGTH = 30_000
START = 300  # an odd start: every deadline must keep to the millisecond from it


@dataclass(frozen=True)
class Ui:
    """A timed game's state: its glass, whether the rules put pencils down, the screen shown."""

    glass: Sandglass = field(default_factory=lambda: Sandglass.full(LENGTH))
    pencils_down: bool = False
    screen: str = "play"
    seen: tuple[bool, ...] = ()  # what each press saw of the rules' state


class Timed(TimedApp[Ui]):
    """A game that supplies only what is its own: where its glass is and what time's up does."""

    def glass(self, state: Ui) -> Sandglass | None:
        return None if state.pencils_down else state.glass

    def time_up(self, state: Ui, ctx: Context) -> Ui:
        return replace(state, glass=state.glass.settle(ctx.now_ms), pencils_down=True)

    def alarm(self, state: Ui) -> Ui:
        return replace(state, screen="time's up")

    def countdown_shown(self, state: Ui) -> bool:
        return state.screen != "scores"

    def away(self, state: Ui, ctx: Context) -> bool:
        return state.screen == "play"

    def bindings(self, state: Ui, ctx: Context) -> Bindings[Ui]:
        return Bindings({"ok": Binding(lambda u, c: Reply(replace(u, seen=(*u.seen, u.pencils_down))), "OK")})


class NoCatchUp(Timed):
    """The same game keeping its state as saved at a press (as the Toolbox and #ARTBOX do)."""

    catches_up = False


APP = Timed()


def at(now: int) -> Context:
    return replace(CTX, now_ms=now)


def running() -> Ui:
    return Ui(glass=Sandglass.full(LENGTH).start(START))


def play_out(ui: Ui, since: int, until: int) -> tuple[Ui, list[tuple[int, str]]]:
    """Tick at every deadline from `since` up to `until`, as the runner does; the sounds by time."""
    sounds: list[tuple[int, str]] = []
    for _ in range(1_000):  # a deadline that never moves on would loop: fail instead
        deadline = APP.next_deadline(ui, at(since))
        if deadline is None or deadline > until:
            return ui, sounds
        reply = APP.tick(ui, at(deadline))
        ui, since = reply.state, deadline
        sounds += [(deadline, s) for s in reply.sounds]
    raise AssertionError("the deadlines never reached the end")


def test_a_running_glass_has_a_deadline_at_each_shown_second_and_at_its_end() -> None:
    ui = running()
    assert APP.next_deadline(ui, at(START)) == START + 1000
    assert APP.next_deadline(ui, at(START + 1)) == START + 1000  # 28.999 s shows 29: it changes at 1300
    assert APP.next_deadline(ui, at(START + 999)) == START + 1000
    assert APP.next_deadline(ui, at(START + 1000)) == START + 2000
    assert APP.next_deadline(ui, at(START + LENGTH - 400)) == START + LENGTH  # the end itself
    assert APP.next_deadline(ui, at(START + LENGTH + 5_000)) == START + LENGTH + 5_000  # overdue: now


def test_no_deadline_for_a_standing_a_paused_or_an_unstated_glass() -> None:
    assert APP.next_deadline(Ui(), at(START)) is None
    paused = replace(running(), glass=running().glass.pause(START + 4_000))
    assert APP.next_deadline(paused, at(START + 9_000)) is None
    assert APP.next_deadline(replace(running(), pencils_down=True), at(START)) is None  # glass() says None


def test_ticking_every_deadline_beeps_the_last_ten_seconds_then_rings_and_applies_time_up_once() -> None:
    """000 l.56: once the sand has run out nobody writes (pencils down at the alarm)."""
    ui, sounds = play_out(running(), START, START + LENGTH + 10_000)
    end = START + LENGTH
    assert sounds == [(end - 1000 * s, "tick") for s in range(10, 0, -1)] + [(end, "alarm")]
    assert ui.pencils_down and ui.screen == "time's up" and ui.glass.status == "done"
    assert ui.glass.anchor_ms == end  # settled at the moment the sand ran out, not at the tick
    assert APP.next_deadline(ui, at(end)) is None


def test_a_tick_before_the_end_changes_nothing_but_the_sound() -> None:
    ui = running()
    assert APP.tick(ui, at(START + 5_000)) == Reply(ui)
    assert APP.tick(ui, at(START + LENGTH - 3_000)) == Reply(ui, sounds=("tick",))


def test_a_paused_glass_keeps_its_sand_and_counts_on_from_where_it_stopped() -> None:
    paused = replace(running(), glass=running().glass.pause(START + 4_500))
    assert APP.tick(paused, at(START + LENGTH + 60_000)) == Reply(paused)  # no sound, no time-up
    assert not APP.activity(paused, at(START + 9_000)).countdown
    assert APP.time_left(paused, START + 9_000) is None  # not running: no countdown to tell of
    resumed = replace(paused, glass=paused.glass.resume(100_000))
    assert APP.next_deadline(resumed, at(100_000)) == 100_500  # 25.5 s left: 26 shown until 100.5 s
    assert APP.time_left(resumed, 100_000) == LENGTH - 4_500
    ui, sounds = play_out(resumed, 100_000, 200_000)
    assert sounds[-1] == (100_000 + LENGTH - 4_500, "alarm") and ui.pencils_down


def test_a_press_after_an_unseen_time_out_sees_pencils_down_without_the_alarm() -> None:
    late = START + LENGTH + 2_000  # no tick ran since the sand ran out
    reply = APP.handle(running(), ButtonEvent("ok"), at(late))
    assert reply.state.seen == (True,)  # the key's action saw the rules' time-up state
    assert reply.state.screen == "play" and reply.sounds == ()  # the alarm belongs to the tick
    assert reply.state.glass.status == "done" and reply.state.glass.anchor_ms == START + LENGTH
    early = APP.handle(running(), ButtonEvent("ok"), at(START + LENGTH - 1))
    assert early.state.seen == (False,)  # a millisecond of sand left: no catch-up


def test_a_game_that_does_not_catch_up_keeps_its_state_as_saved() -> None:
    reply = NoCatchUp().handle(running(), ButtonEvent("ok"), at(START + LENGTH + 2_000))
    assert reply.state == replace(running(), seen=(False,))


def test_activity_is_a_countdown_while_a_shown_glass_runs_and_away_says_what_the_table_does() -> None:
    ui = running()
    assert APP.activity(ui, at(START + 1_000)).countdown and APP.activity(ui, at(START)).physical
    assert not APP.activity(ui, at(START + LENGTH)).countdown  # the sand is out: the countdown ended
    scores = replace(ui, screen="scores")
    assert not APP.activity(scores, at(START + 1_000)).countdown  # the screen does not show it
    assert not APP.activity(scores, at(START + 1_000)).physical
    assert not APP.activity(Ui(), at(START)).countdown  # standing glass


def test_time_left_is_the_sand_of_the_stated_running_glass_even_once_out_unseen() -> None:
    ui = running()
    assert APP.time_left(ui, START + 12_345) == LENGTH - 12_345
    assert APP.time_left(ui, START + LENGTH + 9_000) == 0
    assert APP.time_left(Ui(), START) is None
    assert APP.time_left(replace(ui, pencils_down=True), START) is None  # glass() states none


def test_the_countdown_helpers_keep_to_the_millisecond() -> None:
    glass = Sandglass.full(LENGTH).start(START)
    assert countdown_deadline(glass, START + 29_700) == START + LENGTH
    kept, sounds, finished = countdown_tick(glass, START + LENGTH)
    assert finished and sounds == ("alarm",) and kept.status == "done"
    assert countdown_tick(glass, START + LENGTH - 10_001) == (glass, (), False)  # 11 s shown: silent
    assert countdown_tick(glass, START + LENGTH - 10_000) == (glass, ("tick",), False)


# ----- every registered app states the sandglass its state runs -----------------------------


def running_glasses(value: Any, depth: int = 0) -> Iterator[Sandglass]:
    """Every running sandglass inside a state (the test looks; the device never does)."""
    if isinstance(value, Sandglass):
        if value.status == "running":
            yield value
        return
    if depth > 6:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from running_glasses(getattr(value, f.name), depth + 1)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from running_glasses(item, depth + 1)


@pytest.mark.parametrize("key", keys())
def test_every_app_whose_state_runs_a_sandglass_states_it(key: str) -> None:
    """A new timed game that keeps its glass somewhere the capability does not know fails here."""
    owner = app(key)
    for sample in samples(key, CTX):
        found = list(running_glasses(sample.state))
        stated = owner.glass(sample.state)
        if found:
            assert isinstance(owner, TimedApp), f"{key}: a running sandglass but not a TimedApp"
            assert stated is not None and [stated] == found, f"{key} {sample.name}: glass() is not it"
            assert owner.next_deadline(sample.state, at(sample.now_ms)) is not None
        elif stated is not None:
            assert stated.status != "running", f"{key} {sample.name}"


@pytest.mark.parametrize("key", [k for k in keys() if isinstance(app(k), TimedApp)])
def test_every_timed_app_shows_its_glass_running_in_the_gallery(key: str) -> None:
    """The converse, from the registry (no list of timed games kept by hand: a new timed game
    is checked as soon as it is registered): a TimedApp states a running glass in at least one
    of its gallery samples, so its countdown screen is pictured and the check above bites."""
    owner = app(key)
    assert isinstance(owner, TimedApp)
    running = [s.name for s in samples(key, CTX) if (g := owner.glass(s.state)) is not None and g.status == "running"]
    assert running, f"{key}: a TimedApp with no gallery sample of its glass running"
