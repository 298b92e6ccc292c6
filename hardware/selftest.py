"""`easel doctor --selftest`: walk a builder through every button, the buzzer and the panel.

Each button is asked for by name and must send a press (or a hold) before a timeout; the
buzzer plays and the panel shows its test pattern, and the builder answers with a button
(ok = yes, back = no). Every step gives one (ok, message) result, like the other doctor checks.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Mapping, Sequence

from hardware.buzzer import Buzzer
from hardware.display import Display
from hardware.doctor import Check, check_display, status_line
from hardware.events import ButtonEvent, Buttons

Out = Callable[[str], None]
BUTTON_S = 15.0   # how long to wait for each button
ANSWER_S = 30.0   # how long to wait for a yes (ok) or no (back)


class Presses:
    """The events of every started source, read one at a time with a timeout."""

    def __init__(self, sources: Sequence[Buttons], clock: Callable[[], float] = time.monotonic) -> None:
        self._events: queue.Queue[ButtonEvent] = queue.Queue()
        self._sources = list(sources)
        self._clock = clock
        for source in self._sources:
            source.start(self._events.put)

    def next(self, deadline: float) -> ButtonEvent | None:
        """The next event, or None once the clock passes `deadline`."""
        wait = deadline - self._clock()
        if wait <= 0:
            return None
        try:
            return self._events.get(timeout=wait)
        except queue.Empty:
            return None

    def drain(self) -> None:
        """Forget events already queued (a bounce, a press meant for an earlier step)."""
        while True:
            try:
                self._events.get_nowait()
            except queue.Empty:
                return

    def deadline(self, seconds: float) -> float:
        """The clock's time `seconds` from now."""
        return self._clock() + seconds

    def close(self) -> None:
        """Stop every source."""
        for source in self._sources:
            source.close()


def walk_buttons(presses: Presses, names: Sequence[str], out: Out,
                 where: Mapping[str, str] | None = None, timeout_s: float = BUTTON_S) -> list[Check]:
    """Ask for each button by name; each passes when it fires before `timeout_s`."""
    where = where or {}
    results = []
    for index, name in enumerate(names, 1):
        place = f" ({where[name]})" if name in where else ""
        presses.drain()  # before the prompt: a press right after it counts
        out(f"[{index}/{len(names)}] press {name}{place}")
        deadline = presses.deadline(timeout_s)
        others: list[str] = []
        while True:
            event = presses.next(deadline)
            if event is None or event.button == name:
                break
            if event.button not in others:
                others.append(event.button)
                out(f"     that was {event.button}; waiting for {name}")
        if event is not None:
            results.append((True, f"{name}{place}: fired ({event.kind})"))
        elif others:
            results.append((False, f"{name}{place}: never fired, {', '.join(others)} fired instead; "
                                   "the pin map gives it the wrong pin, or its wires are swapped "
                                   "with that button's"))
        else:
            results.append((False, f"{name}{place}: no press within {timeout_s:.0f} s; check its two "
                                   "wires (to its pin and to ground) and its microswitch; a seat "
                                   "you did not wire fails here and does no harm"))
        out(status_line(*results[-1]))
    return results


def ask(presses: Presses, question: str, out: Out, timeout_s: float = ANSWER_S) -> bool | None:
    """Ask a yes/no question answered with ok (yes) or back (no); None when nobody answers."""
    presses.drain()
    out(f"{question} Press ok for yes, back for no.")
    deadline = presses.deadline(timeout_s)
    while True:
        event = presses.next(deadline)
        if event is None:
            return None
        if event.button in ("ok", "back"):
            return event.button == "ok"


def check_buzzer(buzzer: Buzzer, presses: Presses, out: Out, what: str,
                 timeout_s: float = ANSWER_S) -> Check:
    """Play the alarm and ask whether it was heard."""
    out(f"the buzzer ({what}) plays the alarm now: three beeps")
    buzzer.play("alarm")
    heard = ask(presses, "Did you hear three beeps?", out, timeout_s)
    if heard is None:
        return no_answer(f"buzzer ({what})")
    if heard:
        return True, f"buzzer ({what}): heard"
    return False, (f"buzzer ({what}): not heard; check its + wire on its pin and - on ground, that it "
                   "is an active buzzer (or set [buzzer] tonal = true for a passive one), and for a 5 V "
                   "buzzer its transistor")


def check_panel(display: Display, presses: Presses, out: Out, timeout_s: float = ANSWER_S) -> Check:
    """Show the test pattern with a full refresh and ask whether it looks right."""
    spec = display.spec
    out(f"{spec.model}: a full refresh shows the test pattern now (up to "
        f"{(spec.full_ms + 999) // 1000} s)")
    shown = check_display(display)
    if not shown[0]:
        return shown
    seen = ask(presses, f"Do you see a frame, two diagonals and '{spec.model} "
                        f"{spec.width}x{spec.height}' on the panel?", out, timeout_s)
    if seen is None:
        return no_answer(f"{spec.model} test pattern")
    if seen:
        return True, f"{spec.model} test pattern: seen"
    return False, (f"{spec.model} test pattern: not seen as drawn; check the [display] panel model "
                   "(V2, V4 ...), the HAT's seating on the header, and for a raw panel its flat cable")


def no_answer(what: str) -> Check:
    """The result of a question nobody answered."""
    return False, f"{what}: no answer (ok or back) within the time; run the self-test again"
