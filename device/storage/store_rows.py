"""The rows of an Easel database: its schema, one transaction's plumbing (BEGIN IMMEDIATE ...
COMMIT, a cursor that records what it changes) and reading and writing the session and games."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, Protocol, TypeVar

from device.invocation import easel_command
from device.storage import set_aside
from device.storage.history import GameRecord, unnamed_seats
from device.storage.kept import KEPT_SCHEMA
from device.storage.set_aside import ASIDE_SCHEMA, SetAside
from device.storage.store_check import damaged_games
from device.storage.store_codec import pack
from device.storage.store_file import SEATS_AS_DATA, ReadOnlyCopy, inspect, refused
from device.storage.store_wal import foreign_wal
from device.storage.store_words import WORDS_SCHEMA

T = TypeVar("T")

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS current (id INTEGER PRIMARY KEY CHECK (id = 1),"
    " session TEXT NOT NULL, now_ms INTEGER NOT NULL)",
    # `label`: the step as data (JSON, device/i18n.py); `form`: the version of the app's saved form
    "CREATE TABLE IF NOT EXISTS undo (seq INTEGER PRIMARY KEY AUTOINCREMENT,"
    " mode TEXT NOT NULL, label TEXT NOT NULL, state TEXT NOT NULL, form INTEGER NOT NULL DEFAULT 1)",
    "CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE,"
    " game TEXT NOT NULL, finished TEXT NOT NULL, players TEXT NOT NULL,"
    " scores TEXT NOT NULL, winners TEXT NOT NULL, seed INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS redo (seq INTEGER PRIMARY KEY AUTOINCREMENT,"
    " mode TEXT NOT NULL, label TEXT NOT NULL, state TEXT NOT NULL, form INTEGER NOT NULL DEFAULT 1)",
    # the device clock while a countdown runs: one small row, updated each shown second
    "CREATE TABLE IF NOT EXISTS ticks (id INTEGER PRIMARY KEY CHECK (id = 1), now_ms INTEGER NOT NULL)",
    *WORDS_SCHEMA,
    *KEPT_SCHEMA,
    *ASIDE_SCHEMA,
)


class Cursor(Protocol):
    """What a transaction's work may call."""

    def execute(self, sql: str, params: tuple[Any, ...] = ..., /) -> sqlite3.Cursor:
        """Run one statement."""


class Recording:
    """A cursor that remembers every statement that changes something, to replay it on disk."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self.cursor = cursor
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    def execute(self, sql: str, params: tuple[Any, ...] = (), /) -> sqlite3.Cursor:
        if not sql.lstrip().upper().startswith("SELECT"):
            self.statements.append((sql, params))
        return self.cursor.execute(sql, params)


def connect(target: str, wait_s: float) -> sqlite3.Connection:
    """A connection in autocommit mode: transactions are explicit (run_transaction)."""
    return sqlite3.connect(target, timeout=wait_s, isolation_level=None, check_same_thread=False)


def run_transaction(conn: sqlite3.Connection, work: Callable[[Any], T], cursor: Any = None) -> T:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(cursor if cursor is not None else conn.cursor())
        conn.execute("COMMIT")
        return result
    except BaseException:
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


def games_in(conn: sqlite3.Connection, translated: bool = False) -> list[GameRecord]:
    """Every finished game in an Easel database, oldest first (`translated`: a database of a
    format before 5, read without upgrading it, stored an unnamed seat as "Seat 2")."""
    rows = conn.execute("SELECT game, finished, players, scores, winners, seed, key FROM games ORDER BY id").fetchall()
    seats = unnamed_seats if translated else tuple
    return [GameRecord(game=r[0], finished=r[1], players=seats(json.loads(r[2])),
                       scores=tuple(json.loads(r[3])), winners=tuple(json.loads(r[4])), seed=int(r[5]), key=r[6])
            for r in rows]


def read_games(path: Path) -> list[GameRecord]:
    """The history of the database at `path`, read without creating, changing or renaming any file."""
    found = inspect(path)
    if found.kind == "new":
        return []
    with ReadOnlyCopy(path, with_wal=foreign_wal(path) is None) as conn:  # as `easel play` would open it
        try:
            damaged = damaged_games(conn)
            if not damaged:
                return games_in(conn, translated=found.kind == "legacy" or found.version < SEATS_AS_DATA)
            problem, fix = damaged[0].why, f"run `{easel_command()} play` to drop it (a copy is kept)"
        except sqlite3.DatabaseError as exc:
            problem, fix = str(exc), f"run `{easel_command()} play` to move it aside"
    raise refused(path, f"is damaged ({problem[:60]})", fix)


def read_aside(path: Path) -> list[SetAside]:
    """The games kept aside in the database at `path` (storage/set_aside.py), read as
    `read_games` reads (a database `read_games` accepted: no file created or changed)."""
    if inspect(path).kind == "new":
        return []
    with ReadOnlyCopy(path, with_wal=foreign_wal(path) is None) as conn:
        return set_aside.read_all(conn)


CURRENT = "INSERT OR REPLACE INTO current "


def write_current(cur: Cursor, session: dict[str, Any], now_ms: int) -> None:
    """Replace the saved session (the one `current` row)."""
    cur.execute(CURRENT + "(id, session, now_ms) VALUES (1, ?, ?)", (pack(session), now_ms))
