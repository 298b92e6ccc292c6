"""The sandglass: a real glass's run and flip, plus pause and adjust, exact to the millisecond."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalCommand
from engine.sandglass import MAX_LENGTH_MS, MIN_LENGTH_MS, Sandglass

LENGTH = 90_000


def running(at: int = 0, length: int = LENGTH) -> Sandglass:
    """A glass turned at `at`."""
    return Sandglass.full(length).start(at)


def paused(left: int) -> Sandglass:
    """A glass laid down with `left` ms on top."""
    return running(0).pause(LENGTH - left)


def test_full_glass_stands_idle() -> None:
    """A new glass has all its sand on top and does not run."""
    glass = Sandglass.full(LENGTH)
    assert (glass.status, glass.top_ms) == ("idle", LENGTH)
    assert glass.remaining_ms(10**9) == LENGTH
    assert glass.deadline_ms() is None
    assert not glass.is_out(10**9)


def test_start_runs_a_full_glass() -> None:
    """Rulebook 000 l.159: turn over the sandglass when drawing starts; all the sand runs from now."""
    glass = running(5_000)
    assert glass.status == "running"
    assert glass.remaining_ms(5_000) == LENGTH
    assert glass.remaining_ms(50_000) == LENGTH - 45_000
    assert glass.deadline_ms() == 5_000 + LENGTH


@given(st.integers(min_value=0, max_value=10**12), st.integers(min_value=0, max_value=2 * LENGTH))
def test_remaining_is_exact_at_any_moment(start: int, elapsed: int) -> None:
    """No drift: remaining = length - elapsed exactly, never below zero."""
    assert running(start).remaining_ms(start + elapsed) == max(0, LENGTH - elapsed)


def test_flip_swaps_remaining_and_elapsed() -> None:
    """Rulebook 000 l.56: turn the sandglass upside down; the sand that fell is now on top."""
    glass = running(0).flip(30_000)
    assert glass.remaining_ms(30_000) == 30_000
    assert glass.deadline_ms() == 60_000


@given(st.integers(min_value=0, max_value=LENGTH), st.integers(min_value=0, max_value=LENGTH))
def test_flipping_twice_conserves_sand(first: int, second: int) -> None:
    """After any two flips the sand on top is what a real glass would hold."""
    glass = running(0).flip(first)
    left_after_first = first
    top_at_second = max(0, left_after_first - second)
    glass = glass.flip(first + second)
    assert glass.remaining_ms(first + second) == LENGTH - top_at_second


def test_flip_of_a_full_glass_empties_its_top() -> None:
    """Flipping the very moment it was turned leaves no sand on top: it is out."""
    glass = running(1_000).flip(1_000)
    assert glass.is_out(1_000)
    assert glass.settle(1_000).status == "done"


def test_pause_stops_the_sand() -> None:
    """A paused glass keeps its sand however long it waits."""
    glass = running(0).pause(40_000)
    assert glass.status == "paused"
    assert glass.remaining_ms(40_000) == glass.remaining_ms(10**9) == 50_000
    assert glass.deadline_ms() is None


def test_resume_continues_from_the_pause() -> None:
    """After a pause the glass runs on from where it stopped."""
    glass = paused(50_000).resume(100_000)
    assert glass.status == "running"
    assert glass.remaining_ms(120_000) == 30_000
    assert glass.deadline_ms() == 150_000


def test_many_pauses_do_not_drift() -> None:
    """After 100 pause/resume cycles the sand left is the length minus the running time, exactly."""
    glass, now, ran = running(0), 0, 0
    for i in range(100):
        step = 333 + i
        now += step
        ran += step
        glass = glass.pause(now)
        now += 777
        glass = glass.resume(now)
    assert glass.remaining_ms(now) == LENGTH - ran


@pytest.mark.parametrize(("left", "delta", "after"), [
    (50_000, 10_000, 60_000),
    (50_000, -10_000, 40_000),
    (85_000, 10_000, LENGTH),
    (5_000, -10_000, 0),
])
def test_adjust_adds_or_removes_ten_seconds_clamped(left: int, delta: int, after: int) -> None:
    """While paused, +-10 s changes the sand on top, never below 0 or above the length."""
    assert paused(left).adjust(delta).remaining_ms(0) == after


def test_resume_of_an_empty_paused_glass_is_done() -> None:
    """A paused glass adjusted down to nothing is done when stood up."""
    glass = paused(5_000).adjust(-10_000).resume(200_000)
    assert glass.status == "done"
    assert glass.is_out(200_000)


def test_settle_marks_a_run_out_glass_done() -> None:
    """Once the deadline passes, settle makes the glass done with no sand on top."""
    glass = running(1_000)
    assert glass.settle(LENGTH) == glass
    assert not glass.is_out(LENGTH)
    assert glass.is_out(LENGTH + 1_000)
    done = glass.settle(LENGTH + 5_000)
    assert (done.status, done.top_ms, done.anchor_ms) == ("done", 0, LENGTH + 1_000)
    assert done.is_out(0)


@pytest.mark.parametrize("glass", [Sandglass.full(LENGTH), paused(10_000)])
def test_settle_leaves_a_still_glass_alone(glass: Sandglass) -> None:
    """Settling a glass that is not running changes nothing."""
    assert glass.settle(10**9) == glass


def test_start_again_after_done() -> None:
    """A done glass can be turned again for a full run."""
    glass = running(0).settle(LENGTH).start(100_000)
    assert glass.status == "running"
    assert glass.remaining_ms(100_000) == LENGTH


def test_reset_stands_the_glass_full() -> None:
    """reset gives a full idle glass, optionally of a new length."""
    assert paused(3_000).reset() == Sandglass.full(LENGTH)
    assert running(0).reset(60_000) == Sandglass.full(60_000)


ILLEGAL: list[tuple[str, Sandglass, Callable[[Sandglass], Sandglass]]] = [
    ("start running", running(0), lambda g: g.start(1)),
    ("start paused", paused(1_000), lambda g: g.start(1)),
    ("flip idle", Sandglass.full(LENGTH), lambda g: g.flip(1)),
    ("flip paused", paused(1_000), lambda g: g.flip(1)),
    ("flip done", running(0).settle(LENGTH), lambda g: g.flip(LENGTH)),
    ("pause idle", Sandglass.full(LENGTH), lambda g: g.pause(1)),
    ("pause paused", paused(1_000), lambda g: g.pause(1)),
    ("pause done", running(0).settle(LENGTH), lambda g: g.pause(LENGTH)),
    ("resume idle", Sandglass.full(LENGTH), lambda g: g.resume(1)),
    ("resume running", running(0), lambda g: g.resume(1)),
    ("adjust idle", Sandglass.full(LENGTH), lambda g: g.adjust(10_000)),
    ("adjust running", running(0), lambda g: g.adjust(10_000)),
    ("adjust done", running(0).settle(LENGTH), lambda g: g.adjust(-10_000)),
]


@pytest.mark.parametrize(("name", "glass", "move"), ILLEGAL, ids=[case[0] for case in ILLEGAL])
def test_illegal_transitions_are_refused(name: str, glass: Sandglass, move: Callable[[Sandglass], Sandglass]) -> None:
    """A move the glass's state does not allow raises IllegalCommand and leaves it as it was."""
    before = glass
    with pytest.raises(IllegalCommand):
        move(glass)
    assert glass == before


