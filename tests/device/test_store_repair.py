"""Issue 21 item 4: a -wal that does not belong with its database is never applied silently, a
legitimate one (what a power cut leaves) always is, and a damaged undo or history row loses only
itself (or its undo stack) while the game in progress goes on. Real SQLite files throughout."""

from __future__ import annotations

import shutil
import signal
import sqlite3
from pathlib import Path

import pytest

from device.errors import UserError
from device.framework.session import session_to_dict
from device.settings import Settings
from device.storage.history import GameRecord
from device.storage.store_rows import read_games
from device.storage.store_wal import foreign_wal
from tests.conftest import Harness
from tests.device.test_store_faults import headless, send


def rolls(h: Harness) -> int:
    """The Toolbox's roll count."""
    return int(h.state("toolbox").game.rolls)  # type: ignore[attr-defined]


def snapshot(db: Path, into: Path) -> Path:
    """The database and its -wal as a power cut would leave them now (Easel still has them open)."""
    into.mkdir(exist_ok=True)
    copy = into / db.name
    for suffix in ("", "-wal"):
        if Path(f"{db}{suffix}").exists():
            shutil.copyfile(f"{db}{suffix}", f"{copy}{suffix}")
    return copy


def kept_aside(directory: Path) -> list[Path]:
    """What was set aside beside the database, by name."""
    return sorted(p for p in directory.iterdir() if ".stale-" in p.name)


# a -wal that does not follow on from the file ---------------------------------------------------------
def test_an_older_journal_beside_a_newer_database_is_kept_aside_not_applied(tmp_path: Path) -> None:
    """The case the issue found: a -wal left from an older copy used to take 51 undo rows back to
    20 and the clock back from 270 s to 90 s without a word."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "roll")
    h.wait(90)
    old = snapshot(db, tmp_path / "old")  # the -wal at 2 rolls and 90 s
    h.press("roll", "roll", "roll")
    h.wait(180)
    h.press("roll")
    h.store.close()  # checkpointed: the file alone holds 6 rolls at 270 s
    file_bytes = db.read_bytes()
    stale = Path(f"{old}-wal").read_bytes()
    shutil.copyfile(f"{old}-wal", f"{db}-wal")
    assert foreign_wal(db) is not None and db.read_bytes() == file_bytes  # judging changes nothing
    again = Harness(db)
    assert again.clock.now_ms() == 270_000 and rolls(again) == 6
    assert again.store.depth("undo", "toolbox") == 6
    name = kept_aside(tmp_path)[0].name
    assert again.runner.session.message == f"A stale journal was not applied: kept as {name}-wal"
    again.store.close()
    copy, wal = kept_aside(tmp_path)
    assert copy.read_bytes() == file_bytes and wal.read_bytes() == stale and wal.name == f"{copy.name}-wal"
    assert Harness(db).runner.session.message == ""  # said once: the next start is clean


def test_stale_journals_set_aside_twice_overwrite_nothing(tmp_path: Path) -> None:
    """Two starts in the same second each keep their own pair (DB.stale-STAMP, then -2)."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll")
    old = snapshot(db, tmp_path / "old")
    h.press("roll")
    h.store.close()
    for _ in range(2):
        shutil.copyfile(f"{old}-wal", f"{db}-wal")
        Harness(db).store.close()
    assert len(kept_aside(tmp_path)) == 4


def test_a_journal_of_another_database_is_kept_aside(tmp_path: Path) -> None:
    """Another Easel database's -wal (same tables, another id) is not applied."""
    other = tmp_path / "other" / "easel.db"
    other.parent.mkdir()
    theirs = Harness(other, seed=9)
    theirs.press("ok", "roll")
    foreign = snapshot(other, tmp_path / "foreign")
    theirs.store.close()
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "roll", "roll")
    h.store.close()
    shutil.copyfile(f"{foreign}-wal", f"{db}-wal")
    assert foreign_wal(db) == "a journal that belongs to another database"
    again = Harness(db)
    assert rolls(again) == 3 and again.runner.session.message.startswith("A stale journal was not applied")
    again.store.close()


