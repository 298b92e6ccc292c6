"""A sandglass keeps its time through every stop (issue 30 item 2, issue 31 items 1-2): nothing is
written while it runs; its time after a restart is derived from its saved steps and the clocks;
the notice says how Easel stopped; a press answered as a step is a step applied."""

from __future__ import annotations

import os
import pty
import queue
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from device.clock import Clock, MonotonicClock, VirtualClock
from device.config import Config
from device.framework.resources import Resources
from device.framework.restart import Restart, restart
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.run.headless import FrameRecorder
from device.run.loop import STOP, run_loop
from device.run.web.table import WebTable
from device.settings import Settings
from device.storage.store import Store
from hardware.events import ButtonEvent
from tests.conftest import ROOT, Harness
from tests.device.test_store_faults import headless, send

EPOCH = 1_800_000_000_000


class Wall:
    """A wall clock the test moves (as a real one runs on while Easel is off)."""

    def __init__(self) -> None:
        self.ms = EPOCH

    def __call__(self) -> int:
        return self.ms


def _glass(h: Harness) -> Any:
    return h.state("toolbox").game.sandglass  # type: ignore[attr-defined]


def _left(h: Harness) -> int:
    return int(_glass(h).remaining_ms(h.clock.now_ms()))


def _turned(db: Path, wall: Wall, seconds: int = 20, lang: str = "en") -> Harness:
    """The Toolbox's 90 s sandglass turned, `seconds` gone (the wall clock with it)."""
    h = Harness(db, wall=wall, settings=Settings(language=lang))
    h.runner.open("toolbox")
    h.press("timer")
    h.wait(seconds)
    wall.ms += seconds * 1000
    return h


def test_a_power_cut_counts_the_sand_that_ran_while_easel_was_off(tmp_path: Path) -> None:
    """20 s run, the power is cut, 5 s off: back held at 1:05 and told; no beep for the lost seconds."""
    wall = Wall()
    _turned(tmp_path / "e.db", wall).store.close()  # no shutdown: a power cut
    wall.ms += 5000
    h = Harness(tmp_path / "e.db", wall=wall)
    assert h.runner.held and _left(h) == 65_000
    assert h.runner.session.message == "Power was lost at 1:05: press to resume"
    h.wait(30)
    assert _left(h) == 65_000 and h.sounds == []  # held
    h.press("roll")  # only resumes
    assert not h.runner.held and h.state("toolbox").game.rolls == 0
    h.wait(65)
    assert _glass(h).status == "done" and ("alarm" in [s for _, s in h.sounds])


def test_a_second_cut_after_the_resume_counts_from_the_resume(tmp_path: Path) -> None:
    """The press that resumes is written: a later cut does not count the held time as sand run."""
    db = tmp_path / "e.db"
    wall = Wall()
    _turned(db, wall).store.close()
    h = Harness(db, wall=wall)
    wall.ms += 600_000  # ten minutes on the held screen
    h.press("up")
    h.wait(10)
    wall.ms += 10_000
    h.store.close()
    again = Harness(db, wall=wall)
    assert _left(again) == 60_000 and again.runner.held


def test_the_sand_ran_out_while_easel_was_off(tmp_path: Path) -> None:
    wall = Wall()
    _turned(tmp_path / "e.db", wall).store.close()
    wall.ms += 300_000
    h = Harness(tmp_path / "e.db", wall=wall)
    assert h.runner.held and h.runner.session.message == "Power lost, the sand ran out: press to go on"
    h.press("ok")
    h.wait(0.001)
    assert _glass(h).status == "done" and h.sounds[-1][1] == "alarm"


def test_a_wall_clock_that_went_back_cannot_tell_how_long(tmp_path: Path) -> None:
    """A Pi without a real-time clock boots at its last saved time: held where the last step left the
    glass (its start), and the notice says the length of the cut is unknown."""
    wall = Wall()
    _turned(tmp_path / "e.db", wall).store.close()
    wall.ms = EPOCH - 3_600_000
    h = Harness(tmp_path / "e.db", wall=wall)
    assert h.runner.held and _left(h) == 90_000
    assert h.runner.session.message == "Power lost, time unknown: press to resume"


