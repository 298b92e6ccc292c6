"""Words never repeat too soon (issue 13): the #ARTBOX words dealt are kept in the database, per
word language, across games and restarts, recorded with the step that dealt them, and a table
can reset them in Settings."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from device import wordpacks
from device.games.artbox.app import APP as ARTBOX_APP
from device.games.artbox.ui import ArtboxUi, table_setup
from device.storage import word_history
from device.storage.store import Store
from device.storage.store_codec import unpack
from device.storage.store_file import FORMAT_VERSION
from device.storage.store_words import word_key
from device.system.settings.ui import USED_WORDS, SettingsUi
from engine.artbox import ARTBOX
from engine.artbox.commands import Finish, Pick, Roll, ShowWords
from engine.artbox.state import State
from tests.conftest import Harness, hold_database_lock
from tests.device.artbox.conftest import ctx

HERE = Path(__file__).resolve().parent
SMALL = tuple(f"mot{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(40))


@pytest.fixture
def small_deck(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, ...]]:
    """A 40-word built-in deck, so that a few games go through it (the deck cycles)."""
    monkeypatch.setattr(wordpacks, "builtin_deck", lambda lang: SMALL)
    wordpacks._read_deck.cache_clear()  # decks read with the real built-in deck are not this one
    yield SMALL
    wordpacks._read_deck.cache_clear()


def game(h: Harness) -> State:
    ui = h.runner.session.states["artbox"]
    assert isinstance(ui, ArtboxUi) and ui.game is not None
    return ui.game


def dealt(state: State) -> list[str]:
    return [w for hand in state.hands for w in hand]


def on_disk(db: Path) -> set[str]:
    """The words recorded in the current cycle, read by another connection (what a power cut keeps)."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT word FROM words_used WHERE cycle=(SELECT COALESCE(MAX(cycle), 0) "
                            "FROM words_cycle WHERE language='en')").fetchall()
    finally:
        conn.close()
    return {r[0] for r in rows}


def start(h: Harness) -> State:
    """Open #ARTBOX and start a game with the setup shown (`roll` on the setup menu)."""
    h.runner.open("artbox")
    h.press("roll")
    return game(h)


