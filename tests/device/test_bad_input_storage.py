"""Bad input, database paths, locks and read-only commands (issue 14; docs/architecture.md,
Failure and bad input): exit code 2, exactly one line (stdout and stderr together, at most 200 characters) quoting
at most 40 characters of the offending value, naming the flag and the fix, and nothing created,
changed or renamed on disk. Real `easel` processes on real files."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from device.invocation import easel_command
from device.storage.store_file import APPLICATION_ID, FORMAT_VERSION
from tests.conftest import ROOT, Harness

EASEL = Path(sys.executable).parent / "easel"
LONG = "a-rather-long-directory-name-to-check-the-quote-is-cut"


def snapshot(root: Path) -> dict[str, tuple[object, ...]]:
    """Every path under `root` with its kind, size, mtime and content hash (links not followed)."""
    found: dict[str, tuple[object, ...]] = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        if path.is_symlink():
            found[str(path)] = ("link", os.readlink(path))
        elif path.is_dir():
            found[str(path)] = ("dir", info.st_mtime_ns, info.st_mode)
        elif path.is_file():
            found[str(path)] = ("file", info.st_size, info.st_mtime_ns, info.st_mode,
                                hashlib.sha256(path.read_bytes()).hexdigest())
        else:
            found[str(path)] = ("other", info.st_mode)
    return found


def _easel_db(path: Path) -> None:
    h = Harness(path)
    h.press("ok", "roll")
    h.store.close()


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.commit()
    conn.close()


def _newer(path: Path) -> None:
    _easel_db(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={FORMAT_VERSION + 1}")
    conn.commit()
    conn.close()


def _truncated(path: Path) -> None:
    _easel_db(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def _legacy_lookalike(path: Path) -> None:
    """Easel's old tables plus one of the user's: not Easel's."""
    conn = sqlite3.connect(path)
    for table in ("meta", "current", "undo", "games", "redo", "photos"):
        conn.execute(f"CREATE TABLE {table} (x)")
    conn.commit()
    conn.close()


