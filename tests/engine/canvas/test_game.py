"""Canvas with 2-5 players: entering paintings, ribbons and caps, bonus icons, game end, ties."""

from __future__ import annotations

import pytest

from engine.canvas import CANVAS
from engine.canvas.cards import Slot
from engine.canvas.commands import (
    BackSlot,
    CancelPainting,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
    StartPainting,
    TakeCard,
    TossTokens,
)
from engine.canvas.rules import apply, outcome, review
from engine.canvas.scores import (
    bonus_total,
    card_points,
    leaders,
    paintings_done,
    ribbons,
    runner_up,
    tokens_pending,
    total,
)
from engine.canvas.scoring import bonus_results
from engine.canvas.setup import Setup, draw_cards
from engine.canvas.state import State
from engine.canvas.view import can_paint
from engine.errors import IllegalCommand
from tests.engine.canvas.conftest import card, data, enter, game, paint, setup

EMPTY = paint("", "", "", "", "")


def refuse(state: State, command: object, message: str) -> None:
    """The command is refused with `message` and the state is left exactly as it was."""
    before = CANVAS.state_to_dict(state)
    with pytest.raises(IllegalCommand, match=message):
        apply(state, command)  # type: ignore[arg-type]
    assert CANVAS.state_to_dict(state) == before


def test_setup_checks_players_and_cards() -> None:
    """Canvas is for 1 to 5 players (seeds README); 4 cards are placed (rulebook 004 l.8)."""
    cards = (card("Composition"), card("Variety"))
    with pytest.raises(ValueError, match="1 to 5 players"):
        Setup(cards=cards, players=6)
    with pytest.raises(ValueError, match="1 to 4 scoring cards"):
        Setup(cards=(*cards, card("Space"), card("Style"), card("Symmetry")))
    with pytest.raises(ValueError, match="only once"):
        Setup(cards=(card("Space"), card("Space")))
    with pytest.raises(ValueError, match="own id"):
        Setup(cards=cards, bonus_icons=data().bonus_icons * 2)


def test_entering_a_painting_slot_by_slot_then_review() -> None:
    """Issue 6: one slot per screen; after the 5th slot the device reviews every card in play."""
    state = apply(game("Composition", "Repetition"), StartPainting(2))
    assert state.phase == "painting" and state.draft is not None and state.draft.at == 0
    for n, text in enumerate(("shape", "hue/shape", "", "tone", "bonus_tone"), start=1):
        top, _, bottom = text.partition("/")
        state = apply(state, SetSlot(top, bottom))
        assert state.draft is not None and state.draft.at == n
    assert state.phase == "review"
    composition, repetition = review(state)
    assert (composition.found, repetition.found) == (0, 1)
    assert repetition.matches[0].slots == (1, 2)


def test_back_corrects_a_slot_before_confirming() -> None:
    """Issue 6: entry mistakes are corrected with back before confirming."""
    state = apply(game("Composition"), StartPainting(1))
    for _ in range(5):
        state = apply(state, SetSlot("hue"))
    assert review(state)[0].found == 1
    state = apply(state, BackSlot())
    assert state.phase == "painting" and state.draft is not None and state.draft.at == 4
    assert state.draft.slots[4] == Slot("hue"), "the slot keeps its icons to be edited"
    state = apply(state, SetSlot(""))
    assert review(state)[0].found == 0
    for _ in range(5):
        state = apply(state, BackSlot())
    refuse(state, BackSlot(), "first slot")
    assert apply(state, CancelPainting()).phase == "playing"


def test_unknown_icons_are_refused() -> None:
    """Rulebook 004 l.136-137: a slot shows an element, a bonus icon, or nothing."""
    state = apply(game("Composition"), StartPainting(1))
    refuse(state, SetSlot("colour"), "neither an element nor a known bonus icon")
    refuse(state, SetSlot("hue", "bonus_glitter"), "known bonus icon")


def test_only_players_with_paintings_left_can_paint() -> None:
    """Rulebook 004 l.72: after their 3rd painting a player's turns are skipped."""
    state = game("Composition", players=3)
    refuse(state, StartPainting(4), "not at this table")
    for _ in range(3):
        state = enter(state, 2, EMPTY)
    assert paintings_done(state, 2) == 3 and can_paint(state) == (1, 3)
    refuse(state, StartPainting(2), "completed its 3 paintings")


