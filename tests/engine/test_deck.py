"""A deck held top first: draw, put back under, shuffle."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.deck import Deck
from engine.errors import IllegalCommand
from engine.rng import Rng

CARDS = ("a", "b", "c", "d", "e")


def test_draw_takes_from_the_top() -> None:
    """draw(n) returns the top n cards and the deck without them."""
    drawn, rest = Deck(CARDS).draw(2)
    assert drawn == ("a", "b")
    assert rest == Deck(("c", "d", "e"))
    assert len(rest) == 3


def test_draw_nothing_and_everything() -> None:
    """Drawing 0 changes nothing; drawing the whole deck empties it."""
    assert Deck(CARDS).draw(0) == ((), Deck(CARDS))
    assert Deck(CARDS).draw(5) == (CARDS, Deck(()))


@pytest.mark.parametrize("n", [6, -1])
def test_drawing_too_many_or_negative_is_refused(n: int) -> None:
    """A deck cannot give more cards than it holds, nor a negative number."""
    deck = Deck(CARDS)
    with pytest.raises(IllegalCommand):
        deck.draw(n)
    assert deck == Deck(CARDS)


def test_refusal_says_how_many_cards_are_left() -> None:
    """The refusal names what is there and what was asked."""
    with pytest.raises(IllegalCommand, match="the deck has 5 cards, 6 needed"):
        Deck(CARDS).draw(6)


def test_to_bottom_puts_cards_under_in_order() -> None:
    """Returned cards go under the deck in the order given."""
    assert Deck(("a",)).to_bottom(("x", "y")) == Deck(("a", "x", "y"))
    drawn, rest = Deck(CARDS).draw(2)
    assert rest.to_bottom(drawn).cards == ("c", "d", "e", "a", "b")


@given(st.lists(st.text(max_size=3), max_size=30), st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffled_is_a_deterministic_permutation(cards: list[str], seed: int) -> None:
    """A shuffled deck holds the same cards; the same generator gives the same order."""
    deck, rng = Deck.shuffled(tuple(cards), Rng(seed))
    assert Counter(deck.cards) == Counter(cards)
    assert Deck.shuffled(tuple(cards), Rng(seed)) == (deck, rng)


def test_shuffled_decks_differ_between_seeds() -> None:
    """Different generators give different orders of 20 cards."""
    cards = tuple(str(i) for i in range(20))
    orders = {Deck.shuffled(cards, Rng.from_seed(seed))[0].cards for seed in range(20)}
    assert len(orders) == 20
