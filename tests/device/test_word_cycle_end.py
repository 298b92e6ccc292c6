"""A cycle of the word history ends when every word of the deck in play was dealt in it
(device/storage/store_words.py), however many other words (another pack's) were dealt too."""

from __future__ import annotations

import sqlite3

from device.storage.store_words import WORDS_SCHEMA, WordsDealt, cycle_of, record


def test_the_cycle_ends_only_when_the_decks_own_words_are_all_dealt() -> None:
    conn = sqlite3.connect(":memory:")
    for sql in WORDS_SCHEMA:
        conn.execute(sql)
    deck = ("Cat", "dog", "owl")
    record(conn, WordsDealt("en", ("ant", "bee", "cow", "elk"), ("ant", "bee", "cow", "elk"), 0))
    assert cycle_of(conn, "en") == 1  # that four-word deck went round
    record(conn, WordsDealt("en", ("yak", "emu", "gnu"), ("yak", "emu", "gnu", "Cat", "dog", "owl"), 1))
    record(conn, WordsDealt("en", ("cat", "dog"), deck, 1))  # 5 rows, more than the deck's 3 words
    assert cycle_of(conn, "en") == 1
    record(conn, WordsDealt("en", ("OWL",), deck, 1))
    assert cycle_of(conn, "en") == 2