def test_a_clean_stop_holds_the_time_and_says_so(tmp_path: Path) -> None:
    """Issue 31 item 2: a clean quit is no power cut; the time off does not count."""
    wall = Wall()
    h = _turned(tmp_path / "e.db", wall, 48, "fr")
    assert h.runner.shutdown() == 0
    wall.ms += 120_000
    again = Harness(tmp_path / "e.db", wall=wall)
    assert again.runner.held and _left(again) == 42_000
    assert again.runner.session.message == "Easel arrêté à 0:42 : appuyez pour reprendre"


def test_a_stop_while_held_keeps_the_hold_and_its_time(tmp_path: Path) -> None:
    wall = Wall()
    _turned(tmp_path / "e.db", wall).store.close()
    h = Harness(tmp_path / "e.db", wall=wall)
    wall.ms += 60_000
    h.runner.shutdown()
    again = Harness(tmp_path / "e.db", wall=wall)
    assert again.runner.held and _left(again) == 70_000
    assert again.runner.session.message == "Power was lost at 1:10: press to resume"


def test_a_glass_left_alone_writes_nothing_until_its_end(tmp_path: Path) -> None:
    """Issue 30: no write while a countdown runs untouched (the start and the end are the steps)."""
    wall = Wall()
    h = _turned(tmp_path / "e.db", wall, 1)
    commits = "SELECT value FROM meta WHERE key='commit'"
    before = h.store.conn.execute(commits).fetchone()[0]
    h.wait(88)
    assert h.store.conn.execute(commits).fetchone()[0] == before
    h.wait(1)
    assert int(h.store.conn.execute(commits).fetchone()[0]) == int(before) + 1 and _glass(h).status == "done"


@pytest.mark.parametrize(("mark", "wall_now", "expected"), [
    ("100 5000 step", 8000, Restart("lost", 3000)),
    ("100 5000 step", 4000, Restart("lost", 0, unsure=True)),
    ("100 - step", None, Restart("lost")),
    ("100 5000 switch", 5250, Restart("switch", 250)),
    ("100 5000 closed", 9000, Restart("closed")),
    ("100 - lost", 9000, Restart("lost")),
    ("damaged", 9000, Restart("none")),
])
def test_how_the_last_run_stopped(tmp_path: Path, mark: str, wall_now: int | None, expected: Restart) -> None:
    store = Store(tmp_path / "e.db")
    store.save({"mode": "home"}, 100)
    store.conn.execute("INSERT OR REPLACE INTO meta VALUES ('clock', ?)", (mark,))
    assert restart(store, wall_now) == expected
    store.close()


# the browser simulator: a view switch and every kind of restart ---------------------------------

def _table(db: Path, wall: Wall) -> WebTable:
    def clock(start: int) -> Clock:
        return VirtualClock(start, wall)

    table = WebTable(Config(database=db), Settings(panel="epd2in13_V4"), 5, db, {"panel": "epd2in13_V4"},
                     game_clock=clock)
    table.start()
    return table


def _running(table: WebTable) -> Any:
    runner = table.runner
    assert runner is not None
    return runner


def _press(table: WebTable, button: str) -> Any:
    answer = table.press(button)
    assert answer.wait(10)
    return answer


def _web_turned(db: Path, wall: Wall) -> WebTable:
    table = _table(db, wall)
    runner = _running(table)
    runner.open("toolbox")
    _press(table, "timer")
    assert isinstance(runner.clock, VirtualClock)
    runner.clock.set(runner.clock.now_ms() + 20_000)
    wall.ms += 20_000
    return table


