"""Properties of Canvas scoring and of the reducer, checked with hypothesis."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.canvas import CANVAS
from engine.canvas.cards import ELEMENTS, Painting, Slot
from engine.canvas.commands import (
    COMMANDS,
    BackSlot,
    CancelPainting,
    Command,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
    StartPainting,
    TableToss,
    TakeCard,
    TossTokens,
)
from engine.canvas.rules import apply, new_game, outcome
from engine.canvas.scores import ribbons
from engine.canvas.scoring import evaluate, find_matches, icons_of
from engine.canvas.state import Finished, State
from engine.codec import command_from_dict, command_to_dict
from engine.errors import IllegalCommand, InvalidState
from tests.engine.canvas.conftest import data, setup

ICONS = ("", *ELEMENTS, *(b.id for b in data().bonus_icons))
SCORABLE = data().scorable()

icons = st.sampled_from(ICONS)
slots = st.builds(Slot, icons, icons)
paintings = st.tuples(slots, slots, slots, slots, slots)


@given(paintings)
def test_scoring_ignores_left_and_right(painting: Painting) -> None:
    """Every condition reads the slots symmetrically (rulebook 004 l.149 pairs 1+5 and 2+4)."""
    mirrored = tuple(reversed(painting))
    for card in SCORABLE:
        assert len(find_matches(card.condition, painting)) == len(
            find_matches(card.condition, mirrored)
        ), card.name


@given(paintings)
def test_top_or_bottom_does_not_matter(painting: Painting) -> None:
    """Rulebook 004 l.149: it does not matter whether an icon is on the top or the bottom."""
    flipped = tuple(Slot(s.bottom, s.top) for s in painting)
    for card in SCORABLE:
        assert len(find_matches(card.condition, painting)) == len(
            find_matches(card.condition, flipped)
        ), card.name


@given(paintings)
def test_each_icon_counts_once_per_card(painting: Painting) -> None:
    """Rulebook 004 l.142: each icon can only be counted once per scoring card."""
    shown = Counter(icons_of(painting))
    for card in SCORABLE:
        used: Counter[tuple[int, str]] = Counter()
        for match in find_matches(card.condition, painting):
            used.update(zip(match.slots, match.icons, strict=True))
        assert not used - shown, card.name


@given(paintings, st.integers(0, 4))
def test_ribbons_awarded_never_exceed_the_cap(painting: Painting, held: int) -> None:
    """Rulebook 004 l.62: no ribbons beyond the card's table."""
    cards = SCORABLE[:4]
    held_all = tuple(min(held, c.cap) for c in cards)
    for result, card, had in zip(
        evaluate(cards, painting, held_all, (0,) * 4), cards, held_all, strict=True
    ):
        assert 0 <= result.awarded <= min(result.found, card.cap - had)
        assert result.awarded == min(result.found, card.cap - had)


@given(paintings)
def test_bonus_icons_only_fill_slots(painting: Painting) -> None:
    """Rulebook 004 l.137: bonus icons are not elements; only Composition sees them (l.144)."""
    bare = tuple(Slot(*(i if i in ELEMENTS else "" for i in (s.top, s.bottom))) for s in painting)
    for card in SCORABLE:
        if card.name != "Composition":
            assert len(find_matches(card.condition, painting)) == len(
                find_matches(card.condition, bare)
            ), card.name


def _commands(players: int) -> st.SearchStrategy[Command]:
    seat = st.integers(0, players + 1)
    return st.one_of(
        st.builds(StartPainting, seat),
        st.builds(SetSlot, icons, icons),
        st.just(BackSlot()),
        st.just(CancelPainting()),
        st.builds(CountRibbons, st.integers(0, 5), st.integers(-1, 4)),
        st.just(ConfirmPainting()),
        st.builds(TakeCard, st.integers(0, 6)),
        st.just(TossTokens()),
        st.builds(TableToss, st.integers(-1, 9)),
        st.builds(EnterTokens, seat, st.integers(-1, 25)),
        st.builds(Judge, seat),
    )


def _play(state: State, commands: list[Command]) -> State:
    for command in commands:
        before = CANVAS.state_to_dict(state)
        try:
            state = apply(state, command)
        except IllegalCommand:
            assert CANVAS.state_to_dict(state) == before
    return state


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, list[Command]]:
    players = draw(st.integers(1, 5))
    seed = draw(st.integers(0, 2**32))
    # Filling paintings fast: many SetSlot and ConfirmPainting, a few of everything else.
    commands = draw(st.lists(_commands(players), min_size=0, max_size=150))
    return players, seed, commands


def _fresh(players: int, seed: int) -> State:
    return new_game(setup("Variety", "Repetition", "Unity", "Composition", players=players), seed)


@settings(max_examples=60, deadline=None)
@given(games())
def test_round_trip_and_replay(game: tuple[int, int, list[Command]]) -> None:
    """Engine convention: to_dict/from_dict is exact; same seed and commands give the same state."""
    players, seed, commands = game
    state = _fresh(players, seed)
    for command in commands:
        try:
            state = apply(state, command)
        except IllegalCommand:
            continue
        assert CANVAS.state_from_dict(CANVAS.state_to_dict(state)) == state
        assert command_from_dict(COMMANDS, command_to_dict(command)) == command
    assert _play(_fresh(players, seed), commands) == state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(1, 5), max_size=40))
