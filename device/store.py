"""Persistence: the session and per-app undo/redo stacks in SQLite (WAL, synchronous=FULL).

Each accepted press is one transaction, written before the screen changes, so a power cut
loses nothing that was acknowledged. A database that cannot be used is moved aside, never
silently reused.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

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
    def save(self, session: dict[str, Any], now_ms: int,
             undo: tuple[str, str, dict[str, Any]] | None = None) -> None:
        """Write the session; with `undo` = (mode, label, state before), push an undo step."""
        with self._transaction() as cur:
            if undo is not None:
                mode, label, before = undo
                cur.execute("INSERT INTO undo (mode, label, state) VALUES (?, ?, ?)", (mode, label, _dumps(before)))
                cur.execute("DELETE FROM redo WHERE mode=?", (mode,))
                cur.execute(
                    "DELETE FROM undo WHERE mode=? AND seq NOT IN "
                    "(SELECT seq FROM undo WHERE mode=? ORDER BY seq DESC LIMIT ?)", (mode, mode, UNDO_DEPTH))
            self._write_current(cur, session, now_ms)

    def step_back(self, table: str, mode: str, current_state: dict[str, Any], session_after: Any,
                  now_ms: int) -> tuple[str, dict[str, Any]] | None:
        """Pop the newest undo (or redo) step of `mode`, pushing the current state on the other stack.

        `session_after(state)` builds the session to save once the popped state is restored.
        Returns (label, restored state) or None when the stack is empty.
        """
        other = "redo" if table == "undo" else "undo"
        with self._transaction() as cur:
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
            return label, restored

    def forget(self, mode: str, session: dict[str, Any], now_ms: int) -> None:
        """Drop an app's undo and redo steps (a new game started) and save the session."""
        with self._transaction() as cur:
            cur.execute("DELETE FROM undo WHERE mode=?", (mode,))
            cur.execute("DELETE FROM redo WHERE mode=?", (mode,))
            self._write_current(cur, session, now_ms)

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
        return _Transaction(self.conn)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Cursor:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn.cursor()

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        if kind is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")
