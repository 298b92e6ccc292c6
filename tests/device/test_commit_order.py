"""Issue 30, item 1: the glass never waits for the SD card. A press's (and a countdown
second's) frame goes to the display before its commit, and the press is answered only once the
commit is on disk (docs/architecture.md, Failure and bad input: "Acknowledged means on disk"). Real SQLite
files; the power cut between the two is a real process killed."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from device.framework.session import stored_session
from device.storage.store import Store
from device.storage.store_wal import commits_seen
from tests.conftest import ROOT, Harness


def watch_frames(h: Harness, db: Path) -> list[int]:
    """The commit count on disk at each frame handed to the display."""
    seen: list[int] = []
    submit = h.frames.submit

    def watched(*args: Any, **kwargs: Any) -> None:
        seen.append(commits_seen(db))
        submit(*args, **kwargs)

    h.frames.submit = watched  # type: ignore[method-assign]
    return seen


def test_a_press_hands_its_frame_over_before_its_commit_and_returns_after_it(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    h = Harness(db)
    seen = watch_frames(h, db)
    for button in ("ok", "down", "down", "ok"):
        before = commits_seen(db)
        h.press(button)
        assert seen[-1] == before  # the frame went to the display with the step not yet on disk
        assert commits_seen(db) == before + 1  # one commit per press, made before handle returned
    h.store.close()


def test_a_countdown_second_writes_nothing_and_times_up_commits_after_its_frame(tmp_path: Path) -> None:
    """Issue 30: the seconds reach the panel and write nothing (the sandglass's time is derived);
    its end, time's up, is a step like a press: its frame handed over, then its one commit."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "timer")  # the Toolbox; the first one done guessing turns the sandglass (000 l.56)
    seen = watch_frames(h, db)
    before_ticks, before = len(seen), commits_seen(db)
    h.wait(3)
    assert len(seen) > before_ticks and commits_seen(db) == before  # shown, not written
    h.wait(87)
    assert commits_seen(db) == before + 1  # time's up: one commit...
    assert seen[-1] == before  # ...made after its frame was handed over
    h.store.close()


def test_writes_in_one_commit_land_whole_and_only_at_its_end(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    store = Store(db)
    store.save({"n": 0}, 1)
    before = commits_seen(db)
    with store.one_commit():
        store.save({"n": 1}, 2, undo=("toolbox", "roll", {"n": 0}, 1))
        store.save_tick(3)
        assert store.load() == ({"n": 1}, 2)  # the runner reads its own step at once
        assert commits_seen(db) == before  # nobody else sees it yet
    assert commits_seen(db) == before + 1  # the block is one commit
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT now_ms FROM ticks").fetchone() == (3,)
    assert conn.execute("SELECT COUNT(*) FROM undo").fetchone() == (1,)
    conn.close()
    store.close()


def test_a_step_that_fails_inside_the_block_loses_only_itself(tmp_path: Path) -> None:
    store = Store(tmp_path / "easel.db")
    store.save({"n": 0}, 1, undo=("toolbox", "roll", {"n": -1}, 1))

    def unreadable(state: dict[str, Any], form: int) -> dict[str, Any]:
        raise ValueError("a stored step the app cannot read back")

    with store.one_commit():
        store.save({"n": 1}, 2)
        with pytest.raises(ValueError):
            store.step_back("undo", "toolbox", ({"n": 1}, 1), unreadable, 3)
    assert store.load() == ({"n": 1}, 2)
    assert store.depth("undo", "toolbox") == 1 and store.depth("redo", "toolbox") == 0
    store.close()


CUT = """
import os, signal, sys
from pathlib import Path
from tests.conftest import Harness
h = Harness(Path(sys.argv[1]))
h.press("ok", "down")
print("ok 2", flush=True)  # both presses answered: on disk
h.frames.submit = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)
h.press("down")  # the power goes as its frame goes to the panel, before its commit
"""


def test_a_power_cut_between_show_and_commit_loses_only_the_unanswered_step(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    done = subprocess.run([sys.executable, "-c", CUT, str(db)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGKILL
    assert done.stdout.split("\n")[0] == "ok 2"
    answered, shown = Harness(), Harness()
    answered.press("ok", "down")
    shown.press("ok", "down", "down")
    store = Store(db)
    saved = store.load()
    store.close()
    assert saved is not None
    assert saved[0] == stored_session(answered.runner.session)  # every answered step is there
    assert saved[0] != stored_session(shown.runner.session)  # the shown, unanswered one is not
