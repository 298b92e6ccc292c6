"""Every row of an Easel database validated on load, so a damaged row is found at start-up
instead of crashing play later. A damaged session moves the database aside; a damaged undo step,
history row or word row is named (`Damage`) so that only it (or its undo stack) is dropped.

Decoding every undo state costs start-up time in proportion to the history (500 deflated states
at the undo cap), so a clean close records a digest of the undo, redo and history rows in `meta`
once a full check of them found nothing (`seal`). At the next start those rows are hashed, not
decoded: the same digest means each is byte for byte one the full check passed; any difference
(a row changed by another program, a bit the card flipped while Easel was off) or no digest (a
power cut, a kill, an older Easel) means the full check runs, as before. The session, the word
rows and the clock rows are checked in full at every start.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from device.digest import blake2b
from device.storage.store_codec import unpack
from device.storage.store_words import validate_word_rows


class CorruptRow(Exception):
    """A row that Easel could not have written."""


def _json(text: Any, kind: type, where: str) -> Any:
    if not isinstance(text, str | bytes):
        raise CorruptRow(f"{where} is not text")
    try:
        value = unpack(text)
    except ValueError:
        raise CorruptRow(f"{where} is not valid JSON (truncated?)") from None
    if not isinstance(value, kind):
        raise CorruptRow(f"{where} is not a JSON {kind.__name__}")
    return value


def _integer(value: Any, where: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CorruptRow(f"{where} is not a whole number of milliseconds")


@dataclass(frozen=True)
class Damage:
    """A row Easel could not have written, other than the session: `drops` are the statements
    (with `params`) that remove what it spoils: an undo stack, a history row, the word rows."""

    why: str
    drops: tuple[str, ...]
    params: tuple[Any, ...]
    kind: str  # "undo" (an undo or redo stack), "history" (a finished game), "words", "clock"


SEAL = "rows_checked"  # the meta key of the digest of the rows the last full check passed
# What the full check of steps and history reads: each table's columns in a fixed order.
_SEALED = ("SELECT seq, mode, label, state FROM undo ORDER BY seq",
           "SELECT seq, mode, label, state FROM redo ORDER BY seq",
           "SELECT id, key, game, finished, players, scores, winners, seed FROM games ORDER BY id")


def find_damage(conn: sqlite3.Connection) -> list[Damage]:
    """Every damaged row but the session's, each with the statement that drops what it spoils
    (undo, redo and history rows decoded only when they differ from those last sealed)."""
    found = [] if _sealed(conn) == rows_digest(conn) else _damaged_steps(conn) + damaged_games(conn)
    problem = validate_word_rows(conn)
    if problem is not None:
        found.append(Damage(problem, ("DELETE FROM words_used", "DELETE FROM words_cycle"), (), "words"))
    for rowid, now_ms in conn.execute("SELECT rowid, now_ms FROM ticks"):
        try:
            _integer(now_ms, "ticks.now_ms")
        except CorruptRow as exc:
            found.append(Damage(str(exc), ("DELETE FROM ticks WHERE rowid=?",), (rowid,), "clock"))
    return found


def rows_digest(conn: sqlite3.Connection) -> str:
    """A digest of every undo, redo and history row as stored (each value's type, length and
    bytes): hashing them costs a fraction of decoding them."""
    digest = blake2b(20)
    update = digest.update
    for query in _SEALED:
        update(b"|")
        for row in conn.execute(query):
            for value in row:
                if isinstance(value, bytes):
                    update(b"b%d:" % len(value))
                    update(value)
                else:  # text, a number or NULL: repr keeps the type apart ('1' from 1)
                    text = repr(value).encode("utf-8", "surrogatepass")
                    update(b"r%d:" % len(text))
                    update(text)
    return str(digest.hexdigest())


def seal(conn: sqlite3.Connection) -> tuple[str, tuple[str, str]] | None:
    """At a clean close: the statement recording the rows' digest once the full check of them
    finds nothing, or None (nothing changed since the last seal, or a row is damaged: the next
    start checks and drops it)."""
    digest = rows_digest(conn)
    if digest == _sealed(conn) or _damaged_steps(conn) or damaged_games(conn):
        return None
    return "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (SEAL, digest)


def _sealed(conn: sqlite3.Connection) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key=?", (SEAL,)).fetchone()
    return row[0] if row is not None and isinstance(row[0], str) else None


def validate_session(conn: sqlite3.Connection) -> None:
    """Raise CorruptRow when the saved session row is damaged (the game in progress is lost)."""
    _validate_current(conn)


def _validate_current(conn: sqlite3.Connection) -> None:
    for row_id, session, now_ms in conn.execute("SELECT id, session, now_ms FROM current"):
        if row_id != 1:
            raise CorruptRow(f"current row {row_id} should not exist")
        _json(session, dict, "the saved session")
        _integer(now_ms, "current.now_ms")


def _damaged_steps(conn: sqlite3.Connection) -> list[Damage]:
    found: list[Damage] = []
    stacks: set[str] = set()
    for table in ("undo", "redo"):
        for seq, mode, label, state in conn.execute(f"SELECT seq, mode, label, state FROM {table}"):
            try:
                if not isinstance(mode, str) or not isinstance(label, str):
                    raise CorruptRow(f"{table} row {seq} has no mode or label")
                _json(state, dict, f"{table} row {seq}")
            except CorruptRow as exc:
                if not isinstance(mode, str):  # no stack to name: only the row goes
                    found.append(Damage(str(exc), (f"DELETE FROM {table} WHERE seq=?",), (seq,), "undo"))
                elif mode not in stacks:  # a stack with a hole would undo to the wrong step: all of it goes
                    stacks.add(mode)
                    found.append(Damage(str(exc), ("DELETE FROM undo WHERE mode=?", "DELETE FROM redo WHERE mode=?"),
                                        (mode,), "undo"))
    return found


def damaged_games(conn: sqlite3.Connection) -> list[Damage]:
    """Every history row Easel could not have written."""
    found: list[Damage] = []
    games = conn.execute("SELECT id, key, game, finished, players, scores, winners, seed FROM games")
    for row_id, key, game, finished, players, scores, winners, seed in games:
        try:
            _validate_game(f"games row {row_id}", key, game, finished, players, scores, winners, seed)
        except CorruptRow as exc:
            found.append(Damage(str(exc), ("DELETE FROM games WHERE id=?",), (row_id,), "history"))
    return found


def _validate_game(where: str, key: Any, game: Any, finished: Any, players: Any, scores: Any,
                   winners: Any, seed: Any) -> None:
    if not all(isinstance(v, str) for v in (key, game, finished)):
        raise CorruptRow(f"{where} has no key, game or date")
    names = _json(players, list, f"{where} players")
    points = _json(scores, list, f"{where} scores")
    won = _json(winners, list, f"{where} winners")
    if not all(isinstance(n, str) for n in names) or len(points) != len(names) \
            or not all(isinstance(p, int) for p in points) or not all(isinstance(w, int) for w in won):
        raise CorruptRow(f"{where} has players, scores and winners that do not match")
    if not isinstance(seed, int):
        raise CorruptRow(f"{where} has no seed")
