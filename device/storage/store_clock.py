"""The clock mark: where the device clock stood, and the wall clock then, at the last moment Easel
wrote (a step, a clean stop, a view switch), so a sandglass's time can be derived after a stop
without writing while it runs. It rides in `meta`, whose page every commit rewrites anyway (the
commit count), so it costs no page of its own; an older Easel ignores it."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from device.storage.store_file import is_write_failure
from device.storage.store_rows import Cursor, write_current

log = logging.getLogger("device.storage.store")
TICK = "INSERT OR REPLACE INTO ticks (id, now_ms) VALUES (1, ?)"  # where the device clock resumes

How = Literal["step", "closed", "switch", "lost"]
HOWS: tuple[How, ...] = ("step", "closed", "switch", "lost")
KEY = "clock"


@dataclass(frozen=True)
class ClockMark:
    """The device clock (`now_ms`) and the wall clock (`wall_ms`, Unix ms; None on a virtual clock)
    read together, and what was happening: a `step` saved (Easel ran on after it), Easel `closed`
    cleanly, the web view `switch`ed (the game goes on at once), or Easel stopped while the time
    was held after a loss (`lost`)."""

    now_ms: int
    wall_ms: int | None
    how: How

    def statement(self) -> tuple[str, tuple[Any, ...]]:
        """The statement that writes this mark."""
        wall = "-" if self.wall_ms is None else str(self.wall_ms)
        return "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (KEY, f"{self.now_ms} {wall} {self.how}")


def read_mark(conn: sqlite3.Connection) -> ClockMark | None:
    """The last mark written, or None (none yet, an older Easel's database, or a damaged value)."""
    row = conn.execute("SELECT value FROM meta WHERE key=?", (KEY,)).fetchone()
    if row is None or not isinstance(row[0], str):
        return None
    parts = row[0].split(" ")
    if len(parts) != 3 or parts[2] not in HOWS or not parts[0].isdigit() or not (parts[1] == "-" or parts[1].isdigit()):
        return None
    how: How = parts[2]
    return ClockMark(int(parts[0]), None if parts[1] == "-" else int(parts[1]), how)


class _Rows(Protocol):
    """What the clock rows need of the store: its connection, its pending steps and its writes."""

    stamp: Callable[[int], ClockMark]
    pending: list[Any]

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection holding the newest state."""

    @property
    def _held(self) -> object | None:
        """The open `one_commit` block's transaction, if any."""

    def _join(self, work: Callable[[Any], Any]) -> Any:
        """Run `work` in the open block's transaction."""

    def _on_disk(self, work: Callable[[Any], Any]) -> Any:
        """Run `work` in one transaction on disk."""

    def _clock_row(self, work: Callable[[Cursor], Any], direct: Callable[[], Any]) -> bool:
        """Write a clock row (ClockRows._clock_row)."""


def step_mark(now_ms: int) -> ClockMark:
    """A step's mark with no wall clock (until the runner gives the store its clocks' readings)."""
    return ClockMark(now_ms, None, "step")


class ClockRows:
    """The store's clock-mark methods (device.storage.store.Store)."""

    stamp: Callable[[int], ClockMark] = staticmethod(step_mark)  # what each saved step stamps beside the session

    def clock_mark(self: _Rows) -> ClockMark | None:
        """The device and wall clocks at the last step, stop or switch written, if any."""
        return read_mark(self.conn)

    def _current(self: _Rows, cur: Cursor, session: dict[str, Any], now_ms: int) -> None:
        """The session row and, beside it, the clocks' mark of this step."""
        write_current(cur, session, now_ms)
        cur.execute(*self.stamp(now_ms).statement())

    def mark_clock(self: _Rows, mark: ClockMark) -> bool:
        """Write where the device clock stands (a clean stop, a view switch, the press that lets
        held time run again): the `ticks` row, so the clock resumes there, and the mark beside it;
        skipped while steps are pending (no step of its own). True when it is on disk."""
        if self.pending:
            return False

        def work(cur: Cursor) -> None:
            cur.execute(TICK, (mark.now_ms,))
            cur.execute(*mark.statement())

        return self._clock_row(work, lambda: self._on_disk(work))

    def _clock_row(self: _Rows, work: Callable[[Cursor], Any], direct: Callable[[], Any]) -> bool:
        """Write a clock row: in the open one_commit block if there is one (on disk with its
        commit), else by `direct`; a disk that refuses it costs a log line, never a step. True
        when it is on disk."""
        try:
            if self._held is not None:
                self._join(work)
                return not self.pending
            direct()
        except sqlite3.Error as exc:
            if not is_write_failure(exc):
                raise
            log.warning("device clock not saved: %s", exc)
            return False
        return True
