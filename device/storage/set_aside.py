"""Games in progress that could not resume, kept aside whole in the database, never overwritten.

When a saved game cannot be loaded any more (the data it names is gone: a deck saved by an Easel
before kept data, whose pack then changed), the app starts afresh, but the game as it was saved
is first copied here, once (a row per distinct saved state), with why. `easel history` lists
these games with their scores so far; nothing ever changes or deletes a row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from device.digest import sha256_hex
from device.storage.store_codec import dumps, pack, unpack

ASIDE_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS aside (id INTEGER PRIMARY KEY AUTOINCREMENT, hash TEXT NOT NULL UNIQUE,"
    " mode TEXT NOT NULL, reason TEXT NOT NULL, form INTEGER NOT NULL, state BLOB NOT NULL)",
)


@dataclass(frozen=True)
class SetAside:
    """A game kept aside: its app, why it could not resume, and its state as saved."""

    mode: str
    reason: str
    form: int
    state: dict[str, Any]


def write(cur: Any, kept: SetAside) -> None:
    """Keep a saved game aside (a state already kept aside is not kept twice)."""
    digest = sha256_hex(f"{kept.mode}\n{dumps(kept.state)}".encode())
    cur.execute("INSERT OR IGNORE INTO aside (hash, mode, reason, form, state) VALUES (?, ?, ?, ?, ?)",
                (digest, kept.mode, kept.reason, kept.form, pack(kept.state)))


def read_all(conn: Any) -> list[SetAside]:
    """Every game kept aside, oldest first (a row that does not read back is skipped)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "aside" not in tables:  # a database of a format before 5, read without upgrading it
        return []
    found = []
    for mode, reason, form, state in conn.execute("SELECT mode, reason, form, state FROM aside ORDER BY id"):
        try:
            data = unpack(state)
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(mode, str) and isinstance(form, int):
            found.append(SetAside(mode, str(reason), form, data))
    return found
