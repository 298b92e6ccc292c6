"""The words #ARTBOX has dealt, per word language, in the rows of the Easel database.

A word is keyed by its word language and itself (case-folded), not by the pack that brought
it: to the table a word seen is seen, whichever pack holds it, so adding or removing a pack
keeps the history of every other word, and a word in two packs comes once per cycle. A cycle
ends when every word of the deck in use has been dealt; the language then starts the next
cycle (`words_cycle`), and all its words are fresh again. Rows are added in the transaction of
the step that dealt the words, and never changed, so a game can name the words used when it
began as (language, cycle, last row) instead of listing them in every saved press.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

WORDS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS words_used (language TEXT NOT NULL, cycle INTEGER NOT NULL,"
    " word TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (language, cycle, word))",
    "CREATE TABLE IF NOT EXISTS words_cycle (language TEXT PRIMARY KEY, cycle INTEGER NOT NULL)",
)


@dataclass(frozen=True)
class WordsDealt:
    """Words one step dealt from `deck` (a game that began in `cycle` is under way)."""

    language: str
    words: tuple[str, ...]
    deck: tuple[str, ...]
    cycle: int


def word_key(word: str) -> str:
    """How a word is stored: NFC, case-folded (the deck never holds two words equal so)."""
    return unicodedata.normalize("NFC", word).casefold()


def cycle_of(conn: Any, language: str) -> int:
    """The language's current cycle (0 before any reset)."""
    row = conn.execute("SELECT cycle FROM words_cycle WHERE language=?", (language,)).fetchone()
    return 0 if row is None else int(row[0])


def last_row(conn: Any) -> int:
    """The newest row's number (0 when none): a game's words used are those up to it."""
    return int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM words_used").fetchone()[0])


def used_keys(conn: Any, language: str, cycle: int, through: int | None = None) -> frozenset[str]:
    """The keys of the words dealt in `cycle`, up to row `through` (all when None)."""
    limit = last_row(conn) if through is None else through
    rows = conn.execute("SELECT word FROM words_used WHERE language=? AND cycle=? AND seq<=?",
                        (language, cycle, limit))
    return frozenset(str(r[0]) for r in rows)


def word_use(conn: Any, language: str, upto: tuple[int, int] | None) -> tuple[int, int, frozenset[str]]:
    """(cycle, last row, keys of the words used in it): now, or at `upto` = (cycle, last row)."""
    cycle, through = upto if upto is not None else (cycle_of(conn, language), last_row(conn))
    return cycle, through, used_keys(conn, language, cycle, through)


def record(cur: Any, dealt: WordsDealt | None) -> None:
    """Mark the words a step dealt as used in the current cycle; once every word of the deck is,
    start the next cycle. Rows of cycles before the one the game under way began in and before
    the previous cycle are deleted then: no game can need them."""
    if dealt is None:
        return
    language, words, deck, keep_cycle = dealt.language, dealt.words, dealt.deck, dealt.cycle
    cycle = cycle_of(cur, language)
    seq = last_row(cur)
    for word in words:
        seq += 1
        cur.execute("INSERT OR IGNORE INTO words_used (language, cycle, word, seq) VALUES (?, ?, ?, ?)",
                    (language, cycle, word_key(word), seq))
    if _cycle_done(cur, language, cycle, deck):
        start_cycle(cur, language, cycle + 1)
        cur.execute("DELETE FROM words_used WHERE language=? AND cycle<?", (language, min(keep_cycle, cycle)))


def _cycle_done(cur: Any, language: str, cycle: int, deck: tuple[str, ...]) -> bool:
    """Has every word of `deck` been dealt in `cycle`? Counted first (a row a word), so the keys
    are compared only when the cycle may be over: a dealing press costs the same with any pack."""
    keys = _deck_keys(deck)
    count = cur.execute("SELECT count(*) FROM words_used WHERE language=? AND cycle=?",
                        (language, cycle)).fetchone()[0]
    return int(count) >= len(keys) and keys <= used_keys(cur, language, cycle)


@lru_cache(maxsize=2)
def _deck_keys(deck: tuple[str, ...]) -> frozenset[str]:
    """The keys of the deck's words, worked out once for the deck a game plays with."""
    return frozenset(word_key(w) for w in deck)


def start_cycle(cur: Any, language: str, cycle: int) -> None:
    """Make `cycle` the language's current one: every word is fresh again."""
    cur.execute("INSERT OR REPLACE INTO words_cycle (language, cycle) VALUES (?, ?)", (language, cycle))


class _Rows(Protocol):
    """What the word history needs of the store: its newest connection and its writes."""

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection holding the newest state."""

    def _write(self, work: Callable[[Any], T]) -> T:
        """Run `work` in one transaction (kept pending when the disk refuses it)."""


class WordHistoryRows:
    """The store's word-history methods (device.storage.store.Store; device.storage.word_history.WordSource)."""

    def words_used(self: _Rows, language: str, upto: tuple[int, int] | None = None) -> tuple[int, int, frozenset[str]]:
        """(cycle, last row, keys of the words used in it): now, or at `upto` = (cycle, last row)."""
        return word_use(self.conn, language, upto)

    def reset_words(self: _Rows, language: str) -> None:
        """Start the language's next cycle: every word is fresh again (rows stay for games under way)."""
        self._write(lambda cur: start_cycle(cur, language, cycle_of(cur, language) + 1))


def validate_word_rows(conn: sqlite3.Connection) -> str | None:
    """Why a row of the word tables is not one Easel writes, or None (a database of format 3 or
    before, read without being upgraded, has no word tables)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"words_used", "words_cycle"} <= tables:
        return None
    # Checked by SQLite in one pass (at C speed: the table grows with every game); a TEXT value
    # is a Python str, an INTEGER an int. Every word is also decoded as Python reads text, all at once.
    text_factory = conn.text_factory
    conn.text_factory = bytes
    try:
        no_word, no_number, joined = conn.execute(
            "SELECT min(CASE WHEN typeof(language)!='text' OR typeof(word)!='text' OR word='' THEN seq END), "
            "min(CASE WHEN typeof(cycle)!='integer' OR typeof(seq)!='integer' OR cycle<0 OR seq<1 THEN seq END), "
            "group_concat(language || char(0) || word, char(0)) FROM words_used").fetchone()
    finally:
        conn.text_factory = text_factory
    if no_word is not None:
        return f"words_used row {no_word!r} has no language or word"
    if no_number is not None:
        return f"words_used row {no_number!r} has no cycle or number"
    try:
        (joined or b"").decode("utf-8")
    except UnicodeDecodeError:
        return "words_used has a word that is not UTF-8 text"
    for language, cycle in conn.execute("SELECT language, cycle FROM words_cycle"):
        if not isinstance(language, str) or not isinstance(cycle, int) or cycle < 0:
            return f"words_cycle row {language!r} is not a language and a cycle"
    return None

