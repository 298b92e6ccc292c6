"""Converting the rows of an older database format to this one, in the transaction that stamps
the new format (store_open.py), so a database is either all old or all new.

Format 5 keeps seats and undo labels as data: an unnamed seat of a finished game was stored as
"Seat 2" or "Place 2" (the interface language of that moment) and becomes "" (seat 2 unnamed),
so a table that played in English and in French counts as the same players; a typed name stays.
An undo label was text in one language and becomes the JSON of that text (shown as it was
written: its words are not known any more); undo steps gain their app's saved-form version (1).
"""

from __future__ import annotations

import json
from typing import Any

from device.storage.history import unnamed_seats
from device.storage.store_file import SEATS_AS_DATA

_STEP_TABLES = ("undo", "redo")


def convert(cur: Any, before: int) -> None:
    """Bring every row written in format `before` to this format (nothing when already there)."""
    if before >= SEATS_AS_DATA:
        return
    for table in _STEP_TABLES:
        columns = {row[1] for row in cur.execute(f"PRAGMA table_info({table})")}
        if "form" not in columns:
            cur.execute(f"ALTER TABLE {table} ADD COLUMN form INTEGER NOT NULL DEFAULT 1")
        rows = cur.execute(f"SELECT seq, label FROM {table}").fetchall()
        for seq, label in rows:
            if isinstance(label, str):
                cur.execute(f"UPDATE {table} SET label=? WHERE seq=?", (json.dumps(label, ensure_ascii=False), seq))
    for row_id, players in cur.execute("SELECT id, players FROM games").fetchall():
        try:
            names = json.loads(players)
        except (TypeError, ValueError):
            continue  # a damaged row: the damage check drops it next (store_check.py)
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            cur.execute("UPDATE games SET players=? WHERE id=?",
                        (json.dumps(list(unnamed_seats(names)), ensure_ascii=False, separators=(",", ":")), row_id))
