"""IDENTIK table setup: players, optional names, game length, first narrator and the variants."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

from engine.sandglass import MAX_LENGTH_MS, MIN_LENGTH_MS
from engine.seats import check_players

MIN_PLAYERS = 3
MAX_PLAYERS = 6
CRITERIA = 10
SUPER_BONUS = 2
HOURGLASS_MS = 90_000
NARRATIONS_CHOICES = (1, 2, 3)
NAME_MAX = 10
# Inside a name, between letters: "Jean-Luc", "Anne Sophie", "D'Arcy".
NAME_SEPARATORS = " -'"

# "choose": 2024 rulebook, the narrator picks 1-10 (rolling the d10 is still allowed, as a way
# of choosing). "roll": older editions, the ten-sided die decides and the narrator cannot pick.
SuperRule = Literal["choose", "roll"]
SUPER_RULES: tuple[SuperRule, ...] = ("choose", "roll")


def is_name_letter(char: str) -> bool:
    """True for an ASCII letter or an accented Latin letter (é, ç, œ, Å...)."""
    if len(char) != 1 or not char.isalpha():
        return False
    return char.isascii() or unicodedata.name(char, "").startswith("LATIN ")


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None when it can ("" means no name)."""
    if len(name) > NAME_MAX:
        return f"name {name!r} is longer than {NAME_MAX} characters"
    for char in name:
        if not (is_name_letter(char) or char in NAME_SEPARATORS):
            return f"name {name!r} may only hold letters, spaces, - and '"
    if name and not (is_name_letter(name[0]) and is_name_letter(name[-1])):
        return f"name {name!r} must start and end with a letter"
    return None


@dataclass(frozen=True)
class Setup:
    """Everything decided before the first round; names are optional ("" = unnamed)."""

    players: int = 4
    names: tuple[str, ...] = ()
    narrations_each: int = 1
    first_narrator: int | None = None
    super_rule: SuperRule = "choose"
    timer_ms: int = HOURGLASS_MS

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, "IDENTIK")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"give {self.players} names or none, not {len(self.names)}")
        for name in self.names:
            problem = name_problem(name)
            if problem:
                raise ValueError(problem)
        given = [n.casefold() for n in self.names if n]
        if len(set(given)) != len(given):
            raise ValueError("two players have the same name")
        if self.narrations_each not in NARRATIONS_CHOICES:
            raise ValueError(f"each player narrates 1, 2 or 3 times, not {self.narrations_each}")
        if self.first_narrator is not None and not 1 <= self.first_narrator <= self.players:
            raise ValueError(f"there is no seat {self.first_narrator} to narrate first")
        if self.super_rule not in SUPER_RULES:
            raise ValueError(f"unknown super criterion rule {self.super_rule!r}")
        if not MIN_LENGTH_MS <= self.timer_ms <= MAX_LENGTH_MS:
            raise ValueError(f"a timer of {self.timer_ms} ms is out of range")

    @property
    def total_rounds(self) -> int:
        """One round per narration: every player narrates `narrations_each` times."""
        return self.players * self.narrations_each

    def name_of(self, seat: int) -> str:
        """The name written for `seat`, or "" when the table gave none."""
        return self.names[seat - 1] if self.names else ""
