"""Persistence: the session and per-app undo/redo stacks in SQLite (WAL, synchronous=FULL).

Each accepted press is one transaction. Inside a `one_commit` block (the runner's press or
tick) the writes wait in one open transaction whose COMMIT (the only sync) ends the block, so
the SD card's flush runs while the panel refreshes, and whatever acknowledges the step (`ok N`,
the next press, an undo) comes after it. When the disk refuses a write (full, read-only, held by
another program), play goes on from an in-memory copy: the statements of every step not yet on
disk are kept (`pending`) and replayed on the disk in one transaction as soon as it takes them.
Only Easel's own damaged databases are moved aside (see store_file.py for what is Easel's); a
few damaged rows lose only themselves (or their undo stack), and a -wal that does not follow on
from the file is kept aside, not applied (store_aside.py, store_wal.py). The schema, transactions
and row helpers are in store_rows.py.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

from device.storage import kept, set_aside
from device.storage.history import GameRecord
from device.storage.kept import Keep
from device.storage.set_aside import SetAside
from device.storage.store_aside import Notice
from device.storage.store_check import seal
from device.storage.store_clock import TICK, ClockRows
from device.storage.store_codec import dumps, pack, unpack
from device.storage.store_file import (
    FORMAT_VERSION,
    LOCK_WAIT_S,
    DatabaseLock,
    inspect,
    is_write_failure,
    make_parent,
    printable,
)
from device.storage.store_held import HeldCommits, HeldTransaction
from device.storage.store_open import create, open_file, start_fresh
from device.storage.store_rows import (
    CURRENT,
    Cursor,
    Recording,
    connect,
    games_in,
    read_aside,
    read_games,
    run_transaction,
)
from device.storage.store_wal import BUMP
from device.storage.store_words import WordHistoryRows, WordsDealt, record

__all__ = ["FORMAT_VERSION", "LOCK_WAIT_S", "RETRY_S", "UNDO_DEPTH", "Cursor", "Store", "StoreError",
           "games_in", "read_aside", "read_games"]

T = TypeVar("T")
log = logging.getLogger(__name__)

UNDO_DEPTH = 500
RETRY_S = 1.0  # a failed replay is not tried again by the next write before this much real time


class StoreError(RuntimeError):
    """The database could not be opened or checked."""


class Store(HeldCommits, WordHistoryRows, ClockRows):
    """The device's SQLite database; `path=None` keeps it in memory (headless runs, tests)."""

    def __init__(self, path: Path | None, lock_wait_s: float = LOCK_WAIT_S) -> None:
        self.path = path
        self.notices: list[Notice] = []  # what start-up set aside or dropped, shown once
        self.write_error = ""  # why the pending steps are not on disk
        self.pending: list[list[tuple[str, tuple[Any, ...]]]] = []
        self._memory: sqlite3.Connection | None = None
        self._replayable = True
        self.retry_s = RETRY_S
        self._next_try = 0.0
        self._wait_s = lock_wait_s
        self._lock: DatabaseLock | None = None
        self._held: HeldTransaction | None = None  # the open one_commit block's transaction
        if path is None:
            self._disk = connect(":memory:", lock_wait_s)
            create(self._disk)
            return
        found = inspect(path)
        make_parent(path)
        self._lock = DatabaseLock(path)
        try:
            self._disk, self.notices = open_file(path, found, lock_wait_s)
        except BaseException:
            self._lock.release()
            raise

    @property
    def notice(self) -> str:
        """What start-up set aside or dropped, in full for the log ('' when nothing)."""
        return "; ".join(n.log for n in self.notices)

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection holding the newest state (the in-memory copy while steps are pending)."""
        return self._memory if self._memory is not None else self._disk

    def _move_aside(self, reason: str) -> sqlite3.Connection:
        assert self.path is not None
        conn, notice = start_fresh(self.path, reason, self._wait_s)
        self.notices.append(notice)
        return conn

    def discard(self, reason: str) -> None:
        """The saved session failed validation after loading: move the database aside, start fresh."""
        if self.path is None:
            self._disk.close()
            self._disk = connect(":memory:", self._wait_s)
            create(self._disk)
            return
        with suppress(sqlite3.Error):
            self._disk.close()
        self._drop_memory()
        self._disk = self._move_aside(reason)

    # reading -------------------------------------------------------------------------------
    def load(self) -> tuple[dict[str, Any], int] | None:
        """The saved session and the clock reading it was saved at, or None on a fresh database."""
        row = self.conn.execute("SELECT session, now_ms FROM current WHERE id=1").fetchone()
        if row is None:
            return None
        return unpack(row[0]), int(row[1])

    def saved_ms(self) -> int | None:
        """The device clock at the last saved press (without unpacking the session), if any."""
        return self._now_ms("current")

    def tick_ms(self) -> int | None:
        """The device clock at the last countdown tick saved, if any."""
        return self._now_ms("ticks")

    def _now_ms(self, table: str) -> int | None:
        assert table in ("current", "ticks")  # a fixed table name, never one from outside, in SQL
        row = self.conn.execute(f"SELECT now_ms FROM {table} WHERE id=1").fetchone()
        return None if row is None else int(row[0])

    def resume_ms(self) -> int:
        """Where the device clock resumes: the last saved press or countdown tick, whichever is later."""
        return max(self.saved_ms() or 0, self.tick_ms() or 0)

    def depth(self, table: str, mode: str) -> int:
        """How many undo (or redo) steps are stored for an app."""
        assert table in ("undo", "redo")
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table} WHERE mode=?", (mode,)).fetchone()[0])

    def games(self) -> list[GameRecord]:
        """Every finished game, oldest first."""
        return games_in(self.conn)

    def kept(self, key: str) -> bytes | None:
        """The data kept under `key` (storage/kept.py), None when missing or damaged."""
        return kept.read(self.conn, key)

    def set_aside(self, game: SetAside) -> None:
        """Keep a saved game that cannot resume aside, whole (storage/set_aside.py)."""
        self._write(lambda cur: set_aside.write(cur, game))

    def games_aside(self) -> list[SetAside]:
        """Every game kept aside, oldest first."""
        return set_aside.read_all(self.conn)

    # writing -------------------------------------------------------------------------------
    def _write(self, work: Callable[[Any], T], held: bool = True) -> T:
        """Run `work` in one transaction on disk (the open one of a `one_commit` block unless not
        `held`); if the disk refuses it, in memory (pending)."""
        if not self.pending:
            if held and self._held is not None:
                return self._join(work)
            try:
                return self._on_disk(work)
            except sqlite3.Error as exc:
                if not is_write_failure(exc) or self.path is None:
                    raise
                self._start_pending(exc)
        assert self._memory is not None
        recording = Recording(self._memory.cursor())
        result = run_transaction(self._memory, work, recording)
        if any(sql.startswith(CURRENT) for sql, _ in recording.statements):
            # the newest session replaces the whole row: older copies need not wait in memory
            self.pending = [[(sql, p) for sql, p in step if not sql.startswith(CURRENT)] for step in self.pending]
        self.pending.append(recording.statements)
        if time.monotonic() >= self._next_try:  # replaying costs more as steps pile up: not at every press
            self.flush()
        return result

    def _on_disk(self, work: Callable[[Any], T]) -> T:
        """Run `work` in one transaction on disk; when the disk refuses it, once more after a
        checkpoint (a full disk: the WAL may hold the space we need). Raises the last error."""
        def counted(cur: Cursor) -> T:
            result = work(cur)
            cur.execute(BUMP)  # one per commit on disk, never replayed: store_wal.py counts them
            return result

        try:
            return run_transaction(self._disk, counted)
        except sqlite3.Error as exc:
            if not is_write_failure(exc) or self.path is None:
                raise
        with suppress(sqlite3.Error):
            self._disk.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return run_transaction(self._disk, counted)

    def _start_pending(self, exc: sqlite3.Error) -> None:
        self.write_error = str(exc)
        memory = connect(":memory:", self._wait_s)
        try:
            self._disk.backup(memory)
        except sqlite3.Error:
            create(memory)  # the disk cannot even be read: play on, never replay onto it
            self._replayable = False
        self._memory = memory
        log.error("%s: cannot write (%s); the game goes on in memory", printable(self.path), exc)

    def flush(self) -> bool:
        """Write every pending step to disk in one transaction; True when nothing is pending.

        Writes try this by themselves at most every `retry_s` seconds; the runner also calls it
        at its retry deadlines and at exit."""
        if not self.pending:
            return True
        if not self._replayable:
            return False
        steps = list(self.pending)

        def replay(cur: sqlite3.Cursor) -> None:
            for statements in steps:
                for sql, params in statements:
                    cur.execute(sql, params)

        try:
            self._on_disk(replay)
        except sqlite3.Error as exc:
            self.write_error = str(exc)
            self._next_try = time.monotonic() + self.retry_s
            if not is_write_failure(exc):
                log.error("replaying the pending steps failed: %s", exc)
            return False
        log.warning("%s: %d pending step(s) written", printable(self.path), len(steps))
        self.write_error = ""
        self._drop_memory()
        return True

    def _drop_memory(self) -> None:
        if self._memory is not None:
            self._memory.close()
            self._memory = None
        self.pending.clear()

    def save(self, session: dict[str, Any], now_ms: int,
             undo: tuple[str, str, dict[str, Any], int] | None = None,
             finished: GameRecord | None = None, dealt: WordsDealt | None = None,
             keep: Sequence[Keep] = ()) -> None:
        """Write the session; `undo` = (mode, label, state before, its saved form) pushes an undo
        step; `finished` records a game that just ended in the history; `dealt` records words
        shown; `keep` is the data the saved states name (written once: storage/kept.py)."""

        def work(cur: Cursor) -> None:
            kept.write(cur, keep)
            record(cur, dealt)
            if undo is not None:
                mode, label, before, form = undo
                cur.execute("INSERT INTO undo (mode, label, state, form) VALUES (?, ?, ?, ?)",
                            (mode, label, pack(before), form))
                cur.execute("DELETE FROM redo WHERE mode=?", (mode,))
                cur.execute(
                    "DELETE FROM undo WHERE mode=? AND seq NOT IN "
                    "(SELECT seq FROM undo WHERE mode=? ORDER BY seq DESC LIMIT ?)", (mode, mode, UNDO_DEPTH))
            if finished is not None:
                cur.execute(
                    "INSERT OR REPLACE INTO games (key, game, finished, players, scores, winners, seed) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (finished.key, finished.game, finished.finished, dumps(list(finished.players)),
                     dumps(list(finished.scores)), dumps(list(finished.winners)), finished.seed))
            self._current(cur, session, now_ms)

        self._write(work)

    def save_tick(self, now_ms: int) -> bool:
        """Record the device clock (one small row: the end of a script's `wait`, virtual time a
        restart resumes from); skipped while steps are pending. True when the clock is on disk (in a
        `one_commit` block: held for the block's commit)."""
        if self.pending:
            return False
        return self._clock_row(lambda cur: cur.execute(TICK, (now_ms,)), lambda: self._disk.execute(TICK, (now_ms,)))

    def step_back(self, table: str, mode: str, current: tuple[dict[str, Any], int],
                  session_after: Callable[[dict[str, Any], int], dict[str, Any]],
                  now_ms: int) -> tuple[str, dict[str, Any], int] | None:
        """Pop the newest undo (or redo) step of `mode`, pushing the current state (and its saved
        form) on the other stack.

        `session_after(state, form)` builds the session to save once the popped state is restored.
        Returns (label, restored state, its saved form) or None when the stack is empty.
        """
        assert table in ("undo", "redo")  # the two step tables: never a name from elsewhere in SQL
        other = "redo" if table == "undo" else "undo"

        def work(cur: Cursor) -> tuple[str, dict[str, Any], int] | None:
            row = cur.execute(
                f"SELECT seq, label, state, form FROM {table} WHERE mode=? ORDER BY seq DESC LIMIT 1", (mode,)
            ).fetchone()
            if row is None:
                return None
            seq, label, state_json, form = row
            restored: dict[str, Any] = unpack(state_json)
            cur.execute(f"DELETE FROM {table} WHERE seq=?", (seq,))
            cur.execute(f"INSERT INTO {other} (mode, label, state, form) VALUES (?, ?, ?, ?)",
                        (mode, label, pack(current[0]), current[1]))
            self._current(cur, session_after(restored, int(form)), now_ms)
            return str(label), restored, int(form)

        return self._write(work)

    def drop_newest(self, table: str, mode: str) -> None:
        """Delete the newest undo (or redo) step of `mode` (it could not be restored)."""
        assert table in ("undo", "redo")

        def work(cur: Cursor) -> None:
            cur.execute(f"DELETE FROM {table} WHERE seq=(SELECT MAX(seq) FROM {table} WHERE mode=?)", (mode,))

        self._write(work)

    def forget(self, mode: str, session: dict[str, Any], now_ms: int) -> None:
        """Drop an app's undo and redo steps (a new game started) and save the session."""

        def work(cur: Cursor) -> None:
            cur.execute("DELETE FROM undo WHERE mode=?", (mode,))
            cur.execute("DELETE FROM redo WHERE mode=?", (mode,))
            self._current(cur, session, now_ms)

        self._write(work)

    def _seal(self) -> None:
        """Record the digest of the rows a full check passed, so the next start need not decode
        them (store_check.py); nothing is written when they did not change."""
        statement = seal(self._disk)
        if statement is not None:
            self._on_disk(lambda cur: cur.execute(*statement))

    def close(self) -> int:
        """Write what is pending if the disk allows, checkpoint and close; returns the steps not saved."""
        self._commit_held()
        unsaved = 0 if self.flush() else len(self.pending)
        if not unsaved and self.path is not None:
            with suppress(sqlite3.Error):
                self._seal()
        with suppress(sqlite3.Error):
            self._disk.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with suppress(sqlite3.Error):
            self._disk.close()
        self._drop_memory()
        if self._lock is not None:
            self._lock.release()
        return unsaved
