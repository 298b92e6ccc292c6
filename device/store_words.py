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
from collections.abc import Iterable
from typing import Any

WORDS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS words_used (language TEXT NOT NULL, cycle INTEGER NOT NULL,"
    " word TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (language, cycle, word))",
    "CREATE TABLE IF NOT EXISTS words_cycle (language TEXT PRIMARY KEY, cycle INTEGER NOT NULL)",
)


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


def record(cur: Any, language: str, words: Iterable[str], deck: Iterable[str], keep_cycle: int) -> None:
    """Mark `words` as dealt in the current cycle; once every word of `deck` is, start the next
    cycle. Rows of cycles before `keep_cycle` (the cycle the game under way began in) and before
    the previous cycle are deleted then: no game can need them."""
    cycle = cycle_of(cur, language)
    seq = last_row(cur)
    for word in words:
        seq += 1
        cur.execute("INSERT OR IGNORE INTO words_used (language, cycle, word, seq) VALUES (?, ?, ?, ?)",
                    (language, cycle, word_key(word), seq))
    if {word_key(w) for w in deck} <= used_keys(cur, language, cycle):
        start_cycle(cur, language, cycle + 1)
        cur.execute("DELETE FROM words_used WHERE language=? AND cycle<?", (language, min(keep_cycle, cycle)))


def start_cycle(cur: Any, language: str, cycle: int) -> None:
    """Make `cycle` the language's current one: every word is fresh again."""
    cur.execute("INSERT OR REPLACE INTO words_cycle (language, cycle) VALUES (?, ?)", (language, cycle))


def validate_word_rows(conn: sqlite3.Connection) -> str | None:
    """Why a row of the word tables is not one Easel writes, or None (a database of format 3 or
    before, read without being upgraded, has no word tables)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"words_used", "words_cycle"} <= tables:
        return None
    for language, cycle, word, seq in conn.execute("SELECT language, cycle, word, seq FROM words_used"):
        if not isinstance(language, str) or not isinstance(word, str) or not word:
            return f"words_used row {seq!r} has no language or word"
        if not isinstance(cycle, int) or not isinstance(seq, int) or cycle < 0 or seq < 1:
            return f"words_used row {seq!r} has no cycle or number"
    for language, cycle in conn.execute("SELECT language, cycle FROM words_cycle"):
        if not isinstance(language, str) or not isinstance(cycle, int) or cycle < 0:
            return f"words_cycle row {language!r} is not a language and a cycle"
    return None
