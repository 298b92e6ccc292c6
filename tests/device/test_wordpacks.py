"""The #ARTBOX word decks and the word-pack loader."""

from __future__ import annotations

import unicodedata
from importlib import resources
from pathlib import Path

import font_source_sans_pro
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import ImageFont

from device.wordpacks import (
    MAX_WORD_LENGTH,
    MIN_WORDS,
    WordPackError,
    builtin_deck,
    load_pack,
    merge_decks,
    parse_pack,
    word_key,
)

LANGS = ("en", "fr")
# The example words printed in the rulebooks (000 l.62-64, 001 l.153-156): our decks are our
# own and must not reuse them.
RULEBOOK_EXAMPLES = {
    "en": ("lock", "cactus", "luggage", "eye", "camel", "bun", "beard", "fork"),
    "fr": ("serrure", "cactus", "valise", "pain", "chameau", "barbe", "fourchette", "œil"),
}
SAMPLE = tuple(f"word {n:02d}" for n in range(MIN_WORDS))


def _raw_deck(lang: str) -> str:
    return resources.files("device").joinpath("data", "words", f"{lang}.txt").read_text("utf-8")


def _categories(lang: str) -> dict[str, list[str]]:
    """Words of a built-in file under each `# header` that directly precedes a word group."""
    groups: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in _raw_deck(lang).splitlines():
        if line.startswith("# "):
            current = groups.setdefault(line[2:], [])
        elif line.strip():
            assert current is not None, f"{lang}.txt: word {line!r} comes before any header"
            current.append(line)
    return {name: words for name, words in groups.items() if words}


def _dictionary_key(word: str) -> tuple[str, str]:
    """Dictionary order: accents and ligatures do not change where a word goes."""
    plain = unicodedata.normalize("NFD", word.replace("œ", "oe").replace("æ", "ae"))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold(), word


def _write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "pack.txt"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


# The built-in decks


@pytest.mark.parametrize("lang", LANGS)
def test_builtin_deck_has_at_least_230_unique_words(lang: str) -> None:
    deck = builtin_deck(lang)
    assert len(deck) >= 230
    assert len({word.casefold() for word in deck}) == len(deck)


@pytest.mark.parametrize("lang", LANGS)
def test_builtin_words_are_short_lower_case_and_normalised(lang: str) -> None:
    for word in builtin_deck(lang):
        assert len(word) <= MAX_WORD_LENGTH, word
        assert word == word.lower(), word
        assert word == unicodedata.normalize("NFC", word).strip(), word
        assert all(c.isalpha() or c in " -'" for c in word), word


@pytest.mark.parametrize("lang", LANGS)
def test_builtin_deck_avoids_the_rulebook_example_words(lang: str) -> None:
    """Rulebooks 000 l.62-64 and 001 l.153-156 print these; our decks are our own."""
    deck = {word.casefold() for word in builtin_deck(lang)}
    for lang_examples in RULEBOOK_EXAMPLES.values():
        assert deck.isdisjoint(lang_examples)


@pytest.mark.parametrize("lang", LANGS)
def test_builtin_deck_is_grouped_and_sorted_by_category(lang: str) -> None:
    groups = _categories(lang)
    assert len(groups) >= 8
    for name, words in groups.items():
        assert words == sorted(words, key=_dictionary_key), name
    assert sum(len(words) for words in groups.values()) == len(builtin_deck(lang))


def test_french_deck_is_written_with_its_accents() -> None:
    deck = set(builtin_deck("fr"))
    assert {"éléphant", "cœur", "château", "fenêtre", "île", "flûte", "maïs", "glaçon"} <= deck
    accented = "".join(deck)
    for letter in "éèêàâîïôûœç":
        assert letter in accented, letter


def test_french_and_english_decks_differ() -> None:
    assert len(set(builtin_deck("en")) & set(builtin_deck("fr"))) < 40


