"""#ARTBOX round flow: dealing, dice, number tokens, word list, sandglass, identifying."""

from __future__ import annotations

from typing import Any

import pytest

from engine.artbox.commands import (
    ClaimNext,
    ClaimSlot,
    ConfirmSlot,
    Finish,
    HideWords,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    TimeUp,
    ToggleGuess,
)
from engine.artbox.rules import apply, new_game
from engine.artbox.setup import Setup
from engine.artbox.view import (
    claim_for,
    hand,
    shape_counts,
    shows_secret,
    slot_word,
    still_drawing,
    tokens_taken,
)
from engine.dice import SHAPES
from engine.errors import IllegalCommand
from tests.engine.artbox.conftest import (
    DICE,
    T0,
    WORDS,
    Drawing,
    deal_all,
    draw_all,
    game,
    guess_all,
    play_round,
    setup,
)


def test_players_from_3_to_8() -> None:
    """Rulebook 000 l.178-181 (and 001 l.279-282): the tables cover 3 to 8 players."""
    for players in range(3, 9):
        assert setup(players).players == players
    for players in (2, 9):
        with pytest.raises(ValueError, match="3 to 8 players"):
            setup(players)


def test_each_seat_is_dealt_two_words_and_keeps_one() -> None:
    """Rulebook 000 l.32, 001 l.109: deal 2 word cards, keep 1, the other under the deck."""
    state = game(4)
    assert state.phase == "deal_cover"
    assert all(len(h) == 2 for h in state.hands)
    seat = state.dealing_seat
    dealt = state.hands[seat - 1]
    state = apply(apply(state, ShowWords()), Pick((1,)))
    assert state.chosen[seat - 1] == (dealt[1],)
    assert state.deck.cards[-1] == dealt[0]


def test_deal_goes_round_from_the_maestros_left_and_ends_with_the_maestro() -> None:
    """Rulebook 000 l.36: the Maestro rolls after all players have chosen (we end on them)."""
    state = game(5, first_maestro=3)
    seen = []
    while state.phase == "deal_cover":
        seen.append(state.dealing_seat)
        state = apply(apply(state, ShowWords()), Pick((0,)))
    assert seen == [4, 5, 1, 2, 3]
    assert state.phase == "roll"


def test_words_are_secret_only_while_the_seat_looks() -> None:
    """Issue 3 step 1: the words show after ok; the next screen wipes them (full refresh)."""
    state = game(4)
    assert not shows_secret(state) and hand(state) == ()
    state = apply(state, ShowWords())
    assert shows_secret(state) and hand(state) == state.hands[state.dealing_seat - 1]
    state = apply(state, Pick((0,)))
    assert not shows_secret(state) and hand(state) == ()


@pytest.mark.parametrize("picks", [(), (0, 1), (2,), (-1,)])
def test_a_seat_keeps_exactly_one_of_its_two_words(picks: tuple[int, ...]) -> None:
    """Rulebook 000 l.32: secretly select 1 card to draw."""
    state = apply(game(4), ShowWords())
    with pytest.raises(IllegalCommand):
        apply(state, Pick(picks))


def test_dice_are_rolled_only_after_everyone_chose() -> None:
    """Rulebook 000 l.36, 001 l.111: after all players have chosen, the Maestro rolls."""
    state = game(4)
    with pytest.raises(IllegalCommand):
        apply(state, Roll(T0))
    state = apply(deal_all(state), Roll(T0))
    assert state.phase == "drawing"


def test_the_roll_is_four_shapes_from_the_dice() -> None:
    """Rulebook 000 l.36-40, 001 l.111-121: 4 dice, use exactly the shapes rolled."""
    state = apply(deal_all(game(4)), Roll(T0))
    assert len(state.faces) == 4
    for die, face in zip(DICE, state.faces, strict=True):
        assert face in die.faces
    counts = shape_counts(state)
    assert sum(n for _, n in counts) == 4
    assert [s for s, _ in counts] == [s for s in SHAPES if s in state.faces]


def test_first_to_finish_takes_number_token_one() -> None:
    """Rulebook 000 l.44, 001 l.123: the first to finish takes #1, the second #2..."""
    state = apply(deal_all(game(4)), Roll(T0))
    state = apply(apply(state, Finish(3)), Finish(1))
    assert tokens_taken(state) == ((1, 3), (2, 1))
    assert still_drawing(state) == (2, 4)