def test_commands_out_of_phase_are_refused() -> None:
    """Solo-only and end-of-game commands are refused in the middle of a table game."""
    state = game("Composition", "Unity")
    refuse(state, ConfirmPainting(), "not now")
    refuse(state, TakeCard(1), "not now")
    refuse(state, TossTokens(), "not now")
    refuse(state, EnterTokens(1, 2), "not now")
    refuse(state, Judge(1), "not now")
    refuse(state, SetSlot("hue"), "not now")
    state = apply(state, StartPainting(1))
    refuse(state, StartPainting(2), "not now")
    refuse(state, CountRibbons(2, 1), "not now")


def test_counted_cards_take_the_players_count() -> None:
    """Rulebook 004 l.8: Unity is defined nowhere, so the players count its ribbons (issue 6)."""
    state = apply(game("Composition", "Unity"), StartPainting(1))
    for _ in range(5):
        state = apply(state, SetSlot("tone"))
    refuse(state, CountRibbons(1, 1), "scores Composition itself")
    refuse(state, CountRibbons(3, 1), "no scoring card 3")
    refuse(state, CountRibbons(2, 4), "0 to 3 ribbons")
    state = apply(state, CountRibbons(2, 2))
    assert [r.found for r in review(state)] == [1, 2]
    state = apply(state, ConfirmPainting())
    assert ribbons(state, 1) == (1, 2)
    assert card_points(state, 1) == (1, 3), "Unity's table was entered as 1/3/6"


def test_ribbons_are_capped_at_the_card_table() -> None:
    """Rulebook 004 l.62: a player who has maximised a card takes no more of its ribbons."""
    state = game("Repetition", "Composition")
    state = enter(state, 1, paint("shape/shape", "shape/shape", "shape/shape", "", ""))
    assert ribbons(state, 1) == (3, 0)
    state = apply(state, StartPainting(1))
    for text in ("shape", "shape", "shape", "shape", "hue"):
        state = apply(state, SetSlot(text))
    repetition, composition = review(state)
    assert (repetition.found, repetition.awarded, repetition.capped) == (2, 1, True)
    assert (composition.found, composition.awarded) == (1, 1)
    state = apply(state, ConfirmPainting())
    assert ribbons(state, 1) == (4, 1)
    assert card_points(state, 1) == (16, 1)


def test_bonus_icons_score_per_element_of_their_type() -> None:
    """Rulebook 004 l.77 and l.137: a bonus icon scores per matching element, not itself."""
    painting = paint("tone/bonus_tone", "tone", "bonus_tone", "shape/bonus_shape_2", "shape")
    results = bonus_results(data().bonus_icons, painting)
    assert [(r.icon, r.slot, r.seen, r.points) for r in results] == [
        ("bonus_tone", 1, 2, 2),
        ("bonus_tone", 3, 2, 2),
        ("bonus_shape_2", 4, 2, 4),
    ]
    state = enter(game("Composition"), 1, painting)
    assert bonus_total(state, 1) == 8 and total(state, 1) == 9


def test_charlotte_example() -> None:
    """Rulebook 004 l.66: all 5 slots filled -> Composition; 2 pairs of shapes -> 2 Repetition.

    The setup is the rulebook's first game (l.8); Unity is counted by the players (none here).
    """
    state = game("Variety", "Repetition", "Unity", "Composition")
    painting = paint("shape", "hue", "shape/tone", "shape", "shape/bonus_tone")
    state = enter(state, 1, painting, counted=(0, 0, 0, 0))
    assert ribbons(state, 1) == (0, 2, 0, 1)


def test_abby_example_scores_25() -> None:
    """Rulebook 004 l.83-111: 19 from ribbons (2+7+3+7) and 6 from bonus icons (2+4) = 25.

    The example's pictures are missing; these cards fit its tables (1 ribbon = 2, 2 = 7,
    1 = 3, 3 = 7) and the paintings are built to give those ribbons and bonus icons.
    """
    state = game("Proximity", "Repetition", "Consistency", "Space")
    precious_dreams = paint("hue", "tone/bonus_tone", "", "shape", "tone")  # 1 per Tone: 2
    wandering_complexity = paint("hue/texture", "tone", "", "shape/hue", "shape")
    finding_truth = paint("shape/bonus_shape_2", "", "hue", "", "shape")  # 2 per Shape: 4
    for painting in (precious_dreams, wandering_complexity, finding_truth):
        state = enter(state, 1, painting)
    assert ribbons(state, 1) == (1, 2, 1, 3)
    assert card_points(state, 1) == (2, 7, 3, 7)
    assert bonus_total(state, 1) == 6
    assert total(state, 1) == 25


