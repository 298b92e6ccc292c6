"""The clock mark: where the device clock stood, and the wall clock then, at the last moment Easel
wrote (a step, a clean stop, a view switch), so a sandglass's time can be derived after a stop
without writing while it runs. It rides in `meta`, whose page every commit rewrites anyway (the
commit count), so it costs no page of its own; an older Easel ignores it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any, Literal

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