def test_a_seat_takes_one_number_token_and_cannot_change_its_drawing() -> None:
    """Rulebook 000 l.46, 001 l.125: after taking a token the drawing is final."""
    state = apply(apply(deal_all(game(4)), Roll(T0)), Finish(3))
    with pytest.raises(IllegalCommand, match="seat 3 already holds #1"):
        apply(state, Finish(3))
    with pytest.raises(IllegalCommand):
        apply(state, Finish(5))


def test_guessing_starts_when_all_have_finished() -> None:
    """Issue 3 step 2: when all have finished, step 3 starts (000 l.44: until all finished)."""
    state = apply(deal_all(game(4)), Roll(T0))
    for seat in (4, 2):
        state = apply(state, Finish(seat))
        assert state.phase == "drawing"
    state = apply(state, Finish(1))
    assert state.phase == "guessing"
    assert len(state.slots) == 4


def test_the_last_seat_drawing_takes_the_last_token_by_itself() -> None:
    """Rulebook 000 l.44, 001 l.123: each finisher takes the lowest token left; when one seat
    is still drawing, the last token is the only one left and it is that seat's."""
    state = apply(deal_all(game(5)), Roll(T0))
    for seat in (2, 5, 1, 4):
        state = apply(state, Finish(seat))
    assert tokens_taken(state) == ((1, 2), (2, 5), (3, 1), (4, 4), (5, 3))
    assert state.phase == "guessing"


@pytest.mark.parametrize(
    ("players", "decoys"), [(3, 3), (4, 3), (5, 2), (6, 2), (7, 1), (8, 1)]
)
def test_word_list_is_the_players_words_and_decoys(players: int, decoys: int) -> None:
    """Rulebook 000 l.51-54, 001 l.129-133: add 3 / 2 / 1 cards for 3-4 / 5-6 / 7-8."""
    state = draw_all(deal_all(game(players, three_player_words=False)))
    players_words = [w for seat in state.chosen for w in seat]
    assert len(state.decoys) == decoys
    assert sorted(state.word_list) == sorted(players_words + list(state.decoys))
    assert len(state.slots) == players


def test_word_list_is_shuffled() -> None:
    """Rulebook 000 l.51: the Maestro shuffles the words (not in seat order every time)."""
    orders = set()
    for seed in range(20):
        state = draw_all(deal_all(game(4, seed=seed)))
        seat_words = [w for seat in state.chosen for w in seat]
        orders.add(tuple(seat_words.index(w) if w in seat_words else -1
                         for w in state.word_list))
    assert len(orders) > 1


def test_the_first_done_turns_the_sandglass_and_at_zero_drawing_one_is_identified() -> None:
    """Rulebook 000 l.56, 001 l.149-151: the first done turns it; at zero nobody writes
    (000 l.171) and the Maestro starts with drawing #1 (000 l.71)."""
    state = draw_all(deal_all(game(4, sandglass_ms=45_000)))
    with pytest.raises(IllegalCommand):
        apply(state, TimeUp(T0))
    state = apply(state, StartSandglass(T0))
    with pytest.raises(IllegalCommand, match="1 s left"):
        apply(state, TimeUp(T0 + 44_500))
    with pytest.raises(IllegalCommand):
        apply(state, StartSandglass(T0 + 1))
    state = apply(state, TimeUp(T0 + 45_000))
    assert state.phase == "identify" and state.slot_index == 0


def test_sandglass_length_is_a_setting() -> None:
    """Issue 3 step 3: the sandglass length is a setting (default 60 s)."""
    assert setup().sandglass_ms == 60_000
    with pytest.raises(ValueError):
        setup(sandglass_ms=10)


def test_the_author_names_the_word_they_drew() -> None:
    """Rulebook 000 l.71, 001 l.164: the author reveals themself and names the word."""
    state = guess_all(draw_all(deal_all(game(4))))
    assert slot_word(state, 0) is None
    state = apply(state, ClaimSlot(3))
    assert slot_word(state, 0) == state.chosen[2][0]


def test_the_author_cannot_guess_their_own_drawing() -> None:
    """Rulebook 000 l.72 (and issue 3 step 4): players who guessed right; not the author."""
    state = apply(guess_all(draw_all(deal_all(game(4)))), ClaimSlot(2))
    with pytest.raises(IllegalCommand, match="seat 2 drew this one"):
        apply(state, ToggleGuess(2))
    state = apply(state, ToggleGuess(1))
    assert state.slots[0].guessers == (1,)
    assert apply(state, ToggleGuess(1)).slots[0].guessers == ()
    with pytest.raises(IllegalCommand, match="unmark it first"):
        apply(state, ClaimSlot(1))