def test_a_journal_newer_than_a_restored_database_is_kept_aside(tmp_path: Path) -> None:
    """An older copy of the file put back while a -wal that began after it is still there."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll")
    h.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    backup = db.read_bytes()  # 1 roll
    h.press("roll")
    h.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    h.press("roll", "roll")  # the -wal holds only the commits after 2 rolls
    newer = snapshot(db, tmp_path / "newer")
    h.store.close()
    db.write_bytes(backup)
    shutil.copyfile(f"{newer}-wal", f"{db}-wal")
    reason = foreign_wal(db)
    assert reason is not None and reason.startswith("a newer journal")
    again = Harness(db)
    assert rolls(again) == 1 and again.runner.session.message.startswith("A stale journal was not applied")
    again.store.close()


# a -wal that does: what a power cut leaves ------------------------------------------------------------
@pytest.mark.parametrize("checkpoint", ["none", "passive", "passive then more"])
def test_the_journal_a_power_cut_leaves_is_applied(tmp_path: Path, checkpoint: str) -> None:
    """Whatever part of the -wal a checkpoint had copied into the file when the power went, the
    -wal is applied and every step is back, without a notice."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "roll")
    if checkpoint != "none":
        h.store.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    if checkpoint == "passive then more":
        h.press("roll", "roll")
    cut = snapshot(db, tmp_path / "cut")
    expected = rolls(h)
    h.store.close()
    assert Path(f"{cut}-wal").stat().st_size > 0 and foreign_wal(cut) is None
    resumed = Harness(cut)
    assert rolls(resumed) == expected and resumed.runner.session.message == ""
    assert kept_aside(cut.parent) == []
    resumed.store.close()


def test_a_killed_easel_leaves_a_journal_that_is_applied(tmp_path: Path) -> None:
    """SIGKILL after `ok 4`: the -wal beside the file holds the acknowledged steps and is applied."""
    db = tmp_path / "easel.db"
    proc = headless(db, tmp_path / "f1")
    for number, line in enumerate(["press ok", "press roll", "press roll", "press roll"], 1):
        assert send(proc, line) == f"ok {number}"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert Path(f"{db}-wal").stat().st_size > 0
    h = Harness(db)
    assert rolls(h) == 3 and h.runner.session.message == "" and kept_aside(tmp_path) == []
    h.store.close()


