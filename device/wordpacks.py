"""Word decks, shared by every game that deals words (#ARTBOX today): the built-in decks and the
owner's word pack files, checked line by line.

A pack holds at most MAX_PACK_WORDS words in at most MAX_PACK_BYTES bytes (bigger files are
refused before they are read). A word is letters, digits, spaces, apostrophes (' or ’) and
hyphens, every one of them a character the bundled font draws (Latin, Greek and Cyrillic; not
Chinese, Japanese, Arabic, Hebrew, Thai or Devanagari, which would be dealt as empty boxes).
"""

from __future__ import annotations

import codecs
import os
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.digest import sha256_hex
from device.errors import quote
from device.render.glyphs import first_undrawable
from device.userfiles import read_bounded

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

MAX_WORD_LENGTH = 14
MAX_PACK_WORDS = 20_000
MAX_PACK_BYTES = 1_000_000
WORD_PUNCTUATION = frozenset(" '’-")
# 8 players x 3 cards (the 3-player variant deals 3) + 3 decoys, with room to spare.
MIN_WORDS = 40
LANGUAGES = ("en", "fr")


class WordPackError(ValueError):
    """A word pack that cannot be used; the message names the file, the line and the fix."""


def builtin_deck(lang: str) -> tuple[str, ...]:
    """The words of the built-in deck for `lang` ("en" or "fr")."""
    if lang not in LANGUAGES:
        raise WordPackError(
            f"no built-in word deck for language {lang!r}; use one of: {', '.join(LANGUAGES)}"
        )
    from importlib import resources  # only when a deck is read: it brings in tempfile, shutil, random

    resource = resources.files("device").joinpath("data", "words", f"{lang}.txt")
    return parse_pack(_read_bytes(resource, str(resource)), str(resource))


def load_pack(path: str | os.PathLike[str], min_words: int = MIN_WORDS) -> tuple[str, ...]:
    """The words of the word pack file at `path`, in file order."""
    source = os.fspath(path)
    data = read_bounded(Path(source), "word pack", MAX_PACK_BYTES, "check the path in your config",
                        WordPackError, too_big="split it")
    return parse_pack(data, source, min_words)


def _check_size(size: int, source: str) -> None:
    """WordPackError for a pack of more than MAX_PACK_BYTES bytes."""
    if size > MAX_PACK_BYTES:
        raise WordPackError(
            f"{source}: {size:,} bytes, a word pack holds at most {MAX_PACK_BYTES:,}; split it"
        )


def _pack_word(raw: bytes, source: str, number: int) -> str | None:
    """The word on line `number` of a pack, None for a blank or comment line; WordPackError
    for a line that is not UTF-8, has a character words cannot use, is too long, or has a
    character the bundled font cannot draw."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise WordPackError(
            f"{source}:{number}: not UTF-8 text; save the word pack as UTF-8"
        ) from None
    word = _normalise(text)
    if not word or word.startswith("#"):
        return None
    bad = first_bad_character(text)
    if bad is not None:
        raise WordPackError(
            f"{source}:{number}: {quote(text.strip())} has {describe(bad)}; words use letters, "
            "digits, spaces, ' and - only"
        )
    if len(word) > MAX_WORD_LENGTH:
        raise WordPackError(
            f"{source}:{number}: {quote(word)} is {len(word)} characters, at most "
            f"{MAX_WORD_LENGTH} fit on the screen; shorten it"
        )
    missing = first_undrawable(word)
    if missing is not None:
        raise WordPackError(
            f"{source}:{number}: {quote(word)} has {describe(missing)}, which the panel's font cannot "
            "draw; use Latin, Greek or Cyrillic letters"
        )
    return word


def parse_pack(data: bytes, source: str, min_words: int = MIN_WORDS) -> tuple[str, ...]:
    """The words in a pack's raw bytes; `source` names the file in error messages."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    words: list[str] = []
    first_line: dict[str, int] = {}
    _check_size(len(data), source)
    for number, raw in enumerate(data.splitlines(), start=1):  # \n, \r\n or \r
        word = _pack_word(raw, source, number)
        if word is None:
            continue
        key = word_key(word)
        if key in first_line:
            raise WordPackError(
                f"{source}:{number}: duplicate word {quote(word)} (first on line "
                f"{first_line[key]}); remove one"
            )
        first_line[key] = number
        words.append(word)
        if len(words) > MAX_PACK_WORDS:
            raise WordPackError(
                f"{source}:{number}: more than {MAX_PACK_WORDS:,} words, the most a pack holds; "
                "split it"
            )
    if not words:
        raise WordPackError(f"{source}: the word pack is empty; add one word per line")
    if len(words) < min_words:
        raise WordPackError(
            f"{source}: only {len(words)} words, at least {min_words} are needed for an "
            "8-player game; add more"
        )
    return tuple(words)


def first_bad_character(line: str) -> str | None:
    """The first character of a pack line that no word may hold, or None.

    Words hold letters and digits of any script (with the accents and vowel signs that follow
    them), spaces, tabs between words, ' ’ and -. Checked before spaces are collapsed, which
    would hide separators such as U+2028.
    """
    previous = " "
    for ch in unicodedata.normalize("NFC", line):
        category = unicodedata.category(ch)
        mark_on_letter = category[0] == "M" and unicodedata.category(previous)[0] in "LNM"
        if not (ch in WORD_PUNCTUATION or ch == "\t" or category[0] in "LN" or mark_on_letter):
            return ch
        previous = ch
    return None


