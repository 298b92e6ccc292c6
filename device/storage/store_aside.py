"""What Easel does with its own database when part of it cannot be used, never deleting a byte
the user had: a damaged database is renamed aside whole, a -wal that does not belong with the file
is renamed aside beside a copy of the file (the pair kept exactly as it was found), and a
database with a few damaged rows is copied aside before those rows (or their undo stack) go.

Each says what it did as a `Notice`: a string key of device/strings (shown on screen in the
table's language) and the same in English for the log.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from device.storage.store_check import Damage
from device.storage.store_file import fsync_directory, printable, refused

log = logging.getLogger("device.storage.store")


@dataclass(frozen=True)
class Notice:
    """Something the store did at start-up that the table should know: `key` in device/strings."""

    key: str
    name: str  # the file kept aside
    log: str  # the same, in full, for the log


def stamped(db: Path, label: str) -> Path:
    """A free name beside the database for what is kept aside now: DB.label-YYYYmmdd-HHMMSS
    (then -2, -3 ... within the same second: nothing kept aside before is ever overwritten)."""
    base = f"{db.name}.{label}-{time.strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 10_000):
        aside = db.with_name(base if n == 1 else f"{base}-{n}")
        if not any(Path(f"{aside}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
            return aside
    raise refused(db, f"has 10000 files {base}* beside it", "move the old ones away")


def _rename_beside(db: Path, aside: Path, suffixes: tuple[str, ...]) -> None:
    """Rename the database's parts (its file, -wal, -shm: those named) to the aside name."""
    for suffix in suffixes:
        part = Path(f"{db}{suffix}")
        if part.exists():
            part.rename(Path(f"{aside}{suffix}"))


def move_aside(db: Path, reason: str) -> Notice:
    """Rename the database (and its -wal/-shm) aside whole; the caller starts a fresh one."""
    aside = stamped(db, "broken")
    try:
        _rename_beside(db, aside, ("", "-wal", "-shm"))
    except OSError as exc:
        raise refused(db, f"is damaged ({reason[:60]}) and cannot be moved aside ({exc.strerror})",
                      "make the directory writable or give another --db") from None
    fsync_directory(db.parent)
    return Notice("storage.moved_aside", aside.name,
                  f"{db}: unusable database ({reason}); moved aside to {aside.name}, starting fresh")


def keep_older_format(conn: sqlite3.Connection, db: Path, version: int) -> Path:
    """Copy a database of an older format to DB.format<version>-STAMP before it is upgraded, so
    the Easel that wrote it can open it again (systemd/rollback.sh puts it back)."""
    kept = stamped(db, f"format{version}")
    try:
        copy = sqlite3.connect(str(kept))
        try:
            conn.backup(copy)  # a consistent copy, the -wal's committed pages included
        finally:
            copy.close()
        with kept.open("rb+") as handle:
            os.fsync(handle.fileno())
    except (OSError, sqlite3.Error) as exc:
        with suppress(OSError):
            kept.unlink()  # no half copy left behind; the database is not upgraded either
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise refused(db, f"is format {version} and its copy for the older Easel cannot be written ({why})",
                      "free space or make its directory writable, or give another --db") from None
    fsync_directory(db.parent)
    log.info("%s: format %d, upgraded; the database as it was is kept as %s for the Easel that wrote it",
             printable(db), version, kept.name)
    return kept


def keep_journal_aside(db: Path, reason: str) -> Notice:
    """Copy the database to DB.stale-STAMP and rename its -wal (and -shm) beside the copy, so the
    database opens as it is in its file and the -wal's state is still there to open."""
    import shutil  # only here: a start with nothing to set aside does not import it (nor bz2, lzma)

    aside = stamped(db, "stale")
    try:
        shutil.copyfile(db, aside)
        with aside.open("rb+") as handle:
            os.fsync(handle.fileno())
        _rename_beside(db, aside, ("-wal", "-shm"))
    except OSError as exc:
        raise refused(db, f"has {reason[:60]} that cannot be set aside ({exc.strerror})",
                      "make the directory writable, or move the -wal file away yourself") from None
    fsync_directory(db.parent)
    return Notice("storage.stale_journal", aside.name,
                  f"{db}: {reason} was not applied; kept with a copy of the database as {aside.name}-wal")


def drop_damaged(conn: sqlite3.Connection, db: Path | None, damage: list[Damage]) -> list[Notice]:
    """Copy the database aside (when on disk), then drop every damaged row, or its undo stack,
    in one transaction; one notice per kind of loss."""
    name = ""
    if db is not None:
        aside = stamped(db, "repaired")
        target = sqlite3.connect(str(aside))
        try:
            conn.backup(target)
        finally:
            target.close()
        name = aside.name
    conn.execute("BEGIN IMMEDIATE")
    try:
        for item in damage:
            for statement in item.drops:
                conn.execute(statement, item.params)
        conn.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    notices: dict[str, Notice] = {}
    for item in damage:
        kept = f"; the database before is kept as {name}" if name else ""
        notices.setdefault(item.kind, Notice(f"storage.dropped_{item.kind}", name,
                                             f"{db}: {item.why}: dropped {_WHAT[item.kind]}{kept}"))
    return list(notices.values())


_WHAT = {"undo": "that game's undo steps", "history": "that finished game's record",
         "words": "the words dealt (every word is fresh again)", "clock": "the countdown's saved second"}
