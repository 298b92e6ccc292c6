"""Is the -wal beside an Easel database its own, and does it follow on from the file?

SQLite applies any -wal it finds beside a database, even one left from an older copy or from
another database: the state goes back in time without a word. So every Easel transaction bumps a
commit count in `meta`, next to the database's random id (both written with the schema). A -wal
that belongs with the file holds the same id, and the commits it holds follow on from those in
the file: the file has every commit up to at least the one before the -wal's first (a checkpoint
copies commits into the file), and none past the -wal's last. That is what a power cut leaves,
and it is applied. Anything else is not: the caller keeps it aside, intact.

Both sides are read from private copies, so judging changes no file.
"""

from __future__ import annotations

import os
import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

from device.storage.store_file import ReadOnlyCopy

_WAL_MAGIC = (0x377F0682, 0x377F0683)
_HEADER = 32
_FRAME_HEADER = 24

# every Easel transaction on disk runs this once (never recorded for a replay: one per commit)
BUMP = ("INSERT INTO meta (key, value) VALUES ('commit', 1) "
        "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1")


def new_id_statement() -> tuple[str, tuple[str]]:
    """The statement that gives a database its random id (kept when it has one)."""
    return "INSERT OR IGNORE INTO meta (key, value) VALUES ('id', ?)", (os.urandom(8).hex(),)


@dataclass(frozen=True)
class Marker:
    """What a database says of itself: its id, its commit count, and the page holding `meta`."""

    id: str
    commits: int
    meta_page: int


def commits_seen(db: Path) -> int:
    """The commit count another connection sees in the database at `db` (what is committed)."""
    conn = sqlite3.connect(db)
    try:
        marker = read_marker(conn)
    finally:
        conn.close()
    if marker is None:
        raise ValueError(f"{db}: no commit count (not an Easel database, or older than markers)")
    return marker.commits


def read_marker(conn: sqlite3.Connection) -> Marker | None:
    """The database's marker, or None when it has none (written before markers) or is unreadable."""
    try:
        rows = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('id', 'commit')").fetchall())
        page = conn.execute("SELECT rootpage FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
    except sqlite3.DatabaseError:
        return None
    if "id" not in rows or "commit" not in rows or page is None:
        return None
    try:
        return Marker(str(rows["id"]), int(rows["commit"]), int(page[0]))
    except (TypeError, ValueError):
        return None


def commits_writing(wal: Path, page: int) -> int:
    """How many commits in the -wal's current run wrote `page` (frames carrying the header's salts;
    checksums are not verified, so a torn last commit counts: never fewer than SQLite applies)."""
    with wal.open("rb") as handle:
        header = handle.read(_HEADER)
        if len(header) < _HEADER or struct.unpack(">I", header[:4])[0] not in _WAL_MAGIC:
            return 0
        page_size = struct.unpack(">I", header[8:12])[0]
        salts = header[16:24]
        count, touched = 0, False
        while len(frame := handle.read(_FRAME_HEADER)) == _FRAME_HEADER and frame[8:16] == salts:
            number, size_after = struct.unpack(">II", frame[:8])
            touched = touched or number == page
            if size_after:  # a commit frame
                count += touched
                touched = False
            handle.seek(page_size, 1)
    return count


def foreign_wal(db: Path) -> str | None:
    """Why the -wal beside `db` must not be applied, or None when it may (absent, empty, its own,
    or beside a database without a marker, where only SQLite's own checks apply)."""
    wal = Path(f"{db}-wal")
    if not wal.is_file() or wal.stat().st_size < _HEADER:
        return None
    with ReadOnlyCopy(db, with_wal=False) as conn:
        mine = read_marker(conn)
    if mine is None:
        return None
    try:
        with ReadOnlyCopy(db) as conn:
            theirs = read_marker(conn)
    except sqlite3.DatabaseError:
        theirs = None
    if theirs is None or theirs.id != mine.id:
        return "a journal that belongs to another database"
    if theirs.commits < mine.commits:
        return f"an older journal (commit {theirs.commits}, the database is at {mine.commits})"
    first = theirs.commits - commits_writing(wal, mine.meta_page) + 1
    if first > mine.commits + 1:
        return f"a newer journal (from commit {first}, the database stops at {mine.commits})"
    return None