@pytest.mark.parametrize("lang", LANGS)
def test_every_builtin_word_fits_one_line_of_the_smallest_panel(lang: str) -> None:
    """250x122 panel: a 240 px line at the 16 pt (14 px) semibold word font."""
    path = font_source_sans_pro.font_files_ttf["SourceSansProSemibold"]
    assert path.endswith("SourceSansPro-Semibold.ttf")
    font = ImageFont.truetype(path, 16)
    for word in builtin_deck(lang):
        assert font.getlength(word) <= 240, word


def test_unknown_builtin_language_is_refused() -> None:
    with pytest.raises(WordPackError, match=r"^no built-in word deck for language 'de'; use"):
        builtin_deck("de")


# User packs


def test_load_pack_reads_words_in_order_skipping_comments_and_blank_lines(
    tmp_path: Path,
) -> None:
    text = "# my pack\n\n" + "\n   \n".join(SAMPLE[:20]) + "\n# more\n" + "\n".join(SAMPLE[20:])
    assert load_pack(_write(tmp_path, text)) == SAMPLE


def test_load_pack_accepts_crlf_a_bom_and_decomposed_accents(tmp_path: Path) -> None:
    words = ("cafe\u0301", *SAMPLE[1:])
    data = "\ufeff" + "\r\n".join(words) + "\r\n"
    assert load_pack(_write(tmp_path, data))[0] == "café"


def test_missing_file_names_the_path_and_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "nope.txt"
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == (
        f"{path}: no such word pack file; check the path in your config"
    )


def test_a_directory_is_not_a_word_pack(tmp_path: Path) -> None:
    with pytest.raises(WordPackError) as info:
        load_pack(tmp_path)
    assert str(info.value) == (
        f"{tmp_path}: is a directory, not a word pack file; check the path in your config"
    )


def test_non_utf8_names_the_line(tmp_path: Path) -> None:
    data = "\n".join(SAMPLE).encode() + "\nch\xe2teau\n".encode("latin-1")
    path = _write(tmp_path, data)
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == f"{path}:{MIN_WORDS + 1}: not UTF-8 text; save the word pack as UTF-8"


def test_duplicate_names_both_lines_ignoring_case(tmp_path: Path) -> None:
    path = _write(tmp_path, "# pack\n" + "\n".join(SAMPLE) + "\nWORD 03\n")
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == (
        f"{path}:{MIN_WORDS + 2}: duplicate word 'WORD 03' (first on line 5); remove one"
    )


def test_word_key_folds_case_and_compatibility_forms() -> None:
    """Issue 21: "İstanbul" is "istanbul" and "ＡＢＣ" is "abc" (NFKC, then case folding)."""
    assert word_key("İstanbul") == word_key("istanbul") == "istanbul"
    assert word_key("ＡＢＣ") == word_key("abc") == "abc"
    assert merge_decks(["abc"], ["ＡＢＣ", "ABC"]) == ("abc",)


@pytest.mark.parametrize(("first", "again"), [
    ("istanbul", "İstanbul"),  # issue 21: the capital dotted I folds to i
    ("straße", "STRASSE"),  # full case folding
    ("ﬁn", "fin"),  # a ligature is its letters (NFKC)
])
def test_duplicates_are_found_after_nfkc_and_case_folding(tmp_path: Path, first: str, again: str) -> None:
    """Words that are the same after NFKC and case folding are one word: the second is refused."""
    path = _write(tmp_path, "\n".join((first, *SAMPLE, again)) + "\n")
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == (
        f"{path}:{MIN_WORDS + 2}: duplicate word '{again}' (first on line 1); remove one"
    )
    assert merge_decks([first], [again]) == (first,)


def test_accents_and_dotless_i_still_make_other_words(tmp_path: Path) -> None:
    """Folding is not stripping: "pêche", "péché" and "pèche" are three French words, "ılık" is not "ilik"."""
    words = load_pack(_write(tmp_path, "\n".join(("pêche", "péché", "pèche", "ılık", "ilik", *SAMPLE))))
    assert words[:5] == ("pêche", "péché", "pèche", "ılık", "ilik")
    assert len({word_key(w) for w in words}) == len(words)


