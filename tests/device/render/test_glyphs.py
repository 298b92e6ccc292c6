"""Issue 20 item 5: every word Easel accepts is drawn with real glyphs, never the font's empty box."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from device.render.fonts import font
from device.render.glyphs import WEIGHTS, drawable_characters, first_undrawable
from device.wordpacks import LANGUAGES, WordPackError, builtin_deck, load_pack

PX = 24
NOT_IN_THE_FONT = "\U000f0000"  # a private-use code point: no font maps it, so it draws .notdef


@cache
def bitmap(ch: str, weight: str) -> tuple[tuple[int, int], bytes]:
    """The pixels `ch` is drawn with at PX: its size and its bytes."""
    mask = font(PX, weight).getmask(ch, mode="1")
    return mask.size, bytes(mask)


def draws_its_own_glyph(ch: str, weight: str) -> bool:
    """Whether `ch` is drawn as something other than the .notdef box."""
    return bitmap(ch, weight) != bitmap(NOT_IN_THE_FONT, weight)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_every_bundled_pack_draws_real_glyphs(lang: str) -> None:
    """Each letter of each accepted word, in each weight, is a glyph of its own, not .notdef."""
    words = builtin_deck(lang)
    letters = {ch for word in words for ch in word if ch != " "}
    for weight in WEIGHTS:
        boxes = sorted(ch for ch in letters if not draws_its_own_glyph(ch, weight))
        assert not boxes, (weight, boxes)
        for word in words:
            assert font(PX, weight).getbbox(word)[2] > 0, word


SAMPLES = ("aZéßœŁřőşğıİþðñ’-" "αβγΩάέήίόύώϊϋΐ" "абвЖЩЪЫЬЭЮЯёїєґў" "熊ねカ한قחแबԱაሀ")


@pytest.mark.parametrize("ch", SAMPLES)
def test_the_cmap_says_what_the_font_draws(ch: str) -> None:
    """The cmap reader agrees with the pixels: a character it maps draws a glyph, one it does not draws a box."""
    assert (first_undrawable(ch) is None) == all(draws_its_own_glyph(ch, weight) for weight in WEIGHTS)


LATIN_GREEK_CYRILLIC = (
    "Straße", "Łódź", "Ørsted", "Þórður", "Dvořák", "İstanbul", "ağaç", "Győr", "șosea", "țară",
    "Αθήνα", "καλημέρα", "ΰψος", "Москва", "їжак",
    "ґанок", "Ђорђе", "љубав", "щётка", "Ѓорѓи",
)


def test_latin_greek_and_cyrillic_words_always_work(tmp_path: Path) -> None:
    """European words in Latin, modern Greek and Cyrillic letters load and draw real glyphs."""
    pack = tmp_path / "words.txt"
    pack.write_text("\n".join(LATIN_GREEK_CYRILLIC), encoding="utf-8")
    assert load_pack(pack, min_words=1) == LATIN_GREEK_CYRILLIC
    letters = {ch for word in LATIN_GREEK_CYRILLIC for ch in word}
    assert all(draws_its_own_glyph(ch, "semibold") for ch in letters)


def test_every_letter_of_the_modern_alphabets_is_drawable() -> None:
    """Latin-1 and Latin Extended-A (but the long s), modern Greek and the Cyrillic block's first 96."""
    drawable = drawable_characters()
    latin = [c for c in range(0xC0, 0x180) if c not in (0xD7, 0xF7, 0x17F)]
    greek = [c for c in range(0x386, 0x3CF) if c not in (0x387, 0x38B, 0x38D, 0x3A2)]
    cyrillic = list(range(0x400, 0x460))
    assert [hex(c) for c in latin + greek + cyrillic if c not in drawable] == []


@pytest.mark.parametrize(("word", "char"), [("熊猫", "U+718A CJK UNIFIED IDEOGRAPH-718A"),
                                            ("ねこ", "U+306D HIRAGANA LETTER NE"),
                                            ("قطة", "U+0642 ARABIC LETTER QAF"),
                                            ("חתול", "U+05D7 HEBREW LETTER HET"),
                                            ("แมว", "U+0E41 THAI CHARACTER SARA AE"),
                                            ("बिल्ली", "U+092C DEVANAGARI LETTER BA")])
def test_a_word_the_font_cannot_draw_is_refused(tmp_path: Path, word: str, char: str) -> None:
    """Once dealt as empty boxes: now one line naming the file, the line and the character."""
    pack = tmp_path / "words.txt"
    pack.write_text(f"cat\n{word}\n", encoding="utf-8")
    with pytest.raises(WordPackError) as info:
        load_pack(pack, min_words=1)
    assert str(info.value) == (f"{pack}:2: '{word}' has {char}, which the panel's font cannot draw; use Latin, "
                               "Greek or Cyrillic letters")
