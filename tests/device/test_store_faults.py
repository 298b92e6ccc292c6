"""docs/architecture.md, Failure and bad input: "Acknowledged means on disk", "A lock is not corruption. Only
files Easel recognises as its own are ever moved; one Easel per database", "A corrupt or
unreadable Easel database is moved aside with a clear message, never a crash loop", and "A running
countdown survives a power cut to within a second and comes back paused" (issue 14, items 1-7, 12).
Real SQLite files and real processes throughout."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.errors import UserError
from device.storage.store import RETRY_S, Store
from device.storage.store_file import APPLICATION_ID, FORMAT_VERSION
from tests.conftest import ROOT, Harness, hold_database_lock

# The schema of every database written before the application id (format 1), as main had it.
LEGACY_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS current (id INTEGER PRIMARY KEY CHECK (id = 1), session TEXT NOT NULL,
    now_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS undo (seq INTEGER PRIMARY KEY AUTOINCREMENT, mode TEXT NOT NULL,
    label TEXT NOT NULL, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL, finished TEXT NOT NULL, players TEXT NOT NULL, scores TEXT NOT NULL,
    winners TEXT NOT NULL, seed INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS redo (seq INTEGER PRIMARY KEY AUTOINCREMENT, mode TEXT NOT NULL,
    label TEXT NOT NULL, state TEXT NOT NULL);
"""


def headless(db: Path, frames: Path, *extra: str) -> subprocess.Popen[str]:
    """`easel play --headless --script -` on `db`, answering each line on stdout."""
    return subprocess.Popen(
        [sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", "-", "--db", str(db),
         "--frames", str(frames), "--seed", "3", *extra],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def send(proc: subprocess.Popen[str], line: str) -> str:
    """Feed one step and return its answer."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    return proc.stdout.readline().strip()


def rolls_on_disk(db: Path) -> int:
    """The Toolbox roll count in the saved session."""
    store = Store(db)
    saved = store.load()
    store.close()
    assert saved is not None
    return int(saved[0]["states"]["toolbox"]["game"]["rolls"])


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 200 KB tmpfs (root only): the disk-full case from issue 14."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_full_disk_answers_unsaved_and_writes_every_step_once_space_is_freed(small_disk: Path,
                                                                             tmp_path: Path) -> None:
    """Issue 14 item 1: `ok N` only for steps on disk; freeing space writes the pending ones."""
    db = small_disk / "e.db"
    proc = headless(db, tmp_path / "f1")
    answers = [send(proc, "press ok")]
    while not answers[-1].startswith("unsaved"):
        answers.append(send(proc, "press roll"))
        assert len(answers) < 500, "a 200 KB disk must fill up"
    number = len(answers)
    assert answers == [f"ok {n}" for n in range(1, number)] + [f"unsaved {number}"]
    for _ in range(20):
        number += 1
        assert send(proc, "press roll") == f"unsaved {number}"
    subprocess.run(["mount", "-o", "remount,size=10m", str(small_disk)], check=True)
    time.sleep(RETRY_S + 0.1)  # failed replays are retried by writes at most once a second
    number += 1
    assert send(proc, "press roll") == f"ok {number}"  # the pending steps went first, in one go
    _, err = proc.communicate("", timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err
    assert rolls_on_disk(db) == number - 1


def test_sigterm_with_the_disk_still_full_says_what_was_not_saved(small_disk: Path, tmp_path: Path) -> None:
    """Item 1: quitting with the disk full exits cleanly (code 3) and counts the unsaved steps;
    a restart after freeing space has every step answered `ok`."""
    db = small_disk / "e.db"
    proc = headless(db, tmp_path / "f1")
    answers = [send(proc, "press ok")] + [send(proc, "press roll") for _ in range(150)]
    saved = sum(a.startswith("ok") for a in answers)
    assert answers[:saved] == [f"ok {n}" for n in range(1, saved + 1)]
    assert all(a.startswith("unsaved") for a in answers[saved:]) and saved < 150
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 3
    line = err.strip().splitlines()[-1]
    assert line.startswith(f"easel: {151 - saved} steps were not saved to ") and len(line) <= 200
    subprocess.run(["mount", "-o", "remount,size=10m", str(small_disk)], check=True)
    assert rolls_on_disk(db) == saved - 1


def test_a_second_easel_on_the_same_database_is_refused(tmp_path: Path) -> None:
    """Item 6: one Easel per database, refused at once naming the holder; the lock dies with the
    process (SIGKILL leaves none). Other paths to the same file: test_store_lock.py."""
    db = tmp_path / "easel.db"
    proc = headless(db, tmp_path / "f1")
    assert send(proc, "press ok") == "ok 1"
    with pytest.raises(UserError, match=rf"in use by another Easel \(pid {proc.pid}\); stop the other one"):
        Store(db, lock_wait_s=0.3)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    Store(db, lock_wait_s=0.3).close()




def test_an_exclusive_lock_is_not_corruption(tmp_path: Path) -> None:
    """Item 2: a healthy database held with locking_mode=EXCLUSIVE is reported, never renamed."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll")
    h.store.close()
    holder = hold_database_lock(db, "PRAGMA locking_mode=EXCLUSIVE;BEGIN EXCLUSIVE;UPDATE meta SET value=value;COMMIT")
    try:
        with pytest.raises(UserError, match="the database is in use by another program"):
            Store(db, lock_wait_s=0.5)
        assert not [p for p in tmp_path.iterdir() if ".broken-" in p.name]
    finally:
        holder.communicate("", timeout=30)
    assert rolls_on_disk(db) == 1


