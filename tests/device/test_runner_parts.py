"""The runner's parts each do one job: the undo service walks steps by its own `Step` type, the
deadline scheduler says what is due since the last wake-up, and a tick builds one context."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from device.clock import VirtualClock
from device.framework.contract import Context
from device.framework.deadlines import DeadlineScheduler
from device.framework.press_pipeline import held_step
from device.framework.session import Session
from device.framework.undo import Step
from device.storage.store_codec import pack
from hardware.events import ButtonEvent
from tests.conftest import ROOT, Harness

RUNNER = ROOT / "device" / "framework" / "runner.py"


def test_the_runner_stays_small() -> None:
    """Issue 22: the runner only wires its parts together (under 200 lines)."""
    assert len(RUNNER.read_text(encoding="utf-8").splitlines()) < 200


def test_holding_back_or_ok_walks_a_step() -> None:
    """Holding back is an undo and holding ok a redo; any other press or hold is a press."""
    assert held_step(ButtonEvent("back", "hold")) is Step.UNDO
    assert held_step(ButtonEvent("ok", "hold")) is Step.REDO
    assert held_step(ButtonEvent("back")) is None and held_step(ButtonEvent("up", "hold")) is None


def test_undo_and_redo_walk_the_open_game_and_say_so() -> None:
    """A step undone comes back by redo, each with its message; an empty stack says so."""
    h = Harness()
    h.runner.open("toolbox")
    h.press("roll")
    rolled = h.state()
    assert h.runner.undo.depth(Step.UNDO, "toolbox") == 1
    h.press("back!")
    assert h.runner.session.message.startswith("Undid: ") and h.state() != rolled
    assert (h.runner.undo.depth(Step.UNDO, "toolbox"), h.runner.undo.depth(Step.REDO, "toolbox")) == (0, 1)
    h.press("ok!")
    assert h.runner.session.message.startswith("Redid: ") and h.state() == rolled
    h.press("ok!")
    assert h.runner.session.message == "Nothing to redo"


def test_a_damaged_step_is_dropped_with_a_message(tmp_path: Path) -> None:
    """An undo step the app cannot read back is dropped, the game stays as it is."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.runner.open("toolbox")
    h.press("roll")
    shown = h.state()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE undo SET state=? WHERE mode='toolbox'", (pack({"game": "not a game"}),))
    conn.commit()
    conn.close()
    h.press("back!")
    assert h.runner.session.message == "That step was damaged and is dropped" and h.state() == shown
    assert h.runner.undo.depth(Step.UNDO, "toolbox") == 0


def test_deadlines_are_due_once_since_the_last_wake_up() -> None:
    """A running sandglass is due at its next second, once; nothing is due while time is held."""
    h = Harness()
    h.runner.open("toolbox")
    h.press("timer")
    scheduler = DeadlineScheduler(h.clock)
    states = h.runner.session.states
    deadline = scheduler.next(states, h.runner.ctx())
    assert deadline is not None and deadline > h.clock.now_ms()
    assert scheduler.due(states, h.runner.ctx()) == []
    h.clock.set(deadline)
    assert [key for key, _ in scheduler.due(states, h.runner.ctx())] == ["toolbox"]
    assert scheduler.due(states, h.runner.ctx()) == []  # counted from this wake-up now
    scheduler.hold()
    assert scheduler.next(states, h.runner.ctx()) is None
    scheduler.release()
    assert scheduler.next(states, h.runner.ctx()) is not None


def test_a_tick_builds_one_context_a_pass() -> None:
    """Issue 22: a tick used to build two contexts a pass; each pass now builds one (the deadline
    check reads the same one at the last wake-up), plus one for the frame it shows."""
    h = Harness()
    h.runner.open("toolbox")
    h.press("timer")
    deadline = h.runner.next_deadline()
    assert deadline is not None
    h.clock.set(deadline)
    built: list[int] = []
    context = h.runner._context

    def counted(session: Session, now: int) -> Context:
        built.append(now)
        return context(session, now)

    h.runner._context = counted  # type: ignore[method-assign]
    h.runner.tick()
    passes = 2  # the pass that runs the due second, and the pass that finds nothing more due
    assert len(built) == passes + 1  # + the frame shown (a second writes nothing: no check that one runs)


def test_a_clock_held_after_a_stop_runs_again_at_the_first_press(tmp_path: Path) -> None:
    """Power cut mid-countdown: the time left shows, held, until a press lets it run (the time
    nothing wrote is the wall clock's: 3 s after the glass was turned)."""
    db = tmp_path / "easel.db"
    wall = [1_800_000_000_000]
    h = Harness(db, wall=lambda: wall[0])
    h.runner.open("toolbox")
    h.press("timer")
    h.wait(3)
    wall[0] += 3000
    h.store.close()
    again = Harness(db, wall=lambda: wall[0])
    assert again.runner.held and again.runner.next_deadline() is None
    assert again.runner.session.message == "Power was lost at 1:27: press to resume"  # a 90 s glass, 3 s gone
    assert isinstance(again.clock, VirtualClock)
    again.press("up")
    assert not again.runner.held and again.runner.next_deadline() is not None
    assert again.runner.session.message == ""