def test_guesses_wait_for_the_author() -> None:
    """Rulebook 000 l.71-72: the author speaks first, then the guesses are checked."""
    state = guess_all(draw_all(deal_all(game(4))))
    with pytest.raises(IllegalCommand, match="author"):
        apply(state, ToggleGuess(1))
    with pytest.raises(IllegalCommand, match="nobody has claimed drawing 1"):
        apply(state, ConfirmSlot())


def test_a_seat_claims_only_one_slot() -> None:
    """Rulebook 000 l.71: one drawing per player (two in the 3-player variant)."""
    state = apply(apply(guess_all(draw_all(deal_all(game(4)))), ClaimSlot(2)), ConfirmSlot())
    with pytest.raises(IllegalCommand, match="seat 2 already claimed"):
        apply(state, ClaimSlot(2))
    assert claim_for(state, 2) is None
    assert claim_for(state, 3) == ClaimSlot(3, 0)


def test_the_deck_is_reshuffled_from_used_words_when_short() -> None:
    """Issue 3: the device holds the deck; used words come back under it rather than run out."""
    small = Setup(players=4, words=WORDS[:8], dice=DICE, first_maestro=1)
    state = new_game(small, seed=3)
    for _ in range(4):
        state = play_round(state, [Drawing(a) for a in range(1, 5)])
        if state.phase == "over":
            break
        in_play = [w for seat in state.hands for w in seat]
        assert sorted(state.deck.cards + state.discard + tuple(in_play)) == sorted(WORDS[:8])
    assert state.round >= 3


def test_too_small_a_deck_is_refused() -> None:
    """Issue 3: the deck must hold the words one round deals (8 players: 16 dealt)."""
    with pytest.raises(ValueError, match="at least 16 words"):
        Setup(players=8, words=WORDS[:15], dice=DICE)
    with pytest.raises(ValueError, match="twice"):
        Setup(players=4, words=("a", "b", "A", *WORDS), dice=DICE)


def test_a_saved_state_is_checked_when_read_back() -> None:
    """Design: from_dict validates before constructing (a corrupt save is refused)."""
    from engine.artbox import ARTBOX
    from engine.errors import InvalidState

    state = guess_all(draw_all(deal_all(game(4))))
    data = ARTBOX.state_to_dict(state)
    assert ARTBOX.state_from_dict(data) == state
    for path, value in [(("maestro",), 9), (("slot_index",), 7), (("phase",), "nap"),
                        (("slots", 0, "guessers"), [3, 1]), (("setup", "players"), 2),
                        (("tokens",), [])]:
        broken = ARTBOX.state_to_dict(state)
        target: Any = broken  # walks the JSON tree: dicts by key, lists by index
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(InvalidState):
            ARTBOX.state_from_dict(broken)


def test_a_seat_can_hide_its_words_again_before_keeping_one() -> None:
    """Rulebook 000 l.32, 001 l.109: the words are chosen secretly; a seat that shows them by
    mistake (someone was looking) hides them and keeps nothing yet."""
    state = apply(game(4), ShowWords())
    seat = state.dealing_seat
    state = apply(state, HideWords())
    assert state.phase == "deal_cover" and state.dealing_seat == seat and not shows_secret(state)
    assert state.chosen == ()
    with pytest.raises(IllegalCommand):
        apply(state, HideWords())


def test_the_next_author_placing_their_token_opens_the_next_drawing() -> None:
    """Rulebook 000 l.71-73, 001 l.164: drawing by drawing, the author names the word and
    places their number token on it; the next author doing so closes the drawing before."""
    state = apply(guess_all(draw_all(deal_all(game(4)))), ClaimSlot(3))
    state = apply(state, ToggleGuess(1))
    state = apply(state, ClaimNext(2))
    assert state.slot_index == 1 and state.slots[1].author == 2
    assert state.slots[0].author == 3 and state.slots[0].guessers == (1,)
    with pytest.raises(IllegalCommand, match="seat 3 already claimed"):
        apply(state, ClaimNext(3))
    for seat in (4, 1):
        state = apply(state, ClaimNext(seat))
    with pytest.raises(IllegalCommand, match="last drawing"):
        apply(state, ClaimNext(2))


def test_the_next_drawing_waits_for_this_ones_author() -> None:
    """Rulebook 000 l.71: a drawing is identified by its author before the next one."""
    state = guess_all(draw_all(deal_all(game(4))))
    with pytest.raises(IllegalCommand, match="nobody has claimed drawing 1"):
        apply(state, ClaimNext(2))
