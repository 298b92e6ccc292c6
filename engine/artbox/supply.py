"""#ARTBOX's word supply: no word is dealt again until every word of the deck has been dealt.

Every word the deck gives (a word dealt to a player, kept or returned, 000 l.32, or a decoy
added to the word list, 000 l.51-54) is dealt once per cycle. `Setup.used` names the words
earlier games dealt in the current cycle; the deck holds the words not yet dealt in this cycle
on top (`State.fresh` of them), the dealt ones under them. When no fresh word is left, a new
cycle begins: every word not on the table is fresh again, and the words on the table then
(`State.carry`) join the fresh ones when they come back.
"""

from __future__ import annotations

from dataclasses import replace

from engine.artbox.state import State
from engine.deck import Deck
from engine.rng import Rng


def opening_deck(words: tuple[str, ...], used: tuple[str, ...], rng: Rng) -> tuple[Deck, int, Rng]:
    """The deck of a new game: the fresh words shuffled on top of the used ones shuffled, and how
    many are fresh. With no fresh word left, a new cycle: every word is fresh."""
    seen = frozenset(used)
    fresh = tuple(w for w in words if w not in seen)
    stale = tuple(w for w in words if w in seen)
    if not fresh:
        fresh, stale = words, ()
    top, rng = rng.shuffle(fresh)
    bottom, rng = rng.shuffle(stale)
    return Deck(top + bottom), len(top), rng


def on_table(state: State) -> tuple[str, ...]:
    """The words out of the deck and the discard pile: kept by the players and the decoys."""
    return tuple(w for seat in state.chosen for w in seat) + state.decoys


def deal(state: State, n: int) -> tuple[tuple[str, ...], State]:
    """Take `n` words from the top of the deck, starting a new cycle when no fresh word is left."""
    deck, fresh, discard, carry, rng = state.deck, state.fresh, state.discard, state.carry, state.rng
    dealt: list[str] = []
    for _ in range(n):
        if fresh == 0:  # every word not on the table was dealt in this cycle: a new one begins
            again, rng = rng.shuffle(discard)
            deck, discard = deck.to_bottom(again), ()
            fresh, carry = len(deck), on_table(state) + tuple(dealt)
        card, deck = deck.draw(1)
        dealt += card
        fresh -= 1
    return tuple(dealt), replace(state, deck=deck, fresh=fresh, discard=discard, carry=carry, rng=rng)


def give_back(state: State, words: tuple[str, ...]) -> State:
    """Words returned under the deck (000 l.32); one dealt before this cycle began joins the fresh ones."""
    return _put_back(state, words, to_discard=False)


def discard(state: State, words: tuple[str, ...]) -> State:
    """Words leaving the table at the end of a round; one dealt before this cycle began joins the fresh ones."""
    return _put_back(state, words, to_discard=True)


def _put_back(state: State, words: tuple[str, ...], to_discard: bool) -> State:
    cards, fresh, pile, carry = list(state.deck.cards), state.fresh, list(state.discard), list(state.carry)
    for word in words:
        if word in carry:
            carry.remove(word)
            cards.insert(fresh, word)
            fresh += 1
        elif to_discard:
            pile.append(word)
        else:
            cards.append(word)
    return replace(state, deck=Deck(tuple(cards)), fresh=fresh, discard=tuple(pile), carry=tuple(carry))


def refill(state: State, need: int) -> State:
    """When the deck holds fewer than `need` words, the discard pile shuffled goes under it."""
    if len(state.deck) >= need:
        return state
    again, rng = state.rng.shuffle(state.discard)
    return replace(state, deck=state.deck.to_bottom(again), discard=(), rng=rng)


def newly_dealt(before: State | None, after: State) -> tuple[str, ...]:
    """The words the step from `before` to `after` took from the deck: a new deal of hands, or
    the decoys (a new game when `before` is None)."""
    words: tuple[str, ...] = ()
    if after.hands and (before is None or before.hands != after.hands or before.round != after.round):
        words += tuple(w for hand in after.hands for w in hand)
    if after.decoys and (before is None or before.decoys != after.decoys):
        words += after.decoys
    return words
