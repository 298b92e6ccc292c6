"""docs/architecture.md, Failure and bad input: a corrupt or unreadable database is moved aside with a clear
message, never silently reused; a full disk is reported and the game goes on in memory."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from device.errors import UserError
from device.storage.store import FORMAT_VERSION
from tests.conftest import Harness


def _played(db: Path) -> None:
    h = Harness(db)
    h.press("ok", "roll", "seat1")
    h.store.close()


def _assert_moved_aside(db: Path, h: Harness) -> None:
    aside = [p for p in db.parent.iterdir() if p.name.startswith("easel.db.broken-")]
    assert aside, "the broken database must be kept aside for inspection"
    message = h.runner.session.message
    assert message.startswith("Saved data unusable: kept as easel.db.broken-") and message.endswith("starting fresh")
    assert h.runner.session.mode == "home"
    assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_truncated_database_is_moved_aside(tmp_path: Path) -> None:
    """A database cut short (a torn write on a cheap SD card) is not reused."""
    db = tmp_path / "easel.db"
    _played(db)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 3])
    for suffix in ("-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    _assert_moved_aside(db, Harness(db))


def test_random_bytes_are_not_easels_and_stay_untouched(tmp_path: Path) -> None:
    """A file without Easel's application id is never moved or changed: one line, the user's file stays."""
    db = tmp_path / "easel.db"
    data = os.urandom(8192)
    db.write_bytes(data)
    with pytest.raises(UserError, match="is not an Easel database"):
        Harness(db)
    assert db.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["easel.db"]


def test_database_from_a_newer_format_is_refused_untouched(tmp_path: Path) -> None:
    """A database written by a newer Easel is never half-read nor moved by this one."""
    db = tmp_path / "easel.db"
    _played(db)
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version={FORMAT_VERSION + 1}")
    conn.commit()
    conn.close()
    data = db.read_bytes()
    with pytest.raises(UserError, match=f"written by a newer Easel \\(format {FORMAT_VERSION + 1}\\)"):
        Harness(db)
    assert db.read_bytes() == data


PRESSES = 60  # rows are deflated, so the full database still takes a few dozen presses first


def test_full_disk_keeps_the_game_going_and_writes_the_steps_when_it_can(tmp_path: Path) -> None:
    """When the disk refuses writes, a persistent warning shows, presses keep working (undo too),
    and once the disk takes writes again every pending step is written."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok")
    h.store.retry_s = 0  # every write retries the pending steps (real time is 1 s between tries)
    disk = h.store.conn
    pages = disk.execute("PRAGMA page_count").fetchone()[0]
    disk.execute(f"PRAGMA max_page_count={pages}")
    for _ in range(PRESSES):
        h.press("roll")
    assert h.store.pending
    assert h.state().game.rolls == PRESSES  # type: ignore[attr-defined]
    h.press("back!")
    assert h.state().game.rolls == PRESSES - 1  # type: ignore[attr-defined]
    h.press("roll")
    assert "Not saved" in h.runner.storage_warning()
    waiting = len(h.store.pending)
    assert h.runner.render()[0].tobytes() != Harness().runner.render()[0].tobytes()
    disk.execute("PRAGMA max_page_count=1073741823")  # space freed
    h.press("roll")
    assert not h.store.pending and h.runner.storage_warning() == ""
    assert waiting > 30
    h.store.close()
    again = Harness(db)
    assert again.state().game.rolls == PRESSES + 1  # type: ignore[attr-defined]
    again.press("back!", "back!")
    assert again.state().game.rolls == PRESSES - 1  # type: ignore[attr-defined]


def test_resume_from_the_same_file(tmp_path: Path) -> None:
    """A clean restart comes back on the same screen with the same state."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "seat2", "seat3")
    before = h.runner.render()
    h.store.close()
    again = Harness(db)
    after = again.runner.render()
    assert before[1] == after[1]
    assert before[0].tobytes() == after[0].tobytes()


@pytest.mark.parametrize("depth", [1, 3])
def test_undo_and_redo_survive_a_restart(tmp_path: Path, depth: int) -> None:
    """The undo stack is in the database too: undo after a restart still works."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", *["roll"] * depth)
    rolls = h.state().game.rolls  # type: ignore[attr-defined]
    h.store.close()
    again = Harness(db)
    again.press("back!")
    assert again.state().game.rolls == rolls - 1  # type: ignore[attr-defined]
    again.press("ok!")
    assert again.state().game.rolls == rolls  # type: ignore[attr-defined]