def test_solo_tokens_are_conserved(seed: int, takes: list[int]) -> None:
    """Rulebook 004 l.44: tokens only move between players and cards; 8 in a solo game."""
    state = _fresh(1, seed)
    for position in takes:
        assert state.solo is not None
        if state.solo.hand == 5:
            state = replace(state, solo=replace(state.solo, hand=0))  # as if painted
        try:
            state = apply(state, TakeCard(position))
        except IllegalCommand:  # too dear: the leftmost card is always free
            state = apply(state, TakeCard(1))
        if state.phase == "automaton":
            state = apply(state, TossTokens())
            assert state.solo is not None and state.solo.last_toss is not None
            toss = state.solo.last_toss
            assert toss.spent == min(toss.face_up, 4) and toss.position == toss.spent + 1
        assert state.solo is not None
        assert sum(state.solo.market) + state.solo.tokens + state.solo.automaton_tokens == 8


def test_from_dict_refuses_inconsistent_states() -> None:
    """A stored state is validated before use: phase, draft and paintings must agree."""
    state = _fresh(2, 1)
    data_ = CANVAS.state_to_dict(state)
    with pytest.raises(InvalidState):
        CANVAS.state_from_dict({**data_, "phase": "review"})
    with pytest.raises(InvalidState):
        CANVAS.state_from_dict({**data_, "phase": "turn"})
    with pytest.raises(InvalidState):
        CANVAS.state_from_dict({**data_, "tokens": [None]})
    with pytest.raises(InvalidState):
        CANVAS.state_from_dict({**data_, "solo": CANVAS.state_to_dict(_fresh(1, 1))["solo"]})
    with pytest.raises(ValueError, match="3 paintings"):
        replace(state, paintings=(Finished(1, (Slot(),) * 5, (0, 0, 0, 0), 0),) * 4)
    assert outcome(state) is None and ribbons(state, 1) == (0, 0, 0, 0)


def _candidates(state: State) -> list[Command]:
    """Commands worth trying in this phase (some may still be refused)."""
    players = state.setup.players
    if state.phase in ("playing", "turn"):
        return [*(StartPainting(s) for s in range(1, players + 1)),
                *(TakeCard(p) for p in range(1, 6))]
    if state.phase == "painting":
        return [*(SetSlot(a, b) for a in ICONS[:5] for b in ("", "tone", "bonus_shape_2")),
                BackSlot()]
    if state.phase == "review":
        return [*[ConfirmPainting()] * 6, BackSlot(), CancelPainting(), CountRibbons(3, 1)]
    if state.phase == "automaton":
        return [TossTokens()]
    if state.phase == "tokens":
        return [EnterTokens(s, t) for s in range(1, players + 1) for t in (1, 2)]
    if state.phase == "judging":
        return [Judge(s) for s in range(1, players + 1)]
    return []


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**32), st.data())
def test_guided_games_stay_valid_to_the_end(players: int, seed: int, draw: st.DataObject) -> None:
    """Games driven by plausible moves keep every invariant, round-trip and replay exactly."""
    state = _fresh(players, seed)
    played: list[Command] = []
    for _ in range(400):
        options = _candidates(state)
        if not options:
            break
        command = draw.draw(st.sampled_from(options))
        try:
            state = apply(state, command)
        except IllegalCommand:
            continue
        played.append(command)
        assert CANVAS.state_from_dict(CANVAS.state_to_dict(state)) == state
    assert _play(_fresh(players, seed), played) == state
    if state.phase == "finished":
        result = outcome(state)
        assert result is not None and len(result.winners) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(1, 5), st.integers(0, 8)), max_size=40))
def test_solo_tokens_are_conserved_when_the_table_tosses(seed: int, turns: list[tuple[int, int]]) -> None:
    """Rulebook 004 l.44 and l.119: with the table's own tosses too, 8 tokens in all; it spends
    min(face up, 4) and takes the card after them; more face up than tossed is refused."""
    state = _fresh(1, seed)
    for position, face_up in turns:
        assert state.solo is not None
        if state.solo.hand == 5:
            state = replace(state, solo=replace(state.solo, hand=0))  # as if painted
        try:
            state = apply(state, TakeCard(position))
        except IllegalCommand:  # too dear: the leftmost card is always free
            state = apply(state, TakeCard(1))
        assert state.solo is not None
        tossed = state.solo.automaton_tokens
        if face_up > tossed:
            with pytest.raises(IllegalCommand):
                apply(state, TableToss(face_up))
            face_up = tossed
        state = apply(state, TableToss(face_up))
        assert state.solo is not None and state.solo.last_toss is not None
        toss = state.solo.last_toss
        assert (toss.face_up, len(toss.flips)) == (face_up, tossed)
        assert toss.spent == min(face_up, 4) and toss.position == toss.spent + 1
        assert sum(state.solo.market) + state.solo.tokens + state.solo.automaton_tokens == 8