def _web_left(table: WebTable) -> int:
    runner = _running(table)
    return int(runner.session.states["toolbox"].game.sandglass.remaining_ms(runner.clock.now_ms()))


def _roll(table: WebTable) -> tuple[bool, int]:
    """Press roll: whether the answer says it only resumed, and the Toolbox's rolls after it."""
    answer = _press(table, "roll")
    return answer.resumed, _running(table).session.states["toolbox"].game.rolls


def test_a_view_switch_keeps_the_sandglass_running_and_the_next_press_applies(tmp_path: Path) -> None:
    """Issue 31 item 1: the panel or language switch neither rewinds nor pauses the glass."""
    wall = Wall()
    table = _web_turned(tmp_path / "w.db", wall)
    table.switch(language="fr")
    runner = _running(table)
    assert not runner.held and runner.session.message == "" and _web_left(table) == 70_000  # was 1:30, held
    assert _roll(table) == (False, 1)  # answered as a press, not a resume; it rolled
    table.stop()


@pytest.mark.parametrize(("stop", "message"), [
    ("clean", "Easel stopped at 1:10: press to resume"),
    ("kill", "Power was lost at 1:07: press to resume"),
])
def test_a_web_restart_says_how_it_stopped_and_its_first_press_is_answered_resumed(
        tmp_path: Path, stop: str, message: str) -> None:
    """Issue 31 items 1-2: Ctrl-C or SIGTERM (a clean stop) holds the time where it stopped; a kill
    lets the sand run on (3 s here); either way the next press only resumes and says so."""
    wall = Wall()
    table = _web_turned(tmp_path / "w.db", wall)
    if stop == "clean":
        table.stop()
    else:
        table._events.put(None)  # the loop ends; the store is closed with no stop written: a kill's state
        assert table._thread is not None
        table._thread.join()
        assert table._store is not None
        table._store.close()
    wall.ms += 3000
    again = _table(tmp_path / "w.db", wall)
    runner = _running(again)
    assert runner.held and runner.session.message == message
    assert _roll(again) == (True, 0)  # the first press only resumes
    assert _roll(again) == (False, 1)  # the second rolls
    again.stop()


# the headless simulator (virtual time) and the device loop the terminal and the Pi run ------------

@pytest.mark.parametrize(("stop", "message"), [
    ("end of script", "Easel stopped at 1:00"),
    ("SIGTERM", "Easel stopped at 1:00"),
    ("kill -9", "Power was lost at 1:00"),
])
def test_a_headless_restart_answers_the_press_that_only_resumes(tmp_path: Path, stop: str, message: str) -> None:
    """`--script -`: the first press after a stop mid-sandglass is answered `resumed N` (nothing
    applied), the next `ok N` and applied; the time is where the acknowledged wait left it."""
    db = tmp_path / "e.db"
    proc = headless(db, tmp_path / "f1")
    for number, line in enumerate(["press ok", "press timer", "wait 30"], 1):
        assert send(proc, line) == f"ok {number}"
    if stop == "end of script":
        proc.communicate("", timeout=60)
    else:
        proc.send_signal(signal.SIGTERM if stop == "SIGTERM" else signal.SIGKILL)
        proc.communicate(timeout=60)
    for suffix in ("", "-wal"):  # what the restart will read, opened aside to see its notice
        if Path(f"{db}{suffix}").exists():
            shutil.copy(f"{db}{suffix}", tmp_path / f"copy.db{suffix}")
    seen = Harness(tmp_path / "copy.db")
    assert seen.runner.held and seen.runner.session.message.startswith(message)
    seen.store.close()
    again = headless(db, tmp_path / "f2")
    assert [send(again, "press roll"), send(again, "press roll")] == ["resumed 1", "ok 2"]
    again.communicate("", timeout=60)
    assert (tmp_path / "f2" / "state.json").exists()
    h = Harness(db)
    assert h.state("toolbox").game.rolls == 1 and _left(h) == 60_000  # type: ignore[attr-defined]
    assert h.runner.session.message.startswith("Easel stopped at 1:00")  # the second run's clean end


