"""Every row of an Easel database validated on load, so a damaged row is found at start-up
(and the database moved aside) instead of crashing play later."""

from __future__ import annotations

import sqlite3
from typing import Any

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


def validate_rows(conn: sqlite3.Connection) -> None:
    """Raise CorruptRow naming the first row that does not have the shape Easel writes."""
    _validate_current(conn)
    _validate_steps(conn)
    _validate_games(conn)
    problem = validate_word_rows(conn)
    if problem is not None:
        raise CorruptRow(problem)
    for (now_ms,) in conn.execute("SELECT now_ms FROM ticks"):
        _integer(now_ms, "ticks.now_ms")


def _validate_current(conn: sqlite3.Connection) -> None:
    for row_id, session, now_ms in conn.execute("SELECT id, session, now_ms FROM current"):
        if row_id != 1:
            raise CorruptRow(f"current row {row_id} should not exist")
        _json(session, dict, "the saved session")
        _integer(now_ms, "current.now_ms")


def _validate_steps(conn: sqlite3.Connection) -> None:
    for table in ("undo", "redo"):
        for seq, mode, label, state in conn.execute(f"SELECT seq, mode, label, state FROM {table}"):
            if not isinstance(mode, str) or not isinstance(label, str):
                raise CorruptRow(f"{table} row {seq} has no mode or label")
            _json(state, dict, f"{table} row {seq}")


def _validate_games(conn: sqlite3.Connection) -> None:
    games = conn.execute("SELECT id, key, game, finished, players, scores, winners, seed FROM games")
    for row_id, key, game, finished, players, scores, winners, seed in games:
        _validate_game(f"games row {row_id}", key, game, finished, players, scores, winners, seed)


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