def test_the_words_a_game_start_deals_are_on_disk_with_that_step(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    h = Harness(db)
    first = start(h)
    assert on_disk(db) == {word_key(w) for w in dealt(first)}
    assert first.setup.used == ()
    h.store.close()


def test_no_word_comes_again_across_restarts_until_the_deck_went_round(tmp_path: Path, small_deck: tuple[str, ...],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Five games of 4 players deal 5 x 8 = 40 words: each word of the 40 once. A game undone to
    its setup keeps its words used (they were shown); each start is a new process's runner."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    seen = dealt(start(h))
    h.store.close()
    for _ in range(4):
        again = Harness(db)
        assert dealt(game(again)) == seen[-8:]  # the saved game came back, used words and all
        again.press("back!")  # undo the start: the setup menu
        again.press("roll")
        seen += dealt(game(again))
        again.store.close()
    assert sorted(seen) == sorted(small_deck)  # every word once
    last = Harness(db)
    assert on_disk(db) == set()  # the deck went round: a new cycle
    last.press("back!", "roll")
    assert on_disk(db) == {word_key(w) for w in dealt(game(last))}
    last.store.close()


def test_a_saved_game_names_its_used_words_without_listing_them(tmp_path: Path) -> None:
    """Bytes per saved press do not grow with the words used: the session row holds a reference."""
    sizes = []
    for used in (0, 250):
        db = tmp_path / f"{used}.db"
        h = Harness(db)
        deck = wordpacks.word_deck("en")
        saved = h.store.load()
        assert saved is not None
        h.store.save(saved[0], 0, dealt=word_history.WordsDealt("en", deck[:used], deck, 0))
        state = start(h)
        assert len(state.setup.used) == used
        sizes.append(len(h.store.conn.execute("SELECT session FROM current").fetchone()[0]))
        row = unpack(h.store.conn.execute("SELECT session FROM current").fetchone()[0])
        saved_used = row["states"]["artbox"]["game"]["setup"]["used"]
        assert saved_used == [] if not used else set(saved_used) == {"ref"}
        h.store.close()
    assert abs(sizes[1] - sizes[0]) < 150, sizes


def test_a_format_3_database_opens_gains_the_word_tables_and_goes_on(tmp_path: Path) -> None:
    """A real file of the previous format (made by Easel before this change, a game under way)."""
    db = tmp_path / "easel.db"
    shutil.copyfile(HERE / "data" / "format3_artbox.db", db)
    h = Harness(db)
    assert h.runner.session.message == "" and h.runner.session.mode == "artbox"
    state = game(h)
    assert state.phase == "deal_cover" and state.fresh == 0  # saved before the fresh count existed
    h.press("ok", "up")  # the dealing goes on: a seat looks at its words and keeps the first
    assert game(h).dealing_seat != state.dealing_seat
    h.store.close()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == FORMAT_VERSION == 5
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert {"words_used", "words_cycle"} <= tables


def test_decoys_are_recorded_when_the_word_list_is_shown() -> None:
    """000 l.51-54: the Maestro adds cards from the deck to the word list: they are dealt too."""
    deck = wordpacks.word_deck("en")
    c = ctx()
    ui = ARTBOX_APP.start(c)
    state = ARTBOX.new_game(table_setup(ui.options, deck, c.resources.shape_dice), 5)
    while state.phase == "deal_cover":
        state = ARTBOX.apply(ARTBOX.apply(state, ShowWords()), Pick((0,)))
    state = ARTBOX.apply(state, Roll(0))
    for seat in range(1, state.setup.players - 1):
        state = ARTBOX.apply(state, Finish(seat))
    before = state  # the next token taken leaves one seat, which takes the last by itself (000 l.44)
    after = ARTBOX.apply(state, Finish(state.setup.players - 1))
    found = ARTBOX_APP.words_dealt(ArtboxUi(ui.options, 1, game=before), ArtboxUi(ui.options, 1, game=after))
    assert found is not None and found.words == after.decoys and len(after.decoys) == 3
    assert ARTBOX_APP.words_dealt(ArtboxUi(ui.options, 1, game=after), ArtboxUi(ui.options, 1, game=after)) is None


def test_settings_resets_the_used_words_after_one_confirming_press(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    h = Harness(db)
    start(h)
    assert len(on_disk(db)) == 8
    h.runner.open("settings")
    for _ in range(USED_WORDS):
        h.press("down")
    settings = h.runner.session.states["settings"]
    assert isinstance(settings, SettingsUi) and settings.cursor == USED_WORDS
    labels = h.runner.session.app().bindings(settings, h.runner.ctx()).labels()  # type: ignore[attr-defined]
    assert labels["ok"] == "Reset"
    h.press("ok")  # the question, naming what a reset does
    assert h.runner.session.states["settings"].confirm_reset
    _, key = h.runner.render()
    assert key.endswith(":settings.reset")
    assert len(on_disk(db)) == 8  # nothing reset yet
    h.press("back")  # cancel
    assert len(on_disk(db)) == 8
    h.press("ok", "ok")
    assert on_disk(db) == set()
    assert h.runner.session.message.startswith("Used words reset")
    h.store.close()




def test_words_dealt_while_the_disk_refuses_wait_with_their_step(tmp_path: Path) -> None:
    """The storage fault rules: play goes on, the step (and its words) is reported unsaved, and
    both reach the disk together once it takes writes again."""
    db = tmp_path / "easel.db"
    Harness(db).store.close()
    h = Harness(store=Store(db, lock_wait_s=0.2))
    h.store.retry_s = 0
    h.runner.open("artbox")
    holder = hold_database_lock(db, "BEGIN IMMEDIATE")
    try:
        h.press("roll")
        state = game(h)
        assert len(h.store.pending) == 1 and "Not saved: 1" in h.runner.storage_warning()
        assert on_disk(db) == set()
    finally:
        holder.communicate("", timeout=30)
    h.press(f"seat{state.dealing_seat}")  # the next step takes the pending one (and its words) along
    assert not h.store.pending
    assert on_disk(db) == {word_key(w) for w in dealt(state)}
    h.store.close()


def test_a_damaged_word_row_drops_the_word_history_and_the_game_goes_on(tmp_path: Path) -> None:
    """Issue 21 item 4: only the word history goes (every word fresh again), with a notice."""
    db = tmp_path / "easel.db"
    h = Harness(db)
    start(h)
    before = game(h)
    h.store.close()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE words_used SET cycle=-1")
    conn.commit()
    conn.close()
    again = Harness(db)
    assert again.runner.session.message == "Damaged word history dropped: every word is fresh again"
    assert game(again) == before and on_disk(db) == set()
    again.store.close()
