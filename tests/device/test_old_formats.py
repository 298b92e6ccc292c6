"""A database of every earlier format opens, upgrades with no loss, and counts the same players
once. The files in tests/device/data/formats/ were each written by the Easel of that format
itself (build.py there exports that commit and plays committed scripts): IDENTIK finished in
English, Artem finished in French, an #ARTBOX game under way with its undo steps."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from device.errors import UserError
from device.storage import store_aside
from device.storage.store import FORMAT_VERSION, Store, read_games
from device.storage.store_codec import unpack
from device.storage.store_file import APPLICATION_ID
from device.system.stats.ui import stat_lines
from device.wordpacks import reference
from tests.conftest import Harness

HERE = Path(__file__).resolve().parent
FORMATS = HERE / "data" / "formats"
OLDER = tuple(range(1, FORMAT_VERSION))


def copy(version: int, tmp_path: Path) -> Path:
    """A copy of the database of format `version` (the committed file is never opened)."""
    db = tmp_path / "easel.db"
    shutil.copyfile(FORMATS / f"format{version}.db", db)
    return db


def test_every_earlier_format_has_its_database() -> None:
    """A format change leaves its last database behind (build.py makes it): none is missing."""
    assert sorted(p.name for p in FORMATS.glob("format*.db")) == [f"format{v}.db" for v in OLDER]
    for version in OLDER:
        with sqlite3.connect(FORMATS / f"format{version}.db") as conn:
            written = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.close()
        assert written == (0 if version == 1 else version)  # format 1 had no header stamp


@pytest.mark.parametrize("version", OLDER)
def test_an_old_database_opens_and_upgrades_with_no_loss(version: int, tmp_path: Path) -> None:
    """The game under way resumes where it was; the finished games are all there, their winners
    the same; the file becomes this format, Easel's."""
    db = copy(version, tmp_path)
    with sqlite3.connect(db) as conn:
        saved = unpack(conn.execute("SELECT session FROM current").fetchone()[0])["states"]["artbox"]["game"]
    conn.close()
    h = Harness(db)
    session = h.runner.session
    assert session.message == "" and session.mode == "artbox" and h.store.games_aside() == []
    game = session.states["artbox"].game
    assert game is not None and h.runner.session.app().in_progress(session.states["artbox"])
    assert (game.round, game.phase, game.dealing_seat) == (saved["round"], saved["phase"], saved["dealing_seat"])
    records = h.store.games()
    assert [(r.game, r.winners, r.scores != ()) for r in records] == [("identik", (3,), True), ("artem", (1,), True)]
    h.store.close()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == FORMAT_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("SELECT count(*) FROM undo WHERE form=1").fetchone()[0] > 0
    conn.close()


@pytest.mark.parametrize("version", OLDER)
def test_an_old_database_counts_the_same_players_once(version: int, tmp_path: Path) -> None:
    """Unnamed seats stored as "Seat 2" (English) or "Place 2" (French) become seat 2: the table
    that played IDENTIK (4 seats) and Artem (3 seats) is four players, seats 1 to 3 in both games;
    `easel history` reading the file without upgrading it says the same."""
    db = copy(version, tmp_path)
    assert [r.players for r in read_games(db)] == [("",) * 4, ("",) * 3]  # read-only, not upgraded
    h = Harness(db)
    lines = [line for line in stat_lines(h.store.games(), {}) if line.kind == "name"]
    h.store.close()
    assert sorted((line.seat, line.what, line.played) for line in lines) == [
        (1, "", 2), (2, "", 2), (3, "", 2), (4, "", 1)]


@pytest.mark.parametrize("version", OLDER)
def test_an_old_undo_step_reads_as_it_was_written(version: int, tmp_path: Path) -> None:
    """A label stored as English text is kept as that text (its string key is not known any
    more): undoing the newest old step names it as before, in any language."""
    db = copy(version, tmp_path)
    with sqlite3.connect(db) as conn:
        newest = conn.execute("SELECT label FROM undo ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.close()
    h = Harness(db)
    before = h.state("artbox")
    h.press("back!")
    assert h.runner.session.message == f"Undid: {newest}" and h.state("artbox") != before
    h.press("ok!")  # and redo brings the step back, its label kept
    assert h.runner.session.message == f"Redid: {newest}" and h.state("artbox") == before
    h.store.close()


@pytest.mark.parametrize("version", OLDER)
def test_an_old_game_under_way_keeps_its_deck_from_its_next_press_on(version: int, tmp_path: Path) -> None:
    """A deck saved by reference (format 2 on) is read from its files once; from the first press
    on the upgraded database it is kept in it (storage/kept.py), so a pack or built-in deck that
    changes later no longer matters to this game. Format 1 saved the words themselves."""
    db = copy(version, tmp_path)
    h = Harness(db)
    words = h.state("artbox").game.setup.words  # type: ignore[attr-defined]
    ref = reference(words)
    assert (ref is None) == (version == 1)
    h.press("up")
    with sqlite3.connect(db) as conn:
        kept = [row[0] for row in conn.execute("SELECT hash FROM kept")]
    conn.close()
    h.store.close()
    assert kept == ([] if ref is None else [ref.sha256])


@pytest.mark.parametrize("version", OLDER)
def test_an_upgrade_keeps_the_database_as_it_was_for_the_easel_that_wrote_it(version: int, tmp_path: Path) -> None:
    """Upgrading keeps a copy in the old format beside it (DB.format<N>-STAMP): rollback.sh puts
    it back for the older Easel, which refuses a newer format. Its rows are the original's."""
    db = copy(version, tmp_path)
    with sqlite3.connect(db) as conn:
        before = list(conn.iterdump())
    conn.close()
    Harness(db).store.close()
    kept = sorted(tmp_path.glob(f"easel.db.format{version}-*"))
    assert len(kept) == 1 and not kept[0].name.endswith(("-wal", "-shm"))
    with sqlite3.connect(kept[0]) as conn:
        assert list(conn.iterdump()) == before
        assert conn.execute("PRAGMA user_version").fetchone()[0] == (0 if version == 1 else version)
    conn.close()
    Harness(db).store.close()  # opened again in this format: no second copy
    assert sorted(tmp_path.glob("easel.db.format*")) == kept


def test_an_upgrade_whose_copy_cannot_be_written_is_refused_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No copy for the older Easel, no upgrade: one line naming the file and the fix, the old
    database byte for byte as it was, nothing left beside it."""
    db = copy(4, tmp_path)
    before = db.read_bytes()
    monkeypatch.setattr(store_aside, "stamped", lambda path, label: tmp_path / "gone" / f"{path.name}.{label}")
    with pytest.raises(UserError) as refused:
        Store(db)
    line = str(refused.value)
    assert line.startswith("--db ") and "\n" not in line
    assert "easel.db: is format 4 and its copy for the older Easel cannot be written" in line
    assert line.endswith("; free space or make its directory writable, or give another --db")
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["easel.db", "easel.db.lock"]
