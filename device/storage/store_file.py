"""The database file itself: is it Easel's, who holds it, and opening it safely.

Only a file Easel recognises as its own (its `application_id`, or a database from before the id
with exactly Easel's tables) is ever opened for writing or moved aside; anything else is refused
with one line and left untouched. One Easel per database, by OS locks that die with the process
(on the file itself and on DB.lock beside its real path: no link or `..` path walks around them).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from device.errors import UserError
from hardware.claim import holder_pid

APPLICATION_ID = 0x4561736C  # "Easl" in the SQLite header: this file is an Easel database
# PRAGMA user_version; 1 = before the id (upgraded in place), 2 = adds `ticks`, 3 = sessions and
# states deflated (store_rows.pack; the text rows of 1 and 2 still read), 4 = adds the words
# #ARTBOX dealt (store_words.py; a database of 1 to 3 gains the tables when opened), 5 = seats and
# undo labels as data, kept data and games set aside (store_upgrade.py converts the rows of 1 to 4)
FORMAT_VERSION = 5
SEATS_AS_DATA = 5  # the first format whose history keeps an unnamed seat as "", not "Seat 2"
LOCK_WAIT_S = 10.0  # SQLite's busy timeout: another program (not an Easel) holding its lock
LEGACY_TABLES = frozenset({"meta", "current", "undo", "games", "redo", "sqlite_sequence"})
_MAGIC = b"SQLite format 3\x00"


def printable(value: object) -> str:
    """A path or text from outside as one printable line: control characters and bytes that are
    not UTF-8 (lone surrogates) written as escapes, so no log line is split or left unwritable."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in str(value))


def shown(value: object, limit: int = 40) -> str:
    """A path or value as quoted in a one-line error: at most `limit` characters (the tail kept)."""
    text = str(value)
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def refused(path: Path, problem: str, fix: str) -> UserError:
    """The one-line error for a database path Easel will not use."""
    return UserError(f"--db {shown(path)}: {problem}; {fix}")


Kind = Literal["new", "ours", "legacy"]


@dataclass(frozen=True)
class Inspection:
    """What is at the database path: nothing yet, Easel's own file, or one from before the id."""

    kind: Kind
    version: int


def inspect(path: Path) -> Inspection:
    """Classify the file at `path` without changing anything; UserError when it is not Easel's."""
    if not path.exists():
        return _inspect_missing(path)
    if path.is_dir():
        raise refused(path, "is a directory", "give a file path, e.g. DIR/easel.db")
    if not path.is_file():
        raise refused(path, "is not a regular file", "give a file path, e.g. DIR/easel.db")
    header = _read_header(path)
    if not header:
        return Inspection("new", 0)  # an empty file: what a first start cut short leaves
    if not header.startswith(_MAGIC) or len(header) < 100:
        raise refused(path, "is not an Easel database (left untouched)", "give another --db")
    return _inspect_sqlite(path, header)


def _inspect_missing(path: Path) -> Inspection:
    """Nothing at `path` yet: a new database, if it can be made there."""
    if path.is_symlink():
        raise refused(path, "a link to nothing", "give the path of a database file")
    parent = nearest_existing(path.parent)
    if not parent.is_dir():
        raise refused(path, f"{shown(parent, 30)} is not a directory", "give a path inside a directory")
    return Inspection("new", 0)


def _read_header(path: Path) -> bytes:
    """The first 100 bytes of the file: SQLite's header."""
    try:
        with path.open("rb") as handle:
            return handle.read(100)
    except OSError as exc:
        raise refused(path, f"cannot be read ({exc.strerror})", "fix its permissions or give another --db") from None


def _inspect_sqlite(path: Path, header: bytes) -> Inspection:
    """Whose SQLite database this is, from its application id and user version."""
    app_id = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big")
    if app_id == APPLICATION_ID:
        if version > FORMAT_VERSION:
            raise refused(path, f"written by a newer Easel (format {version})", "update Easel or give another --db")
        return Inspection("ours", version)
    if app_id == 0 and _has_legacy_tables(path):
        return Inspection("legacy", 1)
    raise refused(path, "is another program's SQLite database (left untouched)", "give another --db")


