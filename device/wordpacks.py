"""#ARTBOX word packs: the built-in decks and user files, checked line by line."""

from __future__ import annotations

import codecs
import os
import unicodedata
from collections.abc import Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

MAX_WORD_LENGTH = 14
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
    resource = resources.files("device").joinpath("data", "words", f"{lang}.txt")
    return parse_pack(_read_bytes(resource, str(resource)), str(resource))


def load_pack(path: str | os.PathLike[str], min_words: int = MIN_WORDS) -> tuple[str, ...]:
    """The words of the word pack file at `path`, in file order."""
    source = os.fspath(path)
    return parse_pack(_read_bytes(Path(source), source), source, min_words)


def parse_pack(data: bytes, source: str, min_words: int = MIN_WORDS) -> tuple[str, ...]:
    """The words in a pack's raw bytes; `source` names the file in error messages."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    words: list[str] = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise WordPackError(
                f"{source}:{number}: not UTF-8 text; save the word pack as UTF-8"
            ) from None
        word = _normalise(text)
        if not word or word.startswith("#"):
            continue
        if len(word) > MAX_WORD_LENGTH:
            raise WordPackError(
                f"{source}:{number}: '{word}' is {len(word)} characters, at most "
                f"{MAX_WORD_LENGTH} fit on the screen; shorten it"
            )
        key = word.casefold()
        if key in first_line:
            raise WordPackError(
                f"{source}:{number}: duplicate word '{word}' (first on line "
                f"{first_line[key]}); remove one"
            )
        first_line[key] = number
        words.append(word)
    if not words:
        raise WordPackError(f"{source}: the word pack is empty; add one word per line")
    if len(words) < min_words:
        raise WordPackError(
            f"{source}: only {len(words)} words, at least {min_words} are needed for an "
            "8-player game; add more"
        )
    return tuple(words)


def merge_decks(*decks: Iterable[str]) -> tuple[str, ...]:
    """All words of `decks` in order, keeping only the first of words equal ignoring case."""
    seen: set[str] = set()
    merged: list[str] = []
    for deck in decks:
        for word in deck:
            key = _normalise(word).casefold()
            if key not in seen:
                seen.add(key)
                merged.append(word)
    return tuple(merged)


def _normalise(text: str) -> str:
    # NFC so that "é" typed as e + accent counts as one character and matches "é";
    # runs of spaces or tabs inside a compound collapse to one space.
    return " ".join(unicodedata.normalize("NFC", text).split())


def _read_bytes(resource: Traversable | Path, source: str) -> bytes:
    try:
        return resource.read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise WordPackError(
            f"{source}: cannot read the word pack ({reason}); check the path in your config"
        ) from exc