def test_a_write_lock_during_play_keeps_the_game_going(tmp_path: Path) -> None:
    """Item 3: another program holding the write lock over the busy timeout: no crash, steps pending,
    written once the lock is gone."""
    db = tmp_path / "easel.db"
    Harness(db).store.close()
    h = Harness(store=Store(db, lock_wait_s=0.2))
    h.store.retry_s = 0
    h.press("ok", "roll")
    holder = hold_database_lock(db, "BEGIN IMMEDIATE")
    try:
        h.press("roll", "roll")
        assert len(h.store.pending) == 2 and "Not saved: 2" in h.runner.storage_warning()
    finally:
        holder.communicate("", timeout=30)
    h.press("roll")
    assert not h.store.pending
    h.store.close()
    assert rolls_on_disk(db) == 4


CORRUPTIONS = {  # the session itself: the game in progress cannot go on (other rows: test_store_repair.py)
    "truncated session": "UPDATE current SET session=substr(session, 1, 40)",
    "now_ms not a number": "UPDATE current SET now_ms='abc'",
    "session of the wrong shape": "UPDATE current SET session='{\"settings\": 5, \"seed\": 1}'",
}


@pytest.mark.parametrize("damage", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_a_corrupt_session_moves_the_database_aside_once(tmp_path: Path, damage: str) -> None:
    """Item 4: a damaged session: moved aside with the message on screen, play starts fresh, and
    the next start is clean (no restart loop)."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "roll")
    h.store.close()
    conn = sqlite3.connect(db)
    conn.execute(damage)
    conn.commit()
    conn.close()
    again = Harness(db)
    assert again.runner.session.message.startswith("Saved data unusable: kept as easel.db.broken-")
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("easel.db.broken-")]
    assert len(aside) == 1
    again.press("ok", "roll")
    again.store.close()
    third = Harness(db)
    assert third.runner.session.message == "" and third.runner.session.mode == "toolbox"


def test_a_row_damaged_during_play_does_not_crash_hold_back(tmp_path: Path) -> None:
    """Item 4: an undo row cut short after start-up: hold back says so and drops it, no crash."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "roll")
    h.store.conn.execute("UPDATE undo SET state=substr(state, 1, 25) "
                         "WHERE seq=(SELECT MAX(seq) FROM undo WHERE mode='toolbox')")
    h.press("back!")
    assert h.runner.session.message == "That step was damaged and is dropped"
    assert h.state().game.rolls == 2  # type: ignore[attr-defined]
    h.press("back!")
    assert h.state().game.rolls == 0  # type: ignore[attr-defined]


def test_a_database_from_before_the_application_id_is_upgraded_in_place(tmp_path: Path) -> None:
    """A saved game from an older Easel (format 1, no application id) resumes and keeps its history."""
    played = tmp_path / "played.db"
    h = Harness(played)
    h.press("ok", "roll", "roll")
    h.store.close()
    db = tmp_path / "easel.db"
    old = sqlite3.connect(db)
    old.executescript(LEGACY_SCHEMA)
    old.execute("PRAGMA journal_mode=WAL")
    old.execute("INSERT INTO meta VALUES ('format', '1')")
    old.execute(f"ATTACH DATABASE '{played}' AS new")
    old.execute("INSERT INTO current SELECT * FROM new.current")
    old.execute("INSERT INTO games SELECT * FROM new.games")
    for table in ("undo", "redo"):  # format 1 kept a step's label as text in one language
        old.execute(f"INSERT INTO {table} SELECT seq, mode, json_extract(label, '$.key'), state FROM new.{table}")
    old.execute("INSERT INTO games (key, game, finished, players, scores, winners, seed) VALUES "
                "('identik:12', 'identik', '2026-11-21T19:00:00', '[\"Ana\",\"Bruno\"]', '[21,25]', '[2]', 12)")
    old.commit()
    old.close()
    resumed = Harness(db)
    assert resumed.runner.session.message == ""
    assert resumed.state().game.rolls == 2  # type: ignore[attr-defined]
    assert [g.winner_names(str) for g in resumed.store.games()] == [("Bruno",)]
    resumed.press("back!")
    assert resumed.state().game.rolls == 1  # type: ignore[attr-defined]
    resumed.store.close()
    header = db.read_bytes()[:100]
    assert int.from_bytes(header[68:72], "big") == APPLICATION_ID
    assert int.from_bytes(header[60:64], "big") == FORMAT_VERSION


def test_a_foreign_database_is_left_untouched(tmp_path: Path) -> None:
    """Item 7: another program's SQLite database gets no Easel tables and is not moved."""
    db = tmp_path / "notes.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(UserError, match="is another program's SQLite database"):
        Store(db)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs remounted read-only (root only; chmod does not stop root)."""
    mount = tmp_path / "ro"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)]).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_read_only_file_system_at_start_is_one_line(read_only_dir: Path) -> None:
    """Item 5: starting on a read-only file system: one line, nothing renamed (no EROFS traceback)."""
    db = read_only_dir / "easel.db"
    Harness(db).store.close()
    subprocess.run(["mount", "-o", "remount,ro", str(read_only_dir)], check=True)
    done = subprocess.run([sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", "-",
                           "--db", str(db)], cwd=ROOT, input="", capture_output=True, text=True)
    assert done.returncode == 2
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) == 1 and "Read-only file system" in lines[0] and len(lines[0]) <= 200, lines


def _held_resume(db: Path) -> Harness:
    h = Harness(db)
    assert h.runner.held
    return h


def test_a_power_cut_mid_countdown_comes_back_paused_where_it_was(tmp_path: Path) -> None:
    """Item 12: SIGKILL 50 s into a 90 s sandglass: back at 0:40 (within 1 s), held, the table told;
    time moves again only after a press."""
    db = tmp_path / "easel.db"
    proc = headless(db, tmp_path / "f1")
    for number, line in enumerate(["press ok", "press timer", "wait 50"], 1):
        assert send(proc, line) == f"ok {number}"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    h = _held_resume(db)
    glass = h.state().game.sandglass  # type: ignore[attr-defined]
    assert abs(glass.remaining_ms(h.clock.now_ms()) - 40_000) <= 1000
    assert h.runner.session.message == "Power was lost at 0:40: press to resume"
    h.wait(30)
    assert glass.remaining_ms(h.clock.now_ms()) == 40_000  # held: no time passes
    h.press("roll")  # resumes only: no roll
    assert h.state().game.rolls == 0 and not h.runner.held  # type: ignore[attr-defined]
    h.wait(39)
    assert h.state().game.sandglass.status == "running"  # type: ignore[attr-defined]
    h.wait(1)
    assert h.state().game.sandglass.status == "done"  # type: ignore[attr-defined]


def test_quitting_mid_countdown_keeps_its_time(tmp_path: Path) -> None:
    """Item 12: quitting at 0:42 left comes back at 0:42, held (it used to come back at 1:30); issue
    31: a clean quit is no power cut, and the notice says what the next press does."""
    db = tmp_path / "easel.db"
    proc = headless(db, tmp_path / "f1")
    for number, line in enumerate(["press ok", "press timer", "wait 48"], 1):
        assert send(proc, line) == f"ok {number}"
    proc.communicate("", timeout=60)
    assert proc.returncode == 0
    h = _held_resume(db)
    assert h.runner.session.message == "Easel stopped at 0:42: press to resume"
    state = json.loads((tmp_path / "f1" / "state.json").read_text(encoding="utf-8"))
    assert state["now_ms"] == h.clock.now_ms()


def test_a_countdown_second_writes_nothing(tmp_path: Path) -> None:
    """Issue 30: a sandglass left alone writes nothing while it runs (its time is derived from its
    start and the clock); its end, time's up, is one step."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "timer")
    commits = "SELECT value FROM meta WHERE key='commit'"
    before = h.store.conn.execute(commits).fetchone(), h.store.tick_ms()
    h.wait(89)
    assert (h.store.conn.execute(commits).fetchone(), h.store.tick_ms()) == before
    h.wait(1)
    assert int(h.store.conn.execute(commits).fetchone()[0]) == int(before[0][0]) + 1
