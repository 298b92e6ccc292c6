"""Opening an Easel database file: create it, or check it (its -wal, its header, every row) and
bring it to this format. What cannot be used is set aside or dropped (store_aside.py), each with a
notice; only a database Easel cannot use at all starts fresh."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from device.errors import UserError
from device.storage.store_aside import Notice, drop_damaged, keep_journal_aside, keep_older_format, move_aside
from device.storage.store_check import CorruptRow, find_damage, validate_session
from device.storage.store_file import (
    APPLICATION_ID,
    FORMAT_VERSION,
    Inspection,
    is_locked,
    is_write_failure,
    printable,
    refused,
)
from device.storage.store_rows import SCHEMA, connect
from device.storage.store_upgrade import convert
from device.storage.store_wal import BUMP, foreign_wal, new_id_statement, read_marker

log = logging.getLogger("device.storage.store")


def open_file(path: Path, found: Inspection, wait_s: float) -> tuple[sqlite3.Connection, list[Notice]]:
    """The connection to the database at `path` (held by this Easel's lock) and what opening it
    set aside or dropped; UserError when the path cannot be used at all."""
    notices: list[Notice] = []
    if found.kind != "new" and (reason := foreign_wal(path)) is not None:
        notices.append(_logged(keep_journal_aside(path, reason)))
    try:
        conn = connect(str(path), wait_s)
    except sqlite3.Error as exc:
        raise refused(path, f"cannot be opened ({exc})", "check the path and its permissions") from None
    try:
        if found.kind == "new":
            create(conn)
        else:
            notices.extend(_check(conn, path, found))
        return conn, notices
    except sqlite3.Error as exc:
        conn.close()
        if is_locked(exc):
            raise refused(path, "the database is in use by another program",
                          "close it (sqlite3, a backup tool) or give another --db") from None
        if is_write_failure(exc) or found.kind == "new":
            raise refused(path, f"cannot be written ({exc})",
                          "free space, make it writable, or give another --db") from None
        problem = str(exc)
    except CorruptRow as exc:
        conn.close()
        problem = str(exc)
    except UserError:
        conn.close()  # refused while checking (store_aside.py): the file stays as it was
        raise
    conn, notice = start_fresh(path, problem, wait_s)
    return conn, [*notices, notice]


def start_fresh(path: Path, reason: str, wait_s: float) -> tuple[sqlite3.Connection, Notice]:
    """Rename Easel's own unusable database (and its -wal/-shm) aside and create a fresh one."""
    notice = _logged(move_aside(path, reason))
    conn = connect(str(path), wait_s)
    create(conn)
    return conn, notice


def create(conn: sqlite3.Connection) -> None:
    """A fresh database: the id and format first (in the file header), then WAL."""
    _stamp(conn)
    _pragmas(conn)


def _check(conn: sqlite3.Connection, path: Path, found: Inspection) -> list[Notice]:
    """Check an existing database; CorruptRow when its session cannot be used."""
    _pragmas(conn)
    ok = conn.execute("PRAGMA quick_check").fetchone()[0]
    if ok != "ok":
        raise CorruptRow(f"integrity check failed: {ok}")
    if found.kind == "legacy" or found.version < FORMAT_VERSION:
        keep_older_format(conn, path, found.version)
    if found.kind == "legacy" or found.version < FORMAT_VERSION or read_marker(conn) is None:
        _upgrade(conn, found.version)
    validate_session(conn)
    damage = find_damage(conn)
    return [_logged(n) for n in drop_damaged(conn, path, damage)] if damage else []


def _pragmas(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")


def _stamp(conn: sqlite3.Connection, before: int = FORMAT_VERSION) -> None:
    """In one transaction: every table Easel needs, the rows of format `before` converted to this
    one (store_upgrade.py), its application id and this format, and its marker (a random id, and
    the commit count every transaction bumps: store_wal.py)."""
    conn.execute("BEGIN IMMEDIATE")
    for statement in SCHEMA:
        conn.execute(statement)
    convert(conn, before)
    conn.execute(*new_id_statement())
    conn.execute(BUMP)
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version={FORMAT_VERSION}")
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (str(FORMAT_VERSION),))
    conn.execute("COMMIT")


def _upgrade(conn: sqlite3.Connection, before: int) -> None:
    """A database of an older format (or without a marker): mark it as Easel's, add what it lacks."""
    _stamp(conn, before)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the id reaches the file header now


def _logged(notice: Notice) -> Notice:
    log.warning(printable(notice.log))
    return notice