def test_over_long_word_says_how_long_it_is(tmp_path: Path) -> None:
    path = _write(tmp_path, "\n".join(SAMPLE[:3]) + "\ntyrannosaurus rex\n" + "\n".join(SAMPLE))
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == (
        f"{path}:4: 'tyrannosaurus rex' is 17 characters, at most 14 fit on the screen; shorten it"
    )


def test_fourteen_characters_still_fit(tmp_path: Path) -> None:
    words = ("brosse à dents", *SAMPLE[1:])
    assert load_pack(_write(tmp_path, "\n".join(words)))[0] == "brosse à dents"


def test_too_small_pack_says_how_many_are_needed(tmp_path: Path) -> None:
    path = _write(tmp_path, "\n".join(SAMPLE[:39]) + "\n")
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == (
        f"{path}: only 39 words, at least 40 are needed for an 8-player game; add more"
    )


def test_min_words_covers_an_eight_player_round() -> None:
    """Rulebook 000 l.148: 3 players take 3 cards; 000 l.51: the Maestro adds up to 3."""
    assert MIN_WORDS >= 8 * 3 + 3


def test_smaller_extra_packs_can_be_allowed(tmp_path: Path) -> None:
    assert load_pack(_write(tmp_path, "owl\nkite\n"), min_words=1) == ("owl", "kite")


@pytest.mark.parametrize("text", ["", "\n\n  \n", "# only a comment\n\n# another\n"])
def test_empty_pack_asks_for_one_word_per_line(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(WordPackError) as info:
        load_pack(path)
    assert str(info.value) == f"{path}: the word pack is empty; add one word per line"


def test_every_error_is_one_line(tmp_path: Path) -> None:
    bad = [b"", b"a\na\n", b"x" * 20, "b\xff".encode("latin-1"), b"one\n"]
    for n, data in enumerate(bad):
        path = tmp_path / f"bad{n}.txt"
        path.write_bytes(data)
        with pytest.raises(WordPackError) as info:
            load_pack(path)
        assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


# Merging


def test_merge_keeps_the_first_spelling_and_order() -> None:
    assert merge_decks(("owl", "Kite", "sun"), ("kite", "moon", "OWL"), ["star"]) == (
        "owl",
        "Kite",
        "sun",
        "moon",
        "star",
    )


def test_merge_of_builtin_decks_keeps_every_english_word() -> None:
    en, fr = builtin_deck("en"), builtin_deck("fr")
    merged = merge_decks(en, fr)
    assert merged[: len(en)] == en
    assert len(merged) == len({word_key(w) for w in en + fr})


# Words as load_pack returns them: no space at either end, never two in a row.
words_strategy = st.lists(
    st.text(alphabet="abcdéèœAÉ -", min_size=1, max_size=MAX_WORD_LENGTH).filter(
        lambda w: w == " ".join(w.split())
    ),
    max_size=30,
)


@given(st.lists(words_strategy, max_size=4))
def test_merge_has_no_case_duplicates_and_loses_no_word(decks: list[list[str]]) -> None:
    merged = merge_decks(*decks)
    assert len({word_key(w) for w in merged}) == len(merged)
    assert {word_key(w) for deck in decks for w in deck} == {word_key(w) for w in merged}


@given(
    st.lists(
        st.text(alphabet="abcdéœ-'", min_size=1, max_size=MAX_WORD_LENGTH),
        min_size=1,
        max_size=60,
        unique_by=word_key,
    )
)
def test_parse_pack_returns_exactly_the_words_written(words: list[str]) -> None:
    data = "\n".join(["# header", *words, ""]).encode()
    assert parse_pack(data, "pack.txt", min_words=1) == tuple(words)
