"""Issue 30 item 5: the damage check at start stays flat with history without guaranteeing less.
A clean close seals the undo, redo and history rows (a digest, once a full check of them found
nothing); the next start hashes them instead of decoding them. Whatever changed them since (another
program, a flipped bit) or a start with no seal (a power cut, a kill) runs the full check, so a
damaged row still costs only itself (test_store_repair.py holds the rest of that guarantee)."""

from __future__ import annotations

import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from device.storage import store_check
from device.storage.store import Store
from tests.conftest import Harness
from tests.device.test_store_faults import headless, send
from tests.device.test_store_repair import _tampered  # another program changes rows while Easel is off


@pytest.fixture
def decoded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The full checks of steps and history that ran (by name), from now on."""
    ran: list[str] = []

    def counting(name: str) -> Callable[[sqlite3.Connection], list[store_check.Damage]]:
        real = getattr(store_check, name)

        def check(conn: sqlite3.Connection) -> list[store_check.Damage]:
            ran.append(name)
            result: list[store_check.Damage] = real(conn)
            return result

        return check

    for name in ("_damaged_steps", "damaged_games"):
        monkeypatch.setattr(store_check, name, counting(name))
    return ran


def played(db: Path) -> None:
    """A Toolbox game of 5 rolls on `db`, closed cleanly (sealed)."""
    h = Harness(db)
    h.press("ok", "roll", "roll", "roll", "roll", "roll")
    h.store.close()


def test_after_a_clean_close_the_next_start_decodes_no_step(tmp_path: Path, decoded: list[str]) -> None:
    db = tmp_path / "easel.db"
    played(db)
    decoded.clear()  # the seal's own full check at close
    store = Store(db)
    assert decoded == [] and store.notices == []
    store.close()
    assert decoded == []  # nothing changed: no check and nothing written at close either


def test_a_kill_leaves_no_seal_and_the_next_start_checks_in_full(tmp_path: Path, decoded: list[str]) -> None:
    db = tmp_path / "easel.db"
    played(db)
    proc = headless(db, tmp_path / "frames")
    assert [send(proc, line) for line in ("press roll", "press roll")] == ["ok 1", "ok 2"]
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    decoded.clear()
    h = Harness(db)
    assert decoded == ["_damaged_steps", "damaged_games"]
    assert h.store.depth("undo", "toolbox") == 7 and h.runner.session.message == ""
    h.store.close()


@pytest.mark.parametrize("change", [
    "UPDATE undo SET label='Roll the dice' WHERE seq=(SELECT MIN(seq) FROM undo)",
    "UPDATE games SET seed=seed",  # no row: nothing changes, the seal still holds
], ids=["a label edited", "nothing"])
def test_rows_changed_by_another_program_are_checked_in_full(tmp_path: Path, decoded: list[str], change: str) -> None:
    db = tmp_path / "easel.db"
    played(db)
    _tampered(db, change)
    decoded.clear()
    store = Store(db)
    assert bool(decoded) == change.startswith("UPDATE undo") and store.notices == []
    store.close()
    decoded.clear()
    Store(db).close()
    assert decoded == []  # sealed again at the close after the full check


def _flip_a_bit(state: Any) -> bytes:
    data = bytearray(state)
    data[len(data) // 2] ^= 0x10
    return bytes(data)


def test_a_bit_flipped_in_an_old_step_after_the_seal_loses_that_stack(tmp_path: Path) -> None:
    """What a worn card does while Easel is off: one bit of the oldest undo state. The digest no
    longer matches, the full check inflates the state, its checksum fails, the stack goes."""
    db = tmp_path / "easel.db"
    played(db)
    conn = sqlite3.connect(db)
    seq, state = conn.execute("SELECT seq, state FROM undo ORDER BY seq LIMIT 1").fetchone()
    conn.execute("UPDATE undo SET state=? WHERE seq=?", (_flip_a_bit(state), seq))
    conn.commit()
    conn.close()
    h = Harness(db)
    assert h.runner.session.message == "Damaged undo steps dropped; the game goes on"
    assert h.store.depth("undo", "toolbox") == 0 and h.state("toolbox").game.rolls == 5  # type: ignore[attr-defined]
    h.store.close()


def test_a_damaged_seal_only_means_a_full_check(tmp_path: Path, decoded: list[str]) -> None:
    db = tmp_path / "easel.db"
    played(db)
    _tampered(db, f"UPDATE meta SET value=X'00ff' WHERE key='{store_check.SEAL}'")
    decoded.clear()
    store = Store(db)
    assert decoded == ["_damaged_steps", "damaged_games"] and store.notices == []
    store.close()


def test_a_word_that_is_not_utf8_loses_the_words_not_the_game(tmp_path: Path) -> None:
    """Checked by SQLite, not row by row: a word row of bytes that are not UTF-8 drops the words
    dealt (every word fresh again), and the game goes on."""
    db = tmp_path / "easel.db"
    played(db)
    _tampered(db, "INSERT INTO words_used (language, cycle, word, seq) VALUES ('en', 0, CAST(X'ff61' AS TEXT), 1)")
    h = Harness(db)
    assert h.runner.session.message.startswith("Damaged")
    assert h.store.words_used("en")[2] == frozenset() and h.state("toolbox").game.rolls == 5  # type: ignore[attr-defined]
    h.store.close()
