"""Helpers for the Canvas engine tests (no tests here): cards from the data file, paintings."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from device.games.canvas.canvas_data import CanvasData, load
from engine.canvas.cards import Painting, ScoringCard, Slot
from engine.canvas.commands import ConfirmPainting, CountRibbons, SetSlot, StartPainting
from engine.canvas.rules import apply, new_game
from engine.canvas.setup import Setup
from engine.canvas.state import State


@cache
def data() -> CanvasData:
    """The shipped data file (loaded through the device's loader, as the issue allows)."""
    return load()


def card(name: str, points: tuple[int, ...] | None = None) -> ScoringCard:
    """A scoring card from the data file; `points` for cards whose table the players enter."""
    return data().entry(name).card(points)


def setup(*names: str, players: int = 2) -> Setup:
    """A setup with the named cards in that row order and every bonus icon from the data file."""
    cards = tuple(
        card(n, (1, 3, 6) if data().entry(n).condition.kind == "counted" else None) for n in names
    )
    return Setup(cards=cards, players=players, bonus_icons=data().bonus_icons)


def paint(*slots: str) -> Painting:
    """A painting from five slot texts: "" (empty), "tone", or "top/bottom" like "hue/tone"."""
    assert len(slots) == 5, "a painting has five slots"
    out = []
    for text in slots:
        top, _, bottom = text.partition("/")
        out.append(Slot(top, bottom))
    return tuple(out)


def enter(state: State, seat: int, painting: Painting, counted: Sequence[int] = ()) -> State:
    """Start, enter every slot, count hand-counted cards (card number, ribbons), confirm."""
    state = apply(state, StartPainting(seat))
    for slot in painting:
        state = apply(state, SetSlot(slot.top, slot.bottom))
    for number, ribbons in enumerate(counted, start=1):
        if state.setup.cards[number - 1].counted:
            state = apply(state, CountRibbons(number, ribbons))
    return apply(state, ConfirmPainting())


def game(*names: str, players: int = 2, seed: int = 7) -> State:
    """A fresh game with the named cards."""
    return new_game(setup(*names, players=players), seed)
