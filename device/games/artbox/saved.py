"""#ARTBOX games as saved: the word deck by reference and every word as its index in the deck.

The engine plays with words; only the saved form changes, so the rules and screens never see
indices. A saved game holds the deck's reference (device/wordpacks.py) instead of its words,
and the shuffled word deck as "the shuffle of the game's seed, from card K on, then these
cards put back under it", so the bytes of a save do not grow with the pack. The words earlier
games dealt (`Setup.used`, which the shuffle puts last) are saved as a reference to the rows of
the database that list them (device/storage/word_history.py). A deck made any other way (a test's own
words) is saved whole, as before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from device.storage import word_history
from device.storage.word_history import UsedRef, WordSource
from device.wordpacks import WordPackError, reference, resolve
from engine.artbox.supply import opening_deck
from engine.rng import Rng

# Fields of the engine's #ARTBOX state that hold words: one word list each, or one per seat.
WORD_LISTS = ("discard", "decoys", "word_list", "carry")
SEAT_WORD_LISTS = ("hands", "chosen")


def compact(game: dict[str, Any], words: tuple[str, ...], shuffle_seed: int,
            used_ref: UsedRef | None) -> dict[str, Any]:
    """The saved form of a dumped engine state whose deck is `words`, shuffled with the seed, its
    used words named by `used_ref` (when it names them)."""
    ref = reference(words)
    if ref is None:
        return game
    index = _index_of(words)
    out = dict(game)
    used = tuple(game["setup"]["used"])
    by_ref = used_ref if used and word_history.matches(used_ref, used) else None
    saved_used = {"ref": by_ref.to_dict()} if by_ref is not None else [index[w] for w in used]
    out["setup"] = {**game["setup"], "words": {"pack": ref.to_dict()}, "used": saved_used}
    for key in WORD_LISTS:
        out[key] = [index[w] for w in game[key]]
    for key in SEAT_WORD_LISTS:
        out[key] = [[index[w] for w in seat] for seat in game[key]]
    last = tuple(sorted(index[w] for w in used))
    out["deck"] = _compact_deck([index[w] for w in game["deck"]["cards"]], len(words), shuffle_seed, last)
    return out


def expand(game: dict[str, Any], source: WordSource | None) -> tuple[dict[str, Any], UsedRef | None]:
    """The dumped engine state back from its saved form (unchanged if saved whole), and the
    reference of its used words when they were saved by one (read back from `source`).

    Raises WordPackError (a ValueError) when the pack is missing or changed.
    """
    ref = game["setup"]["words"]
    if not isinstance(ref, dict):
        return game, None
    words = resolve(ref["pack"])
    out = dict(game)
    saved_used = game["setup"].get("used", [])
    used_ref = None
    if isinstance(saved_used, dict):
        used, used_ref = word_history.resolve(saved_used["ref"], words, source)
    else:
        used = tuple(_word(words, i) for i in saved_used)
    out["setup"] = {**game["setup"], "words": list(words), "used": list(used)}
    for key in WORD_LISTS:
        if key in game:  # a game saved before `carry` existed has none
            out[key] = [_word(words, i) for i in game[key]]
    for key in SEAT_WORD_LISTS:
        out[key] = [[_word(words, i) for i in seat] for seat in game[key]]
    deck = game["deck"]
    last = tuple(sorted(_index_of(words)[w] for w in used))
    shuffled = _shuffle(int(deck["shuffled"]), len(words), last)[int(deck["from"]):]
    out["deck"] = {"cards": [_word(words, i) for i in (*shuffled, *deck["then"])]}
    return out, used_ref


def _compact_deck(cards: list[int], size: int, seed: int, last: tuple[int, ...]) -> dict[str, Any]:
    """{"shuffled": seed, "from": K, "then": [...]}: the seed's shuffle from card K on, then more."""
    order = _shuffle(seed, size, last)
    start = size
    if cards:
        first = _position(seed, size, last)[cards[0]]
        if order[first:] == tuple(cards[:size - first]):
            start = first
    return {"shuffled": seed, "from": start, "then": cards[size - start:]}


@lru_cache(maxsize=4)
def _shuffle(seed: int, size: int, last: tuple[int, ...]) -> tuple[int, ...]:
    """Deck positions in the order engine.artbox.new_game shuffles them with `seed`, the used
    positions `last` (ascending) shuffled under the others."""
    deck, _, _ = opening_deck(tuple(map(str, range(size))), tuple(map(str, last)), Rng.from_seed(seed))
    return tuple(int(card) for card in deck.cards)


@lru_cache(maxsize=4)
def _position(seed: int, size: int, last: tuple[int, ...]) -> dict[int, int]:
    return {card: i for i, card in enumerate(_shuffle(seed, size, last))}


@lru_cache(maxsize=8)
def _index_of(words: tuple[str, ...]) -> dict[str, int]:
    return {w: i for i, w in enumerate(words)}


def _word(words: tuple[str, ...], i: Any) -> str:
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(words):
        raise WordPackError(f"a saved word number {i!r} is not in the {len(words)}-word deck")
    return words[i]