def describe(ch: str) -> str:
    """A character named for an error line: "U+200B ZERO WIDTH SPACE"."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'control character')}"


def merge_decks(*decks: Iterable[str]) -> tuple[str, ...]:
    """All words of `decks` in order, keeping only the first of words that are the same (word_key)."""
    seen: set[str] = set()
    merged: list[str] = []
    for deck in decks:
        for word in deck:
            key = word_key(word)
            if key not in seen:
                seen.add(key)
                merged.append(word)
    return tuple(merged)


def word_key(word: str) -> str:
    """What makes two words the same: compared after NFKC and case folding, so "ＡＢＣ" is "abc"
    and "Straße" is "STRASSE"; "İ" folds to "i" (Unicode's Turkic folding, for this one letter),
    so "İstanbul" is "istanbul". Accents still count: "pêche" and "péché" are two words."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", _normalise(word)).casefold())
    return folded.replace("i\u0307", "i")


def _normalise(text: str) -> str:
    # NFC so that "é" typed as e + accent counts as one character and matches "é";
    # runs of spaces or tabs inside a compound collapse to one space.
    return " ".join(unicodedata.normalize("NFC", text).split())


def _read_bytes(resource: Traversable, source: str) -> bytes:
    """A packaged deck's bytes (user files go through read_bounded)."""
    try:
        return resource.read_bytes()
    except OSError as exc:
        raise WordPackError(f"{source}: cannot read the packaged deck ({exc.strerror}); reinstall Easel") \
            from exc


# ----- packs by reference ---------------------------------------------------------------
# A saved game names its deck (the built-in deck of a language plus the user's pack files) and
# the SHA-256 of its words instead of copying them; the deck itself carries that reference.

@dataclass(frozen=True)
class PackRef:
    """Where a deck's words come from, and their fingerprint."""

    builtin: str
    files: tuple[str, ...]
    sha256: str
    count: int

    @property
    def name(self) -> str:
        """How the table knows the deck: "built-in en + /home/pi/words.txt"."""
        return " + ".join((f"built-in {self.builtin}", *self.files))

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form."""
        return {"builtin": self.builtin, "files": list(self.files), "sha256": self.sha256,
                "count": self.count}


class Deck(tuple[str, ...]):
    """A deck made by `word_deck`: its words (a tuple, equal to the same words in a plain
    tuple), carrying the PackRef that names them, so a game saves it by reference."""

    ref: PackRef

    def __new__(cls, words: Iterable[str], ref: PackRef) -> Deck:
        deck = super().__new__(cls, words)
        deck.ref = ref
        return deck

    def __getnewargs__(self) -> tuple[tuple[str, ...], PackRef]:
        # copy and pickle rebuild a tuple subclass through __new__: give it the reference too.
        return tuple(self), self.ref


def fingerprint(words: Sequence[str]) -> str:
    """The SHA-256 of the words, one per line."""
    return sha256_hex("\n".join(words).encode("utf-8"))


def word_deck(lang: str, files: Sequence[str | os.PathLike[str]] = ()) -> Deck:
    """The built-in deck for `lang` plus the pack files, carrying its reference for saving."""
    paths = tuple(os.fspath(f) for f in files)
    stamps = _stamps(paths)
    if stamps is None:  # a file is missing: reading it says which, and how to fix it
        return _read_deck.__wrapped__(lang, paths, ())
    return _read_deck(lang, paths, stamps)


def reference(words: tuple[str, ...]) -> PackRef | None:
    """The reference of a deck made by `word_deck`, or None for any other word tuple."""
    return words.ref if isinstance(words, Deck) else None


def resolve(data: dict[str, Any]) -> Deck:
    """The words a saved reference names, read from its files (a game saved before its deck was
    kept in the database, storage/kept.py); WordPackError if the pack is missing or changed."""
    ref = PackRef(str(data["builtin"]), tuple(str(f) for f in data["files"]), str(data["sha256"]),
                  int(data["count"]))
    deck = word_deck(ref.builtin, ref.files)
    if deck.ref.sha256 != ref.sha256:
        changed = ", ".join(ref.files) or f"the built-in {ref.builtin} deck"
        raise WordPackError(f"{changed} changed since the game began ({ref.count} words then, {len(deck)} now)")
    return deck


def _stamps(paths: tuple[str, ...]) -> tuple[tuple[int, int], ...] | None:
    """Each file's (size, mtime_ns), None when one cannot be read: what a changed pack changes."""
    try:
        stats = [os.stat(path) for path in paths]
    except OSError:
        return None
    return tuple((s.st_size, s.st_mtime_ns) for s in stats)


# A pure memo (the same files, unchanged, read the same): resuming or undoing a game with a
# 20,000-word pack does not read and check the pack again. One deck per language and pack set.
@lru_cache(maxsize=8)
def _read_deck(lang: str, files: tuple[str, ...], stamps: tuple[tuple[int, int], ...]) -> Deck:
    """The deck of `word_deck`, read from the files (`stamps` only keys the memo)."""
    words = merge_decks(builtin_deck(lang), *(load_pack(path) for path in files))
    return Deck(words, PackRef(lang, files, fingerprint(words), len(words)))
