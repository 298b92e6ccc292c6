"""#ARTBOX games as saved: the word deck by reference and every word as its index in the deck.

The engine plays with words; only the saved form changes, so the rules and screens never see
indices. A saved game holds the deck's reference (device/wordpacks.py) instead of its words,
and the shuffled word deck as "the shuffle of the game's seed, from card K on, then these
cards put back under it", so the bytes of a save do not grow with the pack. The words earlier
games dealt (`Setup.used`, which the shuffle puts last) are saved as a reference to the rows of
the database that list them (device/storage/word_history.py). A deck made any other way (a test's own
words) is saved whole, as before.

`dump_game` writes that form straight from the engine's state without walking the deck's words
(only the few words on the table, and the cards put back under the shuffle), so saving a press
costs the same with a 20,000-word pack as with none; `compact` is the same form from a dump.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from device.storage import word_history
from device.storage.kept import Keep, Shelf, lines_body, lines_of
from device.storage.word_history import UsedRef, WordSource
from device.wordpacks import Deck, PackRef, WordPackError, reference, resolve
from engine import codec
from engine.artbox.state import State
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


def dump_game(game: State, shuffle_seed: int, used_ref: UsedRef | None) -> dict[str, Any]:
    """`compact(codec.to_dict(game), game.setup.words, shuffle_seed, used_ref)`, in time that does
    not grow with the deck."""
    words = game.setup.words
    ref = reference(words)
    if ref is None:
        return codec.to_dict(game)  # type: ignore[no-any-return]
    shuffled = _shuffled(words, game.setup.used, shuffle_seed, used_ref)
    index = shuffled.index
    skip = {"setup", "deck", *WORD_LISTS, *SEAT_WORD_LISTS}
    out = {f.name: codec.to_dict(getattr(game, f.name)) for f in fields(game) if f.name not in skip}
    setup = {f.name: codec.to_dict(getattr(game.setup, f.name)) for f in fields(game.setup)
             if f.name not in ("words", "used")}
    out["setup"] = {**setup, "words": {"pack": ref.to_dict()}, "used": shuffled.saved_used}
    for key in WORD_LISTS:
        out[key] = [index[w] for w in getattr(game, key)]
    for key in SEAT_WORD_LISTS:
        out[key] = [[index[w] for w in seat] for seat in getattr(game, key)]
    out["deck"] = _saved_deck(game.deck.cards, shuffled)
    return out


def expand(game: dict[str, Any],
           source: WordSource | None) -> tuple[dict[str, Any], UsedRef | None, Deck | None]:
    """The dumped engine state back from its saved form (unchanged if saved whole), the
    reference of its used words when they were saved by one (read back from `source`), and the
    deck its reference names (None when saved whole).

    The deck is the one kept in the database under its fingerprint (storage/kept.py), whatever
    its pack files hold now; a game saved before decks were kept reads its pack files. Raises
    WordPackError (a ValueError) when neither has the deck the game was dealt from.
    """
    ref = game["setup"]["words"]
    if not isinstance(ref, dict):
        return game, None, None
    words = saved_deck(ref["pack"], source)
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
    return out, used_ref, words


def with_deck(game: State, deck: Deck | None) -> State:
    """The loaded `game` playing with the very deck its saved reference names (`expand`'s; the
    decoded tuple has the same words but no reference), so its next saves are by reference again."""
    return game if deck is None else replace(game, setup=replace(game.setup, words=deck))


def kept_deck(game: State) -> tuple[Keep, ...]:
    """The deck a game plays with, to keep in the database under its fingerprint (a deck made
    any other way, a test's own words, is saved whole instead)."""
    words = game.setup.words
    ref = reference(words)
    return () if ref is None else (Keep(ref.sha256, lambda: lines_body(words)),)


def saved_deck(pack: dict[str, Any], source: Shelf | None) -> Deck:
    """The deck a saved reference names: kept in the database, else (a game saved before decks
    were kept) read from its pack files, which must not have changed since."""
    body = source.kept(str(pack["sha256"])) if source is not None else None
    if body is None:
        return resolve(pack)
    return _kept_deck(PackRef(str(pack["builtin"]), tuple(str(f) for f in pack["files"]), str(pack["sha256"]),
                              int(pack["count"])), body)


@lru_cache(maxsize=2)  # the game being loaded, and one before for an undo across games
def _kept_deck(ref: PackRef, body: bytes) -> Deck:
    return Deck(lines_of(body), ref)


def _compact_deck(cards: list[int], size: int, seed: int, last: tuple[int, ...]) -> dict[str, Any]:
    """{"shuffled": seed, "from": K, "then": [...]}: the seed's shuffle from card K on, then more."""
    order = _shuffle(seed, size, last)
    start = size
    if cards:
        first = _position(seed, size, last)[cards[0]]
        if order[first:] == tuple(cards[:size - first]):
            start = first
    return {"shuffled": seed, "from": start, "then": cards[size - start:]}


@dataclass(frozen=True)
class _Shuffled:
    """What saving one game's states needs of its deck, worked out once per game: a game keeps
    the same `words` and `used` tuples from its first state to its last."""

    words: tuple[str, ...]
    used: tuple[str, ...]
    seed: int
    used_ref: UsedRef | None
    index: dict[str, int]  # word -> its position in `words`
    saved_used: Any  # Setup.used as saved
    order: tuple[str, ...]  # the words as the seed shuffled them
    position: dict[str, int]  # word -> its position in `order`


@lru_cache(maxsize=2)  # the game being saved, and one before for an undo across games
def _shuffled(words: tuple[str, ...], used: tuple[str, ...], seed: int, used_ref: UsedRef | None) -> _Shuffled:
    """The game's `_Shuffled`, worked out once per game (a hash of its tuples per save, no walk)."""
    index = _index_of(words)
    by_ref = used_ref if used and word_history.matches(used_ref, used) else None
    saved_used = {"ref": by_ref.to_dict()} if by_ref is not None else [index[w] for w in used]
    last = tuple(sorted(index[w] for w in used))
    order = tuple(words[i] for i in _shuffle(seed, len(words), last))
    return _Shuffled(words, used, seed, used_ref, index, saved_used, order, {w: i for i, w in enumerate(order)})


def _saved_deck(cards: tuple[str, ...], game: _Shuffled) -> dict[str, Any]:
    """`_compact_deck` of the cards as words, from the game's shuffle worked out once."""
    size = len(game.words)
    start = size
    if cards:
        first = game.position[cards[0]]
        if game.order[first:] == cards[:size - first]:
            start = first
    return {"shuffled": game.seed, "from": start, "then": [game.index[w] for w in cards[size - start:]]}


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
