"""IDENTIK's UI state: the setup draft (players, names, game length), the game under way, the
screen shown and its cursors; and what ok changes on each setup row."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from device.widgets.cursor import shifted
from device.widgets.name_wheel import SEPARATORS
from engine.identik.setup import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_MAX,
    NARRATIONS_CHOICES,
    SUPER_RULES,
    SuperRule,
    is_name_letter,
)
from engine.identik.state import State
from engine.seats import Direction

Screen = Literal["setup", "names", "name", "play", "scores", "quit"]  # quit: "Quit this game?" asked
# Start first, the cursor on it: one press starts a game with the options shown (kept per game).
SETUP_ROWS: tuple[str, ...] = ("start", "players", "names", "narrations", "first", "super_rule",
                               "hourglass")


@dataclass(frozen=True)
class Draft:
    """The setup being prepared (names for all six seats; only the first `players` are used)."""

    players: int = 4
    names: tuple[str, ...] = ("",) * MAX_PLAYERS
    narrations_each: int = 1
    first: int = 0  # 0: drawn at random
    super_rule: SuperRule = "choose"

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"IDENTIK is for 3 to 6 players, not {self.players}")
        if len(self.names) != MAX_PLAYERS:
            raise ValueError(f"the draft holds {MAX_PLAYERS} names")
        for name in self.names:
            if len(name) > NAME_MAX or not all(is_name_letter(c) or c in SEPARATORS for c in name):
                raise ValueError(f"bad name {name!r}")
        if self.narrations_each not in NARRATIONS_CHOICES or not 0 <= self.first <= self.players:
            raise ValueError("bad game length or first narrator")
        if self.super_rule not in SUPER_RULES:
            raise ValueError(f"unknown super criterion rule {self.super_rule!r}")

    def used_names(self) -> tuple[str, ...]:
        """The names of the seats at the table ("" where none was given)."""
        return self.names[: self.players]


@dataclass(frozen=True)
class IdentikUi:
    """The engine state (None while setting up) plus cursors and the screen shown.

    `cursor`: setup row, names row, or while judging 0 = "next" and i = the i-th judge.
    `direction`: the way the drawings last passed (one key each way now; kept for saved games).
    """

    seed: int
    draft: Draft = Draft()
    game: State | None = None
    screen: Screen = "setup"
    cursor: int = 0
    seat: int = 1
    letter: int = 1
    pick: int = 1
    direction: Direction = "left"
    editing: Draft | None = None  # while a count row is edited: the draft before (back restores)


def _players(draft: Draft, by: int) -> Draft:
    players = shifted(range(MIN_PLAYERS, MAX_PLAYERS + 1), draft.players, by)
    return replace(draft, players=players, first=draft.first if draft.first <= players else 0)


# The rows that hold a count: ok opens it, up/down count (wrapping), ok keeps, back cancels.
COUNT_ROWS: tuple[str, ...] = ("players", "narrations", "first")
# What up (one step on) and down (one step back) change on the setup rows that hold a value,
# wrapping; ok steps the super rule on at once (the other rows open or start something).
CHANGE_OPTION: dict[str, Callable[[Draft, int], Draft]] = {
    "players": _players,
    "narrations": lambda d, by: replace(d, narrations_each=shifted(NARRATIONS_CHOICES, d.narrations_each, by)),
    "first": lambda d, by: replace(d, first=(d.first + by) % (d.players + 1)),
    "super_rule": lambda d, by: replace(d, super_rule=shifted(SUPER_RULES, d.super_rule, by)),
}


def with_name(ui: IdentikUi, text: str) -> IdentikUi:
    """The draft with the name being entered (for `ui.seat`) set to `text`."""
    names = list(ui.draft.names)
    names[ui.seat - 1] = text
    return replace(ui, draft=replace(ui.draft, names=tuple(names)))