def _finish(state: State, scores: dict[int, tuple[str, ...]]) -> State:
    """Each seat completes three paintings; the texts give one slot pattern per painting."""
    for seat, patterns in scores.items():
        for pattern in patterns:
            state = enter(state, seat, paint(*pattern.split(",")))
    return state


ONE = "hue,,,,"  # Emphasis: exactly one Hue -> 1 ribbon
NONE = ",,,,"


def test_most_points_wins() -> None:
    """Rulebook 004 l.79: the player with the most points wins."""
    state = _finish(game("Emphasis", players=2), {1: (ONE, ONE, ONE), 2: (ONE, NONE, NONE)})
    assert state.phase == "finished"
    assert outcome(state) is not None and outcome(state) == outcome(state)
    result = outcome(state)
    assert result is not None and result.winners == (1,) and result.reason == "points"


def test_game_ends_only_when_everyone_has_three_paintings() -> None:
    """Rulebook 004 l.72: the end comes when all players have completed 3 paintings."""
    state = _finish(game("Emphasis", players=2), {1: (ONE, ONE, ONE), 2: (ONE, NONE)})
    assert state.phase == "playing" and outcome(state) is None


def test_tie_broken_by_inspiration_tokens() -> None:
    """Rulebook 004 l.79: if tied, the player with more Inspiration Tokens wins."""
    state = _finish(
        game("Emphasis", players=3), {1: (ONE, NONE, NONE), 2: (ONE, NONE, NONE), 3: (NONE,) * 3}
    )
    assert state.phase == "tokens" and leaders(state) == (1, 2)
    assert tokens_pending(state) == (1, 2)
    refuse(state, EnterTokens(3, 5), "not tied")
    refuse(state, EnterTokens(1, 13), "0 to 12")
    state = apply(state, EnterTokens(2, 5))
    assert state.phase == "tokens" and tokens_pending(state) == (1,)
    state = apply(state, EnterTokens(1, 3))
    result = outcome(state)
    assert result is not None and (result.winners, result.reason) == ((2,), "tokens")


def test_tie_on_tokens_is_judged_by_the_runner_up() -> None:
    """Rulebook 004 l.79: still tied, the runner-up judges the tied players' artwork."""
    state = _finish(
        game("Emphasis", players=4),
        {1: (ONE, ONE, NONE), 2: (ONE, NONE, NONE), 3: (ONE, ONE, NONE), 4: (NONE,) * 3},
    )
    state = apply(apply(state, EnterTokens(1, 4)), EnterTokens(3, 4))
    assert state.phase == "judging" and runner_up(state) == (2,)
    refuse(state, Judge(2), "not among the tied")
    state = apply(state, Judge(3))
    result = outcome(state)
    assert result is not None and (result.winners, result.reason) == ((3,), "judged")


def test_everyone_tied_has_no_runner_up() -> None:
    """Rulebook 004 l.79 names no judge when every player is tied; the table still chooses."""
    state = _finish(game("Emphasis", players=2), {1: (ONE, NONE, NONE), 2: (ONE, NONE, NONE)})
    state = apply(apply(state, EnterTokens(1, 2)), EnterTokens(2, 2))
    assert state.phase == "judging" and runner_up(state) == ()
    assert outcome(apply(state, Judge(1))) is not None


def test_setup_names_follow_the_data_file() -> None:
    """Seeds README: the suggested setups exist as data, the rulebook's first game among them."""
    setups = {s.id: s.cards for s in data().setups}
    assert setups["first_game_rulebook"] == ("Variety", "Repetition", "Unity", "Composition")
    assert setups["spatial"] == ("Movement", "Proximity", "Space", "Symmetry")
    assert setup(*setups["balanced"]).cards[2].name == "Hierarchy"


def test_cards_drawn_at_random_are_seeded_and_scorable() -> None:
    """Issue 6: the cards in play may be drawn at random (seeded); Unity is never drawn."""
    pool = tuple(e.card((1, 2, 3)) for e in data().cards)
    first = draw_cards(pool, 42)
    assert first == draw_cards(pool, 42) and len({c.name for c in first}) == 4
    assert all(not c.counted for c in first)
    assert {draw_cards(pool, seed) for seed in range(20)} != {first}
    with pytest.raises(ValueError, match="cannot draw 13"):
        draw_cards(pool, 1, count=13)
