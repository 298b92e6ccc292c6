"""Large immutable data that saved states name by reference, kept with the database.

One mechanism for every app: a saved state holds the SHA-256 of the data (a word deck, any
other list too large to repeat at every press), and the data itself is one row of `kept`, keyed
by that hash, written once per distinct content, in the transaction of the first step that
names it (`Keep`, from `App.kept`). Because the rows live in the database, a game in progress
needs nothing outside it to resume: a word pack edited or removed, or an update that changes
the built-in deck, leaves the game with the very words it was dealt from.

Rows are never changed, and a body is checked against its hash when read back, so a damaged
row cannot pass for the data a game names.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from device.digest import sha256_hex

KEPT_SCHEMA = ("CREATE TABLE IF NOT EXISTS kept (hash TEXT PRIMARY KEY, body BLOB NOT NULL)",)


@dataclass(frozen=True)
class Keep:
    """Data a saved state names by `key`, the SHA-256 of `body()`; the body is made only when
    the database does not have it yet (once per distinct content)."""

    key: str
    body: Callable[[], bytes]


class Shelf(Protocol):
    """Where saved states find the data they name (device.storage.store.Store)."""

    def kept(self, key: str) -> bytes | None:
        """The data kept under `key`, or None when the database does not have it."""


def key_of(body: bytes) -> str:
    """The key data is kept under: its SHA-256, in hex."""
    return sha256_hex(body)


def lines_body(lines: Sequence[str]) -> bytes:
    """A list of one-line texts (a word deck) as kept data: UTF-8, one a line. Its key is the
    deck's fingerprint (device/wordpacks.py), so a deck's reference already names it."""
    return "\n".join(lines).encode("utf-8")


def lines_of(body: bytes) -> tuple[str, ...]:
    """The texts `lines_body` kept."""
    text = body.decode("utf-8")
    return tuple(text.split("\n")) if text else ()


def write(cur: Any, items: Iterable[Keep]) -> None:
    """In the step's transaction: keep each item the database does not have yet."""
    for item in items:
        if cur.execute("SELECT 1 FROM kept WHERE hash=?", (item.key,)).fetchone() is None:
            body = item.body()
            if key_of(body) != item.key:
                raise ValueError(f"kept data does not match its key {item.key[:12]}")
            cur.execute("INSERT OR IGNORE INTO kept (hash, body) VALUES (?, ?)", (item.key, zlib.compress(body, 9)))


def read(conn: sqlite3.Connection, key: str) -> bytes | None:
    """The data kept under `key`; None when it is missing or does not match its key (damaged)."""
    row = conn.execute("SELECT body FROM kept WHERE hash=?", (key,)).fetchone()
    if row is None or not isinstance(row[0], bytes):
        return None
    try:
        body = zlib.decompress(row[0])
    except zlib.error:
        return None
    return body if key_of(body) == key else None
