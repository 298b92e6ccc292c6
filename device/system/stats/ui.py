"""The Statistics screen's state and its lines, worked out from the history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from device.storage.history import GameRecord, games_by_kind, wins_by_name


@dataclass(frozen=True)
class StatsUi:
    """Only the scroll position: the figures come from the history in the context."""

    cursor: int = 0


@dataclass(frozen=True)
class StatLine:
    """One line: a game (titled by its string key, or its raw key) or a player's name and wins."""

    kind: Literal["game", "name"]
    what: str
    title_key: str = ""
    count: int = 0
    won: int = 0
    played: int = 0


def stat_lines(history: Sequence[GameRecord], titles: Mapping[str, str]) -> list[StatLine]:
    """Games played by kind, then each name's wins."""
    lines = [StatLine("game", game, titles.get(game, ""), count=n) for game, n in games_by_kind(history)]
    lines += [StatLine("name", name, won=won, played=played) for name, played, won in wins_by_name(history)]
    return lines