@pytest.mark.parametrize(("length", "top"), [
    (MIN_LENGTH_MS - 1, 0), (MAX_LENGTH_MS + 1, 0), (LENGTH, -1), (LENGTH, LENGTH + 1),
])
def test_invalid_glasses_are_refused(length: int, top: int) -> None:
    """Length stays within 1 s..1 h and the sand on top within 0..length."""
    with pytest.raises(ValueError):
        Sandglass(length_ms=length, top_ms=top)


OPERATIONS = ("start", "flip", "pause", "resume", "adjust+", "adjust-", "settle")


def _operate(glass: Sandglass, op: str, now: int) -> Sandglass:
    if op == "adjust+":
        return glass.adjust(10_000)
    if op == "adjust-":
        return glass.adjust(-10_000)
    move: Callable[[int], Sandglass] = getattr(glass, op)
    return move(now)


@given(
    st.integers(min_value=MIN_LENGTH_MS, max_value=300_000),
    st.lists(st.tuples(st.sampled_from(OPERATIONS), st.integers(min_value=0, max_value=120_000)), max_size=40),
)
def test_any_legal_sequence_keeps_the_sand_in_the_glass(length: int, steps: list[tuple[str, int]]) -> None:
    """Whatever legal moves are made, at any moment 0 <= remaining <= length."""
    glass, now = Sandglass.full(length), 0
    for op, wait in steps:
        now += wait
        try:
            glass = _operate(glass, op, now)
        except IllegalCommand:
            continue
        for moment in (now, now + 1, now + length // 2, now + 2 * length):
            assert 0 <= glass.remaining_ms(moment) <= length
        deadline = glass.deadline_ms()
        assert deadline is None or glass.remaining_ms(deadline) == 0
