"""Press, hold and debounce from raw edges, on a fake clock (no timed tests)."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import ButtonEvent
from hardware.press import PressTracker
from tests.hardware.conftest import Clock


def tracker(debounce_ms: int = 30) -> tuple[PressTracker, list[ButtonEvent], Clock]:
    events: list[ButtonEvent] = []
    clock = Clock()
    return PressTracker(events.append, clock_ms=clock, debounce_ms=debounce_ms,
                        timer=False), events, clock


def edges(t: PressTracker, clock: Clock, button: str, *steps: tuple[int, bool]) -> None:
    for at, down in steps:
        clock.now = at
        t.edge(button, down)
        t.poll()


def test_a_short_press_is_a_press() -> None:
    t, events, clock = tracker()
    edges(t, clock, "ok", (0, True), (200, False))
    assert events == [ButtonEvent("ok", "press")]


def test_a_hold_is_emitted_once_when_one_second_is_reached() -> None:
    t, events, clock = tracker()
    edges(t, clock, "roll", (0, True))
    clock.now = 999
    t.poll()
    assert events == []
    assert t.next_deadline_ms() == 1000
    clock.now = 1000
    t.poll()
    assert events == [ButtonEvent("roll", "hold")]
    for later in (1500, 3000):
        clock.now = later
        t.poll()
    edges(t, clock, "roll", (3100, False))
    assert events == [ButtonEvent("roll", "hold")]


def test_a_release_after_one_second_before_the_timer_ran_is_still_one_hold() -> None:
    t, events, clock = tracker()
    clock.now = 0
    t.edge("timer", True)
    clock.now = 1200
    t.edge("timer", False)
    t.poll()
    assert events == [ButtonEvent("timer", "hold")]


def test_contact_bounce_gives_one_press() -> None:
    t, events, clock = tracker()
    edges(t, clock, "seat3", (0, True), (2, False), (4, True), (7, False), (9, True),
          (300, False), (301, True), (303, False))
    clock.now = 400
    t.poll()
    assert events == [ButtonEvent("seat3", "press")]


def test_a_bounce_that_settles_released_is_caught_up_after_the_debounce_time() -> None:
    t, events, clock = tracker()
    clock.now = 0
    t.edge("up", True)
    clock.now = 5
    t.edge("up", False)  # within the lockout: ignored for now
    assert events == []
    assert t.next_deadline_ms() == 30
    clock.now = 30
    t.poll()
    assert events == [ButtonEvent("up", "press")]


def test_buttons_are_independent() -> None:
    t, events, clock = tracker()
    edges(t, clock, "seat1", (0, True))
    edges(t, clock, "seat2", (10, True), (50, False))
    edges(t, clock, "seat1", (80, False))
    assert events == [ButtonEvent("seat2", "press"), ButtonEvent("seat1", "press")]


def test_release_all_forgets_held_buttons_without_events() -> None:
    t, events, clock = tracker()
    edges(t, clock, "seat5", (0, True))
    t.release_all()
    edges(t, clock, "seat5", (100, False))
    clock.now = 5000
    t.poll()
    assert events == [] and t.next_deadline_ms() is None


def test_unknown_button_is_refused() -> None:
    t, _, _ = tracker()
    with pytest.raises(ValueError, match="unknown button 'seat9'"):
        t.edge("seat9", True)


def test_the_timer_thread_emits_the_hold_by_itself() -> None:
    got = threading.Event()
    events: list[ButtonEvent] = []

    def sink(event: ButtonEvent) -> None:
        events.append(event)
        got.set()

    t = PressTracker(sink, hold_ms=20)
    try:
        t.edge("back", True)
        assert got.wait(10.0)
        assert events == [ButtonEvent("back", "hold")]
    finally:
        t.close()


steps = st.lists(st.tuples(st.integers(0, 1500), st.booleans()), max_size=40)


@given(steps)
def test_never_more_events_than_presses_and_each_down_gives_at_most_one(
        raw: list[tuple[int, bool]]) -> None:
    t, events, clock = tracker()
    downs = 0
    for gap, down in raw:
        clock.now += gap
        t.edge("ok", down)
        t.poll()
        downs += down
    clock.now += 5000
    t.edge("ok", False)
    t.poll()
    clock.now += 100
    t.poll()
    assert len(events) <= downs


@given(st.lists(st.integers(31, 3000), min_size=2, max_size=30).filter(lambda v: len(v) % 2 == 0))
def test_clean_edges_give_one_event_per_press_with_the_right_kind(gaps: list[int]) -> None:
    t, events, clock = tracker()
    expected = []
    for i, gap in enumerate(gaps):
        clock.now += gap
        if i % 2 == 1:
            expected.append("hold" if gap >= 1000 else "press")
        t.poll()  # the timer would have run by now
        t.edge("seat8", i % 2 == 0)
    assert [e.kind for e in events] == expected