def _other_app_id(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id={APPLICATION_ID + 1}")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()


@dataclass(frozen=True)
class Case:
    """One bad database path: how to make it, the command, what the line must say."""

    name: str
    command: str  # "play" or "history"
    make: Callable[[Path], Path]  # builds the bad input under the case directory, returns the --db path
    says: str  # the problem, as the line states it
    fix: str  # the fix the line names


def _file(name: str, build: Callable[[Path], None] | None = None, text: bytes | None = None) -> Callable[[Path], Path]:
    def make(base: Path) -> Path:
        path = base / LONG / name
        path.parent.mkdir()
        if build is not None:
            build(path)
        if text is not None:
            path.write_bytes(text)
        return path
    return make


def _directory(base: Path) -> Path:
    path = base / LONG / "saves"
    path.mkdir(parents=True)
    (path / "photo.jpg").write_bytes(b"\xff\xd8 not really")
    return path


def _parent_is_a_file(base: Path) -> Path:
    (base / LONG).write_text("a file, not a directory\n", encoding="utf-8")
    return base / LONG / "easel.db"


def _dangling(base: Path) -> Path:
    (base / LONG).mkdir()
    link = base / LONG / "easel.db"
    link.symlink_to(base / "gone.db")
    return link


def _device(base: Path) -> Path:
    (base / LONG).mkdir()
    link = base / LONG / "easel.db"
    link.symlink_to("/dev/null")
    return link


def _lock_is_a_directory(base: Path) -> Path:
    (base / LONG).mkdir()
    (base / LONG / "easel.db.lock").mkdir()
    return base / LONG / "easel.db"


NOT_EASEL = "is not an Easel database (left untouched)"
FOREIGN = "is another program's SQLite database (left untouched)"
ANOTHER = "give another --db"

CASES = [
    Case("play: a directory", "play", _directory, "is a directory", "give a file path"),
    Case("history: a directory", "history", _directory, "is a directory", "give a file path"),
    Case("play: a text file", "play", _file("notes.txt", text=b"shopping: eggs\n"), NOT_EASEL, ANOTHER),
    Case("history: a text file", "history", _file("notes.txt", text=b"shopping: eggs\n"), NOT_EASEL, ANOTHER),
    Case("play: a short file starting like SQLite", "play", _file("x.db", text=b"SQLite format 3\x00abc"),
         NOT_EASEL, ANOTHER),
    Case("play: another program's database", "play", _file("notes.db", _foreign), FOREIGN, ANOTHER),
    Case("history: another program's database", "history", _file("notes.db", _foreign), FOREIGN, ANOTHER),
    Case("play: another application id", "play", _file("x.db", _other_app_id), FOREIGN, ANOTHER),
    Case("play: Easel's old tables and the user's", "play", _file("x.db", _legacy_lookalike), FOREIGN, ANOTHER),
    Case("play: a newer Easel's database", "play", _file("easel.db", _newer),
         f"written by a newer Easel (format {FORMAT_VERSION + 1})", "update Easel"),
    Case("history: a newer Easel's database", "history", _file("easel.db", _newer),
         f"written by a newer Easel (format {FORMAT_VERSION + 1})", "update Easel"),
    Case("history: a damaged Easel database", "history", _file("easel.db", _truncated),
         "is damaged", f"run `{easel_command([str(EASEL)])} play` to move it aside"),  # as it was started
    Case("history: no database yet", "history", lambda base: base / LONG / "none.db",
         "no database yet", "play a game first"),
    Case("play: parent is a file", "play", _parent_is_a_file, "is not a directory", "give a path inside a directory"),
    Case("history: parent is a file", "history", _parent_is_a_file, "no database yet", "play a game first"),
    Case("play: a link to nothing", "play", _dangling, "a link to nothing", "give the path of a database file"),
    Case("play: a device, not a file", "play", _device, "is not a regular file", "give a file path"),
    Case("play: the lock file is a directory", "play", _lock_is_a_directory, "cannot create easel.db.lock",
         "make the directory writable"),
]


def run_easel(command: str, db: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`easel play --headless --script - --db DB` (empty script) or `easel history --db DB`."""
    args = ["play", "--headless", "--script", "-", "--db", str(db)] if command == "play" \
        else ["history", "--db", str(db)]
    env = {**os.environ, "XDG_STATE_HOME": str(cwd / "state"), "XDG_CONFIG_HOME": str(cwd / "config")}
    return subprocess.run([str(EASEL), *args], cwd=cwd, input="", capture_output=True, text=True, env=env,
                          timeout=60)


def assert_one_line(done: subprocess.CompletedProcess[str], db: Path, says: str, fix: str) -> None:
    """Exit 2, one line naming --db, the problem and the fix, quoting at most 40 characters of the path."""
    lines = (done.stdout + done.stderr).splitlines()
    assert done.returncode == 2, (done.returncode, lines)
    assert len(lines) == 1, lines
    line = lines[0]
    assert len(line) <= 200 and line.startswith("easel: --db "), line
    assert says in line and fix in line, line
    assert str(db) not in line and str(db)[-39:] in line, "the path is quoted, cut to 40 characters"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_database_path(case: Case, tmp_path: Path) -> None:
    """Each bad database path: one line, exit 2, the directory tree unchanged."""
    db = case.make(tmp_path)
    before = snapshot(tmp_path)
    done = run_easel(case.command, db, tmp_path)
    assert_one_line(done, db, case.says, case.fix)
    assert snapshot(tmp_path) == before


@contextmanager
def _holder(code: str) -> Iterator[None]:
    """Another process holding the database until we are done."""
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    try:
        yield
    finally:
        proc.communicate("", timeout=30)


def test_a_database_in_use_by_another_easel(tmp_path: Path) -> None:
    """A second Easel says at once who holds the database (issue 28): one line, exit 2, nothing changed."""
    db = tmp_path / LONG / "easel.db"
    db.parent.mkdir()
    _easel_db(db)
    code = ("from pathlib import Path\nfrom device.storage.store import Store\n"
            f"s = Store(Path({str(db)!r}))\nprint('held', flush=True)\ninput()\n")
    with _holder(code):
        before = snapshot(tmp_path)
        done = run_easel("play", db, tmp_path)
        assert_one_line(done, db, "the database is in use by another Easel (pid ", "stop the other one first")
        assert snapshot(tmp_path) == before


def test_a_database_held_exclusively_by_another_program(tmp_path: Path) -> None:
    """A healthy database held with locking_mode=EXCLUSIVE: one line after the 10 s busy timeout, never renamed."""
    db = tmp_path / LONG / "easel.db"
    db.parent.mkdir()
    _easel_db(db)
    (tmp_path / LONG / "easel.db.lock").touch()
    code = ("import sqlite3\n"
            f"c = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
            "c.execute('PRAGMA locking_mode=EXCLUSIVE')\nc.execute('BEGIN EXCLUSIVE')\n"
            "c.execute('UPDATE meta SET value=value')\nc.execute('COMMIT')\nprint('held', flush=True)\ninput()\n")
    with _holder(code):
        before = snapshot(tmp_path)
        done = run_easel("play", db, tmp_path)
        assert_one_line(done, db, "the database is in use by another program", "close it")
        assert snapshot(tmp_path) == before


@pytest.fixture
def read_only_fs(tmp_path: Path) -> Iterator[Path]:
    """A directory on a read-only file system holding an Easel database (root only)."""
    mount = tmp_path / LONG
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)]).returncode:
        pytest.skip("mounting a tmpfs needs root")
    try:
        _easel_db(mount / "easel.db")
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.mark.parametrize("name", ["easel.db", "new.db"])
def test_a_read_only_file_system(read_only_fs: Path, tmp_path: Path, name: str) -> None:
    """Playing on a read-only file system (an existing or a new database): one line, no traceback."""
    db = read_only_fs / name
    before = snapshot(tmp_path)
    done = run_easel("play", db, tmp_path)
    assert_one_line(done, db, "(Read-only file system)", "make the directory writable")
    assert snapshot(tmp_path) == before


def test_history_reads_a_live_database_without_touching_it(tmp_path: Path) -> None:
    """`easel history` on a database a killed Easel left (with -wal and -shm): lists it, changes nothing."""
    db = tmp_path / "easel.db"
    proc = subprocess.Popen([str(EASEL), "play", "--headless", "--script", "-", "--db", str(db), "--frames",
                             str(tmp_path / "frames")], cwd=tmp_path, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("press ok\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "ok 1"
    proc.kill()
    proc.wait(timeout=30)
    before = snapshot(tmp_path)
    done = run_easel("history", db, tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "no finished games yet\n", "")
    assert snapshot(tmp_path) == before


def test_doctor_creates_no_file(tmp_path: Path) -> None:
    """`easel doctor` is read-only too: no database, no log beside the configured database."""
    config = tmp_path / "easel.toml"
    config.write_text(f'[storage]\ndatabase = "{tmp_path / "state" / "easel.db"}"\n', encoding="utf-8")
    before = snapshot(tmp_path)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    subprocess.run([str(EASEL), "doctor", "--config", str(config)], cwd=tmp_path, capture_output=True,
                   env=env, timeout=120, input="")
    assert snapshot(tmp_path) == before


def test_an_unwritable_log_is_one_line(tmp_path: Path) -> None:
    """The log file cannot be created (here: a directory in its place): one line naming it, no traceback."""
    from device.errors import UserError
    from device.run.logs import setup_logging

    (tmp_path / "easel.log").mkdir()
    before = snapshot(tmp_path)
    with pytest.raises(UserError) as raised:
        setup_logging(tmp_path)
    line = f"easel: {raised.value}"
    assert "\n" not in line and len(line) <= 200 and "easel.log: cannot write (Is a directory)" in line
    assert "make the directory writable" in line
    assert snapshot(tmp_path) == before