@pytest.mark.parametrize("stop", ["clean", "power cut"])
def test_the_device_loop_keeps_the_time_through_a_stop(tmp_path: Path, stop: str) -> None:
    """The loop the terminal simulator and the Pi run (device/run/loop.py), on a real-time clock:
    stopped with STOP (q, Ctrl-C, SIGTERM) the time is held where it stopped; cut, the sand ran on;
    either way the first press only resumes and the next is applied."""
    db = tmp_path / "e.db"
    wall = Wall()

    def runner_on(store: Store) -> Runner:
        clock = MonotonicClock(store.resume_ms(), wall=wall)
        return Runner(RunnerDeps(store=store, resources=Resources(), sink=FrameRecorder(None), clock=clock),
                      DeviceSetup(settings=Settings(), seed=1))

    store = Store(db)
    runner = runner_on(store)
    runner.open("toolbox")
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    for event in (ButtonEvent("timer", "press"), STOP):
        events.put(event)
    run_loop(runner, events, threading.Event())
    runner.clock.skip(20_000)  # 20 s of sand ran (the loop slept through them)
    wall.ms += 20_000
    if stop == "clean":
        runner.shutdown()
    else:
        store.close()
    wall.ms += 5_000
    store = Store(db)
    again = runner_on(store)
    assert again.held
    left = again.session.states["toolbox"].game.sandglass.remaining_ms(again.clock.now_ms())
    assert abs(left - (70_000 if stop == "clean" else 65_000)) < 500
    events = queue.Queue()
    for event in (ButtonEvent("roll", "press"), ButtonEvent("roll", "press"), STOP):
        events.put(event)
    run_loop(again, events, threading.Event())
    assert again.session.states["toolbox"].game.rolls == 1 and not again.held
    again.shutdown()


def _terminal(db: Path) -> tuple[subprocess.Popen[bytes], int]:
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "device.run.cli", "play", "--terminal", "--db", str(db)],
                            cwd=ROOT, stdin=terminal, stdout=terminal, stderr=terminal)
    os.close(terminal)
    return proc, controller


def _screen_until(controller: int, text: str) -> str:
    """The terminal's output until `text` shows (bounded: a hang fails)."""
    seen = b""
    end = time.monotonic() + 30
    while text.encode() not in seen:
        ready, _, _ = select.select([controller], [], [], max(0.0, end - time.monotonic()))
        assert ready, f"no {text!r} on the terminal: {seen[-300:]!r}"
        seen += os.read(controller, 65536)
    return seen.decode(errors="replace")


def _keys(controller: int, keys: str) -> None:
    for key in keys:
        os.write(controller, key.encode())
        time.sleep(0.3)


def test_quitting_the_terminal_mid_sandglass_is_a_clean_stop(tmp_path: Path) -> None:
    """Issue 31 item 2: `q` while the sand runs, then `easel play` again: 'Stopped at ... when Easel
    closed' (no false power-loss notice); the first key only resumes, the next one rolls."""
    db = tmp_path / "e.db"
    proc, controller = _terminal(db)
    try:
        _screen_until(controller, "Toolbox")
        _keys(controller, "\rt")
        _screen_until(controller, "running")
        _keys(controller, "q")
        assert proc.wait(30) == 0
    finally:
        os.close(controller)
    store = Store(db)
    assert restart(store, None).how == "closed"
    store.close()
    proc, controller = _terminal(db)
    try:
        _screen_until(controller, "Easel stopped at")
        _keys(controller, "rr")
        time.sleep(0.5)
        _keys(controller, "q")
        assert proc.wait(30) == 0
    finally:
        os.close(controller)
    store = Store(db)
    saved = store.load()
    store.close()
    assert saved is not None and saved[0]["states"]["toolbox"]["game"]["rolls"] == 1