def nearest_existing(path: Path) -> Path:
    """`path` itself or its nearest ancestor that exists."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(".")


def _has_legacy_tables(path: Path) -> bool:
    """True for a database made by Easel before the application id: exactly Easel's tables."""
    with ReadOnlyCopy(path) as conn:
        try:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            row = conn.execute("SELECT value FROM meta WHERE key='format'").fetchone() if "meta" in names else None
        except sqlite3.DatabaseError:
            return False
    return names <= LEGACY_TABLES and {"meta", "current", "undo", "games", "redo"} <= names \
        and row is not None and row[0] == "1"


class ReadOnlyCopy:
    """A read-only connection to a private copy of the database (and its WAL), so that reading
    never creates, changes or renames a file beside it (SQLite would add -wal/-shm files)."""

    def __init__(self, path: Path, with_wal: bool = True) -> None:
        import tempfile  # with shutil, only here: a start with nothing to judge imports neither

        self.path = path
        self.with_wal = with_wal  # False: the file alone, as if its -wal were not there
        self.tmp = tempfile.TemporaryDirectory(prefix="easel-read-")
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        import shutil

        copy = Path(self.tmp.name) / "copy.db"
        try:
            shutil.copyfile(self.path, copy)
            wal = Path(f"{self.path}-wal")
            if self.with_wal and wal.is_file():
                shutil.copyfile(wal, Path(f"{copy}-wal"))
        except OSError as exc:
            self.tmp.cleanup()
            raise refused(self.path, f"cannot be read ({exc.strerror})", "fix its permissions") from None
        self.conn = sqlite3.connect(str(copy), isolation_level=None)
        return self.conn

    def __exit__(self, *exc: object) -> None:
        if self.conn is not None:
            self.conn.close()
        self.tmp.cleanup()


class DatabaseLock:
    """One Easel per database, whatever path names it: an exclusive `flock` on DB.lock beside the
    database's real path (symbolic links and `..` resolved; a bind mount shows the same directory,
    so the same lock file) and on the database file itself (its inode, so a hard link meets it too).

    A second Easel is refused at once, naming the holder's pid: nothing here waits. The kernel
    drops both locks when the process dies (even by SIGKILL), so a crash never leaves a stale
    lock; the lock file stays (deleting lock files races with other starters).
    """

    def __init__(self, db: Path) -> None:
        self.db = db
        real = db.resolve()
        self.path = Path(f"{real}.lock")
        self.handles: list[IO[bytes]] = []
        try:
            handle = self.path.open("ab")
        except OSError as exc:
            raise refused(db, f"cannot create {shown(self.path.name, 30)} ({exc.strerror})",
                          "make the directory writable or give another --db") from None
        try:
            self._take(handle, self.path)
            if real.is_file():  # a new database has no inode yet: its lock file stands for it
                self._take(real.open("rb"), real)
        except OSError as exc:
            self.release()
            raise refused(db, f"cannot be read ({exc.strerror})", "fix its permissions or give another --db") from None
        except BaseException:
            self.release()
            raise

    def _take(self, handle: IO[bytes], locked: Path) -> None:
        """Hold `handle`'s file locked (kept until release); refused when another Easel has it."""
        self.handles.append(handle)
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = holder_pid(locked)
            who = f"another Easel (pid {pid})" if pid is not None and pid != os.getpid() else "another Easel"
            raise refused(self.db, f"the database is in use by {who}",
                          "stop the other one first (q, or sudo systemctl stop easel) or give another --db") from None

    def release(self) -> None:
        """Let another Easel open the database (after this process has closed its connection:
        closing a descriptor of the file drops the process's SQLite locks on it too)."""
        for handle in self.handles:
            with suppress(OSError):
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
            handle.close()
        self.handles = []


def make_parent(db: Path) -> None:
    """Create the database's directory (the default state directory may not exist yet)."""
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise refused(db, f"cannot create its directory ({exc.strerror})", "give a writable --db") from None


def is_locked(exc: sqlite3.Error) -> bool:
    """SQLite's 'database is locked/busy': another program holds it (never corruption)."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def is_write_failure(exc: sqlite3.Error) -> bool:
    """The disk refused a write (full, read-only, I/O error, gone) or another program holds a lock."""
    text = str(exc).lower()
    words = ("full", "disk i/o", "readonly", "read-only", "unable to open", "locked", "busy")
    return any(word in text for word in words)


def fsync_directory(directory: Path) -> None:
    """Make a rename in `directory` durable."""
    with suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
