"""#ARTBOX invariants under random legal play: serialisation, replay, words, tokens."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import combinations
from typing import TypedDict

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.artbox import ARTBOX
from engine.artbox.commands import (
    COMMANDS,
    ClaimNext,
    ClaimSlot,
    Command,
    ConfirmSlot,
    Continue,
    Finish,
    HideWords,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    TimeUp,
    ToggleEligible,
    ToggleGuess,
)
from engine.artbox.rules import apply, new_game, outcome, refusal
from engine.artbox.state import State
from engine.artbox.view import claim_for
from engine.errors import IllegalCommand
from tests.engine.artbox.conftest import T0, WORDS, setup


def legal(state: State, now: int) -> list[Command]:
    """Every command a table could send now (a superset of what the screens offer)."""
    table = state.setup
    match state.phase:
        case "deal_cover":
            return [ShowWords()]
        case "deal_pick":
            picks = combinations(range(table.words_dealt), table.drawings_each)
            return [HideWords(), *(Pick(c) for c in picks)]
        case "roll":
            return [Roll(now)]
        case "drawing":
            if table.simplified:
                return [TimeUp(state.sandglass.deadline_ms() or now)]
            assert state.finish is not None
            return [Finish(s) for s in state.finish.waiting()]
        case "guessing":
            if state.sandglass.status == "idle":
                return [StartSandglass(now)]
            return [TimeUp(state.sandglass.deadline_ms() or now)]
        case "identify":
            return identify_moves(state)
        case "over":
            return []
        case _:
            return [Continue()]


def identify_moves(state: State) -> list[Command]:
    """While identifying: claims, ticks and toggles, and confirming once the author is known."""
    table, slot = state.setup, state.slots[state.slot_index]
    seats = range(1, table.players + 1)
    moves: list[Command] = [c for s in seats if s not in slot.guessers
                            if (c := claim_for(state, s)) is not None]
    if slot.author:
        moves += [ToggleGuess(s) for s in seats if s != slot.author]
        moves.append(ConfirmSlot())
        moves.append(ConfirmSlot())
        moves += [n for s in seats if refusal(state, n := ClaimNext(s)) is None]
    if table.can_mark_ineligible:
        moves.append(ToggleEligible())
    return moves


def words_in_play(state: State) -> list[str]:
    """Words outside the deck and discard pile this round."""
    if state.phase in ("deal_cover", "deal_pick"):
        held = [state.chosen[s - 1] if state.chosen and state.chosen[s - 1] else state.hands[s - 1]
                for s in range(1, state.setup.players + 1)]
        return [w for seat in held for w in seat]
    return [w for seat in state.chosen for w in seat] + list(state.decoys)


def junk(draw: st.DrawFn) -> Command:
    """An arbitrary command, legal or not."""
    kind = draw(st.sampled_from(COMMANDS))
    n = st.integers(-1, 9)
    fields: dict[type, Callable[[], Command]] = {
        Pick: lambda: Pick(tuple(draw(st.lists(n, max_size=3)))),
        Roll: lambda: Roll(draw(n)),
        Finish: lambda: Finish(draw(n)),
        StartSandglass: lambda: StartSandglass(draw(n)),
        TimeUp: lambda: TimeUp(draw(st.integers(0, 2 * T0))),
        ClaimSlot: lambda: ClaimSlot(draw(n), draw(st.integers(-1, 2))),
        ToggleGuess: lambda: ToggleGuess(draw(n)),
        ClaimNext: lambda: ClaimNext(draw(n)),
    }
    make: Callable[[], Command] = fields.get(kind, kind)  # the rest take no argument
    return make()


class TableOptions(TypedDict):
    """The setup choices a random game draws."""

    players: int
    rules_language: str
    dealing: str
    mode: str
    frame_rule: bool
    three: bool | None
    first: int | None


options = st.builds(
    TableOptions,
    players=st.integers(3, 8),
    rules_language=st.sampled_from(["en", "fr"]),
    dealing=st.sampled_from(["device", "cards"]),
    mode=st.sampled_from(["standard", "experienced", "simplified"]),
    frame_rule=st.booleans(),
    three=st.sampled_from([None, False]),
    first=st.sampled_from([None, 1, 3]),
)


@st.composite
def games(draw: st.DrawFn) -> tuple[State, list[Command], list[Command]]:
    o = draw(options)
    table = setup(
        o["players"], rules_language=o["rules_language"], dealing=o["dealing"],
        experienced=o["mode"] == "experienced", simplified=o["mode"] == "simplified",
        frame_rule=o["frame_rule"], three_player_words=o["three"], first_maestro=o["first"],
    )
    start = new_game(table, draw(st.integers(0, 2**32)))
    return start, [], [junk(draw) for _ in range(draw(st.integers(0, 40)))]


@settings(max_examples=60, deadline=None)
@given(games(), st.data())
def test_random_play_keeps_every_invariant(
    game: tuple[State, list[Command], list[Command]], data: st.DataObject
) -> None:
    """Round trip, replay, word conservation, at most two tokens a round, bad commands refused."""
    start, played, bad = game
    state, now = start, T0
    for step in range(400):
        if bad and step % 7 == 3:
            wrong = bad.pop()
            before = ARTBOX.state_to_dict(state)
            try:
                after = apply(state, wrong)
            except IllegalCommand:
                assert ARTBOX.state_to_dict(state) == before
            else:
                state = after
                played.append(wrong)
        moves = legal(state, now)
        if not moves:
            break
        before_tokens = sum(t.total for t in state.tokens)
        move = data.draw(st.sampled_from(moves))
        state = apply(state, move)
        played.append(move)
        now += 1_000
        assert ARTBOX.state_from_dict(json.loads(json.dumps(ARTBOX.state_to_dict(state)))) == state
        assert sorted(list(state.deck.cards) + list(state.discard) + words_in_play(state)) \
            == sorted(WORDS)
        gained = sum(t.total for t in state.tokens) - before_tokens
        if state.setup.simplified:
            assert gained >= 0
        else:
            assert gained in (0, 1, 2)
        if state.phase == "over":
            assert outcome(state) is not None
    replay = start
    for move in played:
        replay = apply(replay, ARTBOX.command_from_dict(json.loads(json.dumps(ARTBOX.command_to_dict(move)))))
    assert replay == state


@settings(max_examples=40, deadline=None)
@given(games(), st.integers(0, 2**32))
def test_same_seed_same_game(game: tuple[State, list[Command], list[Command]], seed: int) -> None:
    """Replay determinism: the same setup, seed and commands give the same states."""
    table = game[0].setup
    one, two = new_game(table, seed), new_game(table, seed)
    for _ in range(120):
        assert one == two
        moves = legal(one, T0)
        if not moves:
            break
        one, two = apply(one, moves[-1]), apply(two, moves[-1])
