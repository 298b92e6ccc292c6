"""Words never repeat too soon: the deck deals every word once before any word comes again,
across rounds and games (000 l.32: deal 2 cards, return the other to the bottom of the deck;
000 l.51-54: the Maestro adds 1-3 cards from the deck to the word list)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.artbox.commands import (
    ClaimSlot,
    ConfirmSlot,
    Finish,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    TimeUp,
)
from engine.artbox.rules import apply, new_game
from engine.artbox.setup import Setup
from engine.artbox.state import State
from engine.artbox.supply import newly_dealt
from tests.engine.artbox.conftest import DICE, T0


class Table:
    """What the device keeps: the words dealt in the current cycle, a new cycle once all are."""

    def __init__(self, deck: tuple[str, ...]) -> None:
        self.deck = deck
        self.used: set[str] = set()
        self.dealt: list[str] = []

    def record(self, words: tuple[str, ...]) -> None:
        for word in words:
            assert word not in self.used, f"{word} dealt again with {len(self.deck) - len(self.used)} fresh"
            self.used.add(word)
            self.dealt.append(word)
            if self.used >= set(self.deck):
                self.used = set()

    def used_in_deck_order(self) -> tuple[str, ...]:
        return tuple(w for w in self.deck if w in self.used)


def step(table: Table, state: State, command: object) -> State:
    after = apply(state, command)  # type: ignore[arg-type]
    table.record(newly_dealt(state, after))
    return after


def play_game(table: Table, players: int, seed: int, data: st.DataObject, rounds: int) -> None:
    """A game from the table's used words, `rounds` rounds at most, every word dealt recorded."""
    setup = Setup(players=players, words=table.deck, dice=DICE, first_maestro=1,
                  used=table.used_in_deck_order())
    state = new_game(setup, seed)
    table.record(newly_dealt(None, state))
    for _ in range(rounds):
        while state.phase == "deal_cover":
            state = step(table, state, ShowWords())
            keep = data.draw(st.permutations(range(setup.words_dealt)))[: setup.drawings_each]
            state = step(table, state, Pick(tuple(keep)))
        state = step(table, state, Roll(T0))
        for seat in range(1, players):  # the last seat takes the last token by itself (000 l.44)
            state = step(table, state, Finish(seat))
        state = step(table, state, StartSandglass(T0 + 1))
        state = step(table, state, TimeUp(T0 + 1 + setup.sandglass_ms))  # drawing #1 opens
        for seat in range(1, players + 1):
            for word in range(setup.drawings_each):
                state = step(table, state, ClaimSlot(seat, word))
                state = step(table, state, ConfirmSlot())  # the last one settles the round
        if state.phase == "over":
            return


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 8), st.integers(2, 4), st.integers(0, 2**32), st.data())
def test_no_word_comes_again_before_every_word_has_been_dealt(
    players: int, size: int, seed: int, data: st.DataObject
) -> None:
    per_round = Setup(players=players, words=tuple(f"w{i}" for i in range(60)), dice=DICE).words_per_round
    table = Table(tuple(f"w{i}" for i in range(size * per_round)))
    for game in range(3):
        play_game(table, players, seed + game, data, rounds=4)
    assert len(table.dealt) > len(table.deck)  # the deck went round at least once


def test_a_game_deals_the_fresh_words_first_and_the_used_ones_last() -> None:
    words = tuple(f"w{i}" for i in range(40))
    used = words[:30]
    state = new_game(Setup(players=4, words=words, dice=DICE, used=used), 3)
    assert state.fresh == 10 - 8
    assert set(state.deck.cards[: state.fresh]) | {w for h in state.hands for w in h} == set(words[30:])
    assert set(state.deck.cards[state.fresh:]) == set(used)


def test_no_fresh_word_left_starts_a_new_cycle() -> None:
    words = tuple(f"w{i}" for i in range(40))
    state = new_game(Setup(players=4, words=words, dice=DICE, used=words), 3)
    assert state.fresh == 40 - 8


def test_the_same_seed_and_used_words_deal_the_same_words() -> None:
    words = tuple(f"w{i}" for i in range(40))
    one = new_game(Setup(players=5, words=words, dice=DICE, used=words[::3]), 11)
    two = new_game(Setup(players=5, words=words, dice=DICE, used=words[::3]), 11)
    assert one == two


def test_used_words_must_be_deck_words() -> None:
    words = tuple(f"w{i}" for i in range(40))
    try:
        Setup(players=4, words=words, dice=DICE, used=("nope",))
    except ValueError as exc:
        assert "nope" in str(exc)
    else:
        raise AssertionError("a used word outside the deck was accepted")