# damaged rows: only what they spoil goes ------------------------------------------------------------
def _damaged(tmp_path: Path, *statements: str) -> tuple[Path, Harness]:
    """A game of 3 rolls with 3 undo steps (and Canvas's copy of them), then `statements` run on
    the file by another program; returns the database and Easel started on it again."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll", "roll", "roll")
    h.store.close()
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO undo (mode, label, state) SELECT 'canvas', label, state FROM undo WHERE mode='toolbox'")
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return db, Harness(db)


@pytest.mark.parametrize("damage", [
    "UPDATE undo SET state=substr(state, 1, 25) WHERE seq=(SELECT MIN(seq) FROM undo WHERE mode='toolbox')",
    "INSERT INTO redo (mode, label, state) VALUES ('toolbox', 'Roll', '{\"cursor\":')",
    "UPDATE undo SET label=X'05' WHERE seq=(SELECT MAX(seq) FROM undo WHERE mode='toolbox')",
], ids=["undo state cut short", "redo state cut short", "undo label not text"])
def test_a_damaged_undo_row_loses_that_undo_stack_and_the_game_goes_on(tmp_path: Path, damage: str) -> None:
    db, h = _damaged(tmp_path, damage)
    assert h.runner.session.message == "Damaged undo steps dropped; the game goes on"
    assert h.runner.session.mode == "toolbox" and rolls(h) == 3
    assert h.store.depth("undo", "toolbox") == 0 and h.store.depth("redo", "toolbox") == 0
    assert h.store.depth("undo", "canvas") == 3  # another game's stack is untouched
    h.press("roll", "back!")
    assert rolls(h) == 3  # undo works again from here on
    assert [p.name for p in tmp_path.iterdir() if ".broken-" in p.name] == []
    assert len([p for p in tmp_path.iterdir() if ".repaired-" in p.name]) == 1
    h.store.close()
    assert Harness(db).runner.session.message == ""


def test_a_damaged_history_row_loses_only_itself(tmp_path: Path) -> None:
    good = ("INSERT INTO games (key, game, finished, players, scores, winners, seed) VALUES "
            "('identik:12', 'identik', '2026-11-21T19:00:00', '[\"Ana\",\"Bruno\"]', '[21,25]', '[2]', 12)")
    bad = ("INSERT INTO games (key, game, finished, players, scores, winners, seed) "
           "VALUES ('k', 'toolbox', '2026', '[\"Ana\"', '[1]', '[1]', 3)")
    _, h = _damaged(tmp_path, good, bad)
    aside = [p for p in tmp_path.iterdir() if ".repaired-" in p.name]
    assert len(aside) == 1
    assert h.runner.session.message == f"A damaged game record was dropped (copy: {aside[0].name})"
    assert [g.winner_names(str) for g in h.store.games()] == [("Bruno",)]
    assert rolls(h) == 3 and h.store.depth("undo", "toolbox") == 3
    kept = sqlite3.connect(aside[0])  # the copy still has the row as it was
    assert kept.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2
    kept.close()
    h.store.close()


def test_a_damaged_saved_second_falls_back_to_the_last_press(tmp_path: Path) -> None:
    _, h = _damaged(tmp_path, "INSERT OR REPLACE INTO ticks VALUES (1, 'x')")
    assert h.runner.session.message == "A damaged saved time was dropped" and rolls(h) == 3
    assert h.store.tick_ms() is None
    h.store.close()


def test_the_notices_are_in_french_too(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    h = Harness(db, settings=Settings(language="fr"))
    h.press("ok", "roll")
    h.store.close()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE undo SET state=substr(state, 1, 25)")
    conn.commit()
    conn.close()
    again = Harness(db)
    assert again.runner.session.message == "Annulations abîmées supprimées ; la partie continue"
    again.store.close()


# `easel history` reads what `easel play` would keep --------------------------------------------------
GAME = ("INSERT INTO games (key, game, finished, players, scores, winners, seed) VALUES "
        "('identik:12', 'identik', '2026-11-21T19:00:00', '[\"Ana\",\"Bruno\"]', '[21,25]', '[2]', 12)")


def _tampered(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def test_history_is_read_despite_a_damaged_undo_row(tmp_path: Path) -> None:
    """An undo step has nothing to do with the history: `easel history` lists it, changes nothing."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll")
    h.store.close()
    _tampered(db, GAME, "UPDATE undo SET state=substr(state, 1, 25)")
    before = db.read_bytes()
    assert [g.winner_names(str) for g in read_games(db)] == [("Bruno",)]
    assert db.read_bytes() == before and kept_aside(tmp_path) == []


def test_history_with_a_damaged_game_row_says_how_to_repair(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    Harness(db).store.close()
    _tampered(db, "INSERT INTO games (key, game, finished, players, scores, winners, seed) "
                  "VALUES ('k', 'toolbox', '2026', '[\"Ana\"', '[1]', '[1]', 3)")
    with pytest.raises(UserError, match=r"is damaged \(games row 1 players is not valid JSON.*; run `easel play` "
                                        r"to drop it \(a copy is kept\)$"):
        read_games(db)


def test_history_does_not_read_a_stale_journal(tmp_path: Path) -> None:
    """A -wal from when a game was in the history, beside a file where it no longer is."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "roll")
    record = GameRecord(game="identik", finished="2026-11-21T19:00:00", players=("Ana", "Bruno"),
                        scores=(21, 25), winners=(2,), seed=12, key="identik:12")
    h.store.save(session_to_dict(h.runner.session), h.clock.now_ms(), finished=record)
    old = snapshot(db, tmp_path / "old")
    h.store.conn.execute("DELETE FROM games")
    h.press("roll")
    h.store.close()
    shutil.copyfile(f"{old}-wal", f"{db}-wal")
    assert read_games(db) == []
    assert Path(f"{db}-wal").read_bytes() == Path(f"{old}-wal").read_bytes()  # read, not touched
