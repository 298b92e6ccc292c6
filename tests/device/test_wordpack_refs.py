"""#ARTBOX saves name their word pack and store words as numbers (issue 14: a 5,000-word pack
made every save 138 KB); read without the database that keeps the deck, a pack that went missing or changed stops the
game with a clear line (with it, the game goes on: tests/device/test_deck_change.py)."""

from __future__ import annotations

import copy
import json
import os
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from device import wordpacks
from device.framework.loader import app
from device.framework.resources import Resources
from device.games.artbox.ui import ArtboxUi
from device.wordpacks import MAX_PACK_BYTES, MAX_PACK_WORDS, WordPackError, load_pack
from tests.conftest import Harness
from tests.hardware.conftest import load_benchmark


def write_pack(path: Path, count: int, prefix: str = "pack") -> Path:
    """A pack of `count` distinct words of letters only (the save-size benchmark's own words)."""
    words = load_benchmark("save_size").pack_words(count, prefix)
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def started_game(harness: Callable[..., Harness], pack: Path) -> ArtboxUi:
    """An #ARTBOX game begun with the built-in deck plus `pack`, one round dealt."""
    h = harness(resources=Resources(word_packs=(pack,)))
    h.runner.open("artbox")
    h.press("roll", "ok")
    ui = h.state("artbox")
    assert isinstance(ui, ArtboxUi) and ui.game is not None
    return ui


@pytest.fixture(autouse=True)
def forget_decks() -> None:
    """Each test starts with no deck remembered, as after a restart."""
    wordpacks._read_deck.cache_clear()


def test_a_saved_game_names_its_pack_and_round_trips(harness: Callable[..., Harness], tmp_path: Path) -> None:
    """The save holds the pack's name and hash, not its words, and loads back equal."""
    pack = write_pack(tmp_path / "words.txt", 5_000)
    ui = started_game(harness, pack)
    owner = app("artbox")
    assert owner is not None
    saved = owner.dump(ui)
    ref = saved["game"]["setup"]["words"]["pack"]
    assert ui.game is not None
    assert ref["files"] == [str(pack)] and ref["count"] == len(ui.game.setup.words)
    assert "packaaa" not in json.dumps(saved)
    wordpacks._read_deck.cache_clear()
    assert owner.load(json.loads(json.dumps(saved))) == ui


def test_save_size_does_not_grow_with_the_pack(harness: Callable[..., Harness], tmp_path: Path) -> None:
    """A 20,000-word pack saves within a few bytes of a 1,000-word one (and under 3 KB)."""
    owner = app("artbox")
    assert owner is not None
    sizes = []
    for count in (1_000, 20_000):
        ui = started_game(harness, write_pack(tmp_path / f"w{count}.txt", count))
        sizes.append(len(json.dumps(owner.dump(ui), separators=(",", ":"))))
    assert max(sizes) < 3_000 and abs(sizes[1] - sizes[0]) < 100


def test_a_missing_pack_says_which_file(harness: Callable[..., Harness], tmp_path: Path) -> None:
    """Read without the database that keeps its deck (a game saved before decks were kept), the
    game cannot continue without its words: the line names the file and the fix."""
    pack = write_pack(tmp_path / "words.txt", 100)
    owner = app("artbox")
    assert owner is not None
    saved = owner.dump(started_game(harness, pack))
    wordpacks._read_deck.cache_clear()
    pack.unlink()
    expected = rf"^{pack}: no such word pack file; check the path in your config$"
    with pytest.raises(WordPackError, match=expected):
        owner.load(saved)


def test_a_changed_pack_is_refused(harness: Callable[..., Harness], tmp_path: Path) -> None:
    """Same file name, other words, and no database keeping the deck: the saved numbers would
    name other words, so it stops."""
    pack = write_pack(tmp_path / "words.txt", 100)
    owner = app("artbox")
    assert owner is not None
    ui = started_game(harness, pack)
    assert ui.game is not None
    saved = owner.dump(ui)
    wordpacks._read_deck.cache_clear()
    write_pack(pack, 101)
    then = len(ui.game.setup.words)
    expected = rf"^{pack} changed since the game began \({then} words then, {then + 1} now\)$"
    with pytest.raises(WordPackError, match=expected):
        owner.load(saved)


def test_packs_over_the_cap_are_refused(tmp_path: Path) -> None:
    """More than MAX_PACK_WORDS words, or a file over MAX_PACK_BYTES, is one line."""
    with pytest.raises(WordPackError, match=r"more than 20,000 words, the most a pack holds; split it$"):
        load_pack(write_pack(tmp_path / "big.txt", MAX_PACK_WORDS + 1))
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"x" * (MAX_PACK_BYTES + 1))
    with pytest.raises(WordPackError, match=r"1,000,001 bytes, a word pack file holds at most 1,000,000; split it$"):
        load_pack(huge)


def test_the_deck_carries_its_reference(tmp_path: Path) -> None:
    """Only a deck made by word_deck is saved by reference, whatever the process read before; it
    is still its words (equal to the plain tuple) and keeps its reference when copied."""
    pack = write_pack(tmp_path / "words.txt", 100)
    deck = wordpacks.word_deck("en", (pack,))
    ref = wordpacks.reference(deck)
    assert ref is not None and ref.files == (str(pack),) and ref.count == len(deck)
    assert ref.sha256 == wordpacks.fingerprint(deck)
    assert wordpacks.reference(tuple(deck)) is None and tuple(deck) == deck
    for copied in (copy.deepcopy(deck), pickle.loads(pickle.dumps(deck))):
        assert copied == deck and wordpacks.reference(copied) == ref


def test_a_loaded_game_saves_by_reference_again(harness: Callable[..., Harness], tmp_path: Path) -> None:
    """After a restart (nothing read yet) the loaded game plays with the deck itself, so its next
    save is the same bytes, by reference."""
    pack = write_pack(tmp_path / "words.txt", 500)
    owner = app("artbox")
    assert owner is not None
    saved = json.dumps(owner.dump(started_game(harness, pack)))
    wordpacks._read_deck.cache_clear()
    loaded = owner.load(json.loads(saved))
    assert loaded.game is not None and wordpacks.reference(loaded.game.setup.words) is not None
    assert json.dumps(owner.dump(loaded)) == saved


def test_a_rewritten_pack_is_read_again(tmp_path: Path) -> None:
    """The memo of packs read is keyed by each file's size and time: an edited pack is re-read."""
    pack = write_pack(tmp_path / "words.txt", 100)
    before = wordpacks.word_deck("en", (pack,))
    assert wordpacks.word_deck("en", (pack,)) is before  # unchanged: not read again
    write_pack(pack, 100, prefix="other")
    os.utime(pack, ns=(pack.stat().st_atime_ns, pack.stat().st_mtime_ns + 1_000_000_000))
    after = wordpacks.word_deck("en", (pack,))
    assert "othera" in after and "packa" not in after and "packa" in before
    assert wordpacks.reference(after) != wordpacks.reference(before)
