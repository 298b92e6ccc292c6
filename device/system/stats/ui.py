"""The Statistics screen's state and its lines, worked out from the history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from device.storage.history import GameRecord, games_by_kind, wins_by_player


@dataclass(frozen=True)
class StatsUi:
    """Only the scroll position: the figures come from the history in the context."""

    cursor: int = 0


@dataclass(frozen=True)
class StatLine:
    """One line: a game (titled by its string key, or its raw key), or a player and their wins: a
    typed name (`what`) or an unnamed seat (`seat`, drawn "Seat 2" / "Place 2" when shown)."""

    kind: Literal["game", "name"]
    what: str
    title_key: str = ""
    count: int = 0
    won: int = 0
    played: int = 0
    seat: int = 0


def stat_lines(history: Sequence[GameRecord], titles: Mapping[str, str]) -> list[StatLine]:
    """Games played by kind, then each name's wins."""
    lines = [StatLine("game", game, titles.get(game, ""), count=n) for game, n in games_by_kind(history)]
    lines += [StatLine("name", "" if isinstance(who, int) else who, seat=who if isinstance(who, int) else 0,
                       won=won, played=played) for who, played, won in wins_by_player(history)]
    return lines
