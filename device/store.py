"""Persistence: the session and per-app undo/redo stacks in SQLite (WAL, synchronous=FULL).

Each accepted press is one transaction, written before the screen changes, so a power cut
loses nothing that was acknowledged. A database that cannot be used is moved aside, never
silently reused.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from device.history import GameRecord

T = TypeVar("T")

FORMAT_VERSION = 1
UNDO_DEPTH = 500

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS current (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    session TEXT NOT NULL,
    now_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS undo (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    mode TEXT NOT NULL, label TEXT NOT NULL, state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL, finished TEXT NOT NULL, players TEXT NOT NULL,
    scores TEXT NOT NULL, winners TEXT NOT NULL, seed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS redo (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    mode TEXT NOT NULL, label TEXT NOT NULL, state TEXT NOT NULL
);
"""


class StoreError(RuntimeError):
    """The database could not be opened or checked."""


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class Store:
    """The device's SQLite database; `path=None` keeps it in memory (headless runs, tests)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.notice = ""
        self.in_memory_fallback = False
        self.conn = self._open_checked()

    def _connect(self) -> sqlite3.Connection:
        target = ":memory:" if self.path is None else str(self.path)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        return conn

    def _open_checked(self) -> sqlite3.Connection:
        try:
            conn = self._connect()
            ok = conn.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise StoreError(f"integrity check failed: {ok}")
            conn.executescript(_SCHEMA)
            row = conn.execute("SELECT value FROM meta WHERE key='format'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta VALUES ('format', ?)", (str(FORMAT_VERSION),))
            elif int(row[0]) > FORMAT_VERSION:
                raise StoreError(f"written by a newer Easel (format {row[0]}, this one reads {FORMAT_VERSION})")
            return conn
        except (sqlite3.DatabaseError, StoreError, ValueError) as exc:
            if self.path is None:
                raise
            return self._move_aside(str(exc))

    def _move_aside(self, reason: str) -> sqlite3.Connection:
        assert self.path is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.broken-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(self.path) + suffix)
            if part.exists():
                part.rename(Path(str(aside) + suffix))
        self.notice = f"{self.path}: unusable database ({reason}); moved aside to {aside.name}, starting fresh"
        conn = self._connect()
        conn.executescript(_SCHEMA)
        conn.execute("INSERT INTO meta VALUES ('format', ?)", (str(FORMAT_VERSION),))
        return conn

    # reading -------------------------------------------------------------------------------
    def load(self) -> tuple[dict[str, Any], int] | None:
        """The saved session and the clock reading it was saved at, or None on a fresh database."""
        row = self.conn.execute("SELECT session, now_ms FROM current WHERE id=1").fetchone()
        if row is None:
            return None
        return json.loads(row[0]), int(row[1])

    def depth(self, table: str, mode: str) -> int:
        """How many undo (or redo) steps are stored for an app."""
        assert table in ("undo", "redo")
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table} WHERE mode=?", (mode,)).fetchone()[0])

    # writing -------------------------------------------------------------------------------
    def _write(self, work: Callable[[sqlite3.Cursor], T]) -> T:
        """Run `work` in one transaction; on a disk failure, once more on the in-memory fallback."""
        for _ in range(2):
            try:
                with self._transaction() as cur:
                    return work(cur)
            except _Retry:
                continue
        raise StoreError("the in-memory fallback refused a write")

    def save(self, session: dict[str, Any], now_ms: int,
             undo: tuple[str, str, dict[str, Any]] | None = None,
             finished: GameRecord | None = None) -> None:
        """Write the session; `undo` = (mode, label, state before) pushes an undo step;
        `finished` records a game that just ended in the history."""

        def work(cur: sqlite3.Cursor) -> None:
            if undo is not None:
                mode, label, before = undo
                cur.execute("INSERT INTO undo (mode, label, state) VALUES (?, ?, ?)", (mode, label, _dumps(before)))
                cur.execute("DELETE FROM redo WHERE mode=?", (mode,))
                cur.execute(
                    "DELETE FROM undo WHERE mode=? AND seq NOT IN "
                    "(SELECT seq FROM undo WHERE mode=? ORDER BY seq DESC LIMIT ?)", (mode, mode, UNDO_DEPTH))
            if finished is not None:
                cur.execute(
                    "INSERT OR REPLACE INTO games (key, game, finished, players, scores, winners, seed) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (finished.key, finished.game, finished.finished, _dumps(list(finished.players)),
                     _dumps(list(finished.scores)), _dumps(list(finished.winners)), finished.seed))
            self._write_current(cur, session, now_ms)

        self._write(work)

    def step_back(self, table: str, mode: str, current_state: dict[str, Any],
                  session_after: Callable[[dict[str, Any]], dict[str, Any]],
                  now_ms: int) -> tuple[str, dict[str, Any]] | None:
        """Pop the newest undo (or redo) step of `mode`, pushing the current state on the other stack.

        `session_after(state)` builds the session to save once the popped state is restored.
        Returns (label, restored state) or None when the stack is empty.
        """
        other = "redo" if table == "undo" else "undo"

        def work(cur: sqlite3.Cursor) -> tuple[str, dict[str, Any]] | None:
            row = cur.execute(
                f"SELECT seq, label, state FROM {table} WHERE mode=? ORDER BY seq DESC LIMIT 1", (mode,)
            ).fetchone()
            if row is None:
                return None
            seq, label, state_json = row
            restored: dict[str, Any] = json.loads(state_json)
            cur.execute(f"DELETE FROM {table} WHERE seq=?", (seq,))
            cur.execute(f"INSERT INTO {other} (mode, label, state) VALUES (?, ?, ?)",
                        (mode, label, _dumps(current_state)))
            self._write_current(cur, session_after(restored), now_ms)
            return str(label), restored

        return self._write(work)

    def forget(self, mode: str, session: dict[str, Any], now_ms: int) -> None:
        """Drop an app's undo and redo steps (a new game started) and save the session."""

        def work(cur: sqlite3.Cursor) -> None:
            cur.execute("DELETE FROM undo WHERE mode=?", (mode,))
            cur.execute("DELETE FROM redo WHERE mode=?", (mode,))
            self._write_current(cur, session, now_ms)

        self._write(work)

    def games(self) -> list[GameRecord]:
        """Every finished game, oldest first."""
        rows = self.conn.execute(
            "SELECT game, finished, players, scores, winners, seed, key FROM games ORDER BY id").fetchall()
        return [GameRecord(game=r[0], finished=r[1], players=tuple(json.loads(r[2])),
                           scores=tuple(json.loads(r[3])), winners=tuple(json.loads(r[4])), seed=int(r[5]),
                           key=r[6])
                for r in rows]

    def close(self) -> None:
        """Checkpoint and close."""
        try:
            self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self.conn.close()

    def _write_current(self, cur: sqlite3.Cursor, session: dict[str, Any], now_ms: int) -> None:
        cur.execute("INSERT OR REPLACE INTO current (id, session, now_ms) VALUES (1, ?, ?)",
                    (_dumps(session), now_ms))

    def _transaction(self) -> _Transaction:
        return _Transaction(self)

    def fall_back_to_memory(self, reason: str) -> None:
        """The disk refused a write (full, read-only, gone): copy what we have into memory and go on."""
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            self.conn.backup(memory)
        except sqlite3.Error:
            memory.executescript(_SCHEMA)
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
        self.conn = memory
        self.in_memory_fallback = True
        self.notice = f"{self.path}: cannot write ({reason}); the game goes on in memory"


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error.

    When the disk itself fails (full, read-only, removed) the store falls back to memory and
    the same writes are replayed there, so play goes on and nothing is half-written.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def __enter__(self) -> sqlite3.Cursor:
        self.store.conn.execute("BEGIN IMMEDIATE")
        return self.store.conn.cursor()

    def __exit__(self, kind: object, value: object, tb: object) -> Literal[False]:
        conn = self.store.conn
        if kind is None:
            try:
                conn.execute("COMMIT")
                return False
            except sqlite3.OperationalError as exc:
                value = exc
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        if isinstance(value, sqlite3.OperationalError) and _is_disk_failure(value) \
                and not self.store.in_memory_fallback:
            self.store.fall_back_to_memory(str(value))
            raise _Retry() from value
        if kind is None and isinstance(value, BaseException):  # the COMMIT itself failed
            raise value
        return False


class _Retry(Exception):
    """Internal: repeat the transaction on the in-memory fallback."""


def _is_disk_failure(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return any(word in text for word in ("full", "disk i/o", "readonly", "read-only", "unable to open"))
