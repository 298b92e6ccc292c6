"""A deck change never drops a game in progress (issue 31): the deck a game was dealt from is kept
in the database once, under its fingerprint (device/storage/kept.py), so the game resumes after
its word pack gains, loses or changes a word and after an update changes the built-in deck; where
it truly cannot (its kept deck gone and its pack changed), the game is kept aside whole, with a
notice, and `easel history` shows its scores."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from device import wordpacks
from device.framework.resources import Resources
from device.games.artbox.ui import ArtboxUi
from device.run.cli import main
from engine.artbox.state import State
from tests.conftest import Harness
from tests.device.test_wordpack_refs import write_pack


@pytest.fixture(autouse=True)
def forget_decks() -> None:
    """Each start reads its decks afresh, as after a restart."""
    wordpacks._read_deck.cache_clear()


def game(h: Harness) -> State:
    """The #ARTBOX game under way."""
    ui = h.state("artbox")
    assert isinstance(ui, ArtboxUi) and ui.game is not None
    return ui.game


def begin(db: Path, pack: Path) -> State:
    """An #ARTBOX game with the built-in deck plus `pack`, a seat's words dealt and kept; saved."""
    h = Harness(db, resources=Resources(word_packs=(pack,)))
    h.runner.open("artbox")
    h.press("roll")
    seat = game(h).dealing_seat
    h.press("ok", "up")  # the first seat dealt looks at its words and keeps one
    state = game(h)
    assert state.phase == "deal_cover" and state.chosen[seat - 1]  # play is under way
    h.store.close()
    return state


def resumes(db: Path, pack: Path, before: State) -> None:
    """A restart finds the game as it was, with the very words it was dealt, and plays on; the
    press after the restart is applied and saved, and the next restart sees it."""
    wordpacks._read_deck.cache_clear()
    h = Harness(db, resources=Resources(word_packs=(pack,)))
    assert h.runner.session.message == ""
    assert game(h) == before and game(h).setup.words == before.setup.words
    seat = before.dealing_seat
    h.press("ok", "up")  # the next seat looks at its words and keeps one
    after = game(h)
    assert after.dealing_seat != seat and set(after.chosen[seat - 1]) <= set(before.setup.words)
    assert after.chosen[seat - 1]
    h.store.close()
    wordpacks._read_deck.cache_clear()
    again = Harness(db, resources=Resources(word_packs=(pack,)))
    assert again.runner.session.message == "" and game(again) == after
    again.store.close()


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("change", ["gains", "loses", "changes"])
def test_a_pack_edit_never_drops_the_game(tmp_path: Path, change: str) -> None:
    """The pack gains a word, loses one (maybe one on the table), or has one changed: the game
    goes on with the deck it began with."""
    pack = write_pack(tmp_path / "words.txt", 60)
    db = tmp_path / "easel.db"
    before = begin(db, pack)
    words = lines(pack)
    edited = {"gains": [*words, "newword"], "loses": words[1:],
              "changes": [words[0] + "x", *words[1:]]}[change]
    pack.write_text("\n".join(edited) + "\n", encoding="utf-8")
    resumes(db, pack, before)


def test_a_removed_pack_never_drops_the_game(tmp_path: Path) -> None:
    """The pack file is gone (an SD card swapped, a config edited): the game still resumes."""
    pack = write_pack(tmp_path / "words.txt", 60)
    db = tmp_path / "easel.db"
    before = begin(db, pack)
    pack.unlink()
    resumes(db, write_pack(tmp_path / "other.txt", 60, prefix="oth"), before)


def test_an_update_that_changes_the_built_in_deck_never_drops_the_game(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """An update ships another built-in deck (a word removed, one changed, one added)."""
    pack = write_pack(tmp_path / "words.txt", 60)
    db = tmp_path / "easel.db"
    before = begin(db, pack)
    shipped = wordpacks.builtin_deck

    def updated(lang: str) -> tuple[str, ...]:
        old = shipped(lang)
        return (old[1] + "z", *old[2:], "updated")

    monkeypatch.setattr(wordpacks, "builtin_deck", updated)
    wordpacks._read_deck.cache_clear()
    assert wordpacks.word_deck("en", (pack,)).ref.sha256 != before.setup.words.ref.sha256  # type: ignore[attr-defined]
    resumes(db, pack, before)


def test_each_distinct_deck_is_kept_once(tmp_path: Path) -> None:
    """The deck is one row, written with the first step that named it, whatever the presses since."""
    pack = write_pack(tmp_path / "words.txt", 60)
    db = tmp_path / "easel.db"
    before = begin(db, pack)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT hash FROM kept").fetchall()
    conn.close()
    assert rows == [(before.setup.words.ref.sha256,)]  # type: ignore[attr-defined]


def test_a_game_that_truly_cannot_resume_is_kept_aside_whole(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Its kept deck is gone (a database from before decks were kept) and its pack changed: the
    game is kept aside in the database, whole and once, with a notice; `easel history` shows its
    scores; the presses that follow never overwrite it."""
    pack = write_pack(tmp_path / "words.txt", 60)
    db = tmp_path / "easel.db"
    begin(db, pack)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM kept")
        saved = conn.execute("SELECT session FROM current").fetchone()[0]
    conn.close()
    write_pack(pack, 61)
    for _ in range(2):  # a second start with the same saved session keeps it aside only once
        wordpacks._read_deck.cache_clear()
        h = Harness(db, resources=Resources(word_packs=(pack,)))
        message = h.runner.session.message
        assert message.startswith("#ARTBOX cannot resume (") and "changed since the game began" in message
        assert "kept aside, `easel history` shows its scores" in message
        assert h.store.games_aside()[0].mode == "artbox" and len(h.store.games_aside()) == 1
        h.store.close()
    h = Harness(db, resources=Resources(word_packs=(pack,)))
    h.press("ok")  # the fresh setup screen is saved over the session; the game aside stays
    kept = h.store.games_aside()
    h.store.close()
    assert len(kept) == 1 and kept[0].state["game"]["setup"]["words"]["pack"]["files"] == [str(pack)]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT session FROM current").fetchone()[0] != saved
    conn.close()
    capsys.readouterr()
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "kept aside  artbox   Seat 1=0 Seat 2=0 Seat 3=0 Seat 4=0  (" in out

