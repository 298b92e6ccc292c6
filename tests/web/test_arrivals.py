"""The web simulator pairs each press with its own arrival (device/run/web/table.py, Arrivals):
a press that raised is let go unsaved, and the presses after it are each answered for themselves,
never one step off as a pairing by queue order would be."""

from __future__ import annotations

from device.run.web.table import Arrivals
from hardware.events import ButtonEvent


def test_a_press_that_raised_shifts_no_later_answer() -> None:
    arrivals = Arrivals()
    first, second, third = ButtonEvent("up"), ButtonEvent("up"), ButtonEvent("ok", "hold")
    waits = [arrivals.arrive(e) for e in (first, second, third)]
    arrivals.let_go(first)  # its handling raised: never answered as saved
    arrivals.handled(second)
    assert [w.is_set() for w in waits] == [False, True, False]
    arrivals.handled(third)
    assert [w.is_set() for w in waits] == [False, True, True]


def test_equal_presses_are_still_two() -> None:
    """Two presses of the same button are two arrivals: each is answered once, in any order."""
    arrivals = Arrivals()
    a, b = ButtonEvent("seat1"), ButtonEvent("seat1")
    wait_a, wait_b = arrivals.arrive(a), arrivals.arrive(b)
    arrivals.handled(b)
    assert (wait_a.is_set(), wait_b.is_set()) == (False, True)
    arrivals.handled(a)
    assert wait_a.is_set()
