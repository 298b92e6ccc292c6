"""Which #ARTBOX words the table has seen: read from and written to the device's database.

A game starting asks the store in its context which words of its deck are used in the current
cycle (`used_words`), and a saved game names that list by reference (`UsedRef`: language,
cycle and the last row then, kept in the game's UI state) so that bytes per saved press do not
grow with the deck; loading a saved game reads the rows back from the store it is given
(`Context.words`: nothing here is global).
A step that deals words says so (`WordsDealt`, from `App.words_dealt`) and the runner records
them in the same transaction as the step. Undoing a deal does not make its words fresh again:
they were on the screen, so they were seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from device.storage.kept import Shelf
from device.storage.set_aside import SetAside
from device.storage.store_words import WordsDealt, word_key
from device.wordpacks import WordPackError, fingerprint

__all__ = ["UsedRef", "WordSource", "WordsDealt", "matches", "progress", "reset", "resolve", "used_words"]


@dataclass(frozen=True)
class UsedRef:
    """The words used when a game began: rows of `cycle` up to `through`, with their fingerprint."""

    language: str
    cycle: int
    through: int
    count: int
    sha256: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form."""
        return {"language": self.language, "cycle": self.cycle, "through": self.through,
                "count": self.count, "sha256": self.sha256}


class WordSource(Shelf, Protocol):
    """The database as apps see it (device.storage.store.Store): the words used, the data saved
    states name (`kept`), and where a game that cannot resume is kept aside."""

    def set_aside(self, game: SetAside) -> None:
        """Keep a saved game that cannot resume aside, whole."""

    def words_used(self, language: str, upto: tuple[int, int] | None = None) -> tuple[int, int, frozenset[str]]:
        """(cycle, last row, keys of the words used in it): now, or at `upto` = (cycle, last row)."""

    def reset_words(self, language: str) -> None:
        """Start a new cycle: every word of the language is fresh."""


def used_words(source: WordSource | None, language: str,
               deck: tuple[str, ...]) -> tuple[tuple[str, ...], UsedRef | None]:
    """The words of `deck` dealt in the current cycle, in deck order, and their reference for
    saving (none and None without a store)."""
    if source is None:
        return (), None
    cycle, through, keys = source.words_used(language)
    used = tuple(w for w in deck if word_key(w) in keys)
    return used, UsedRef(language, cycle, through, len(used), fingerprint(used))


def progress(source: WordSource | None, language: str, deck: tuple[str, ...]) -> tuple[int, int]:
    """(words of `deck` used in the current cycle, words in `deck`)."""
    if source is None:
        return 0, len(deck)
    _, _, keys = source.words_used(language)
    return sum(1 for w in deck if word_key(w) in keys), len(deck)


def reset(source: WordSource | None, language: str) -> None:
    """Every word of `language` is fresh again (Settings, "Reset used words")."""
    if source is not None:
        source.reset_words(language)


def matches(ref: UsedRef | None, used: tuple[str, ...]) -> bool:
    """True when `ref` names exactly the words `used`."""
    return ref is not None and ref.count == len(used) and ref.sha256 == fingerprint(used)


def resolve(data: dict[str, Any], deck: tuple[str, ...],
            source: WordSource | None) -> tuple[tuple[str, ...], UsedRef]:
    """The used words a saved reference names, read from `source` (the database), and the
    reference; WordPackError when the database (or no database) no longer has them."""
    ref = UsedRef(str(data["language"]), int(data["cycle"]), int(data["through"]), int(data["count"]),
                  str(data["sha256"]))
    keys = source.words_used(ref.language, (ref.cycle, ref.through))[2] if source is not None else frozenset()
    used = tuple(w for w in deck if word_key(w) in keys)
    if fingerprint(used) != ref.sha256:
        raise WordPackError(f"the {ref.count} words used when the game began are no longer in the database")
    return used, ref
