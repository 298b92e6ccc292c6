"""Finished games: what the history keeps, and its exports (CSV, JSON) and statistics."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class GameRecord:
    """A finished game: which game, when, players by seat, their scores, the winning seats."""

    game: str
    finished: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seed: int
    key: str = ""  # the history's row key: history_key(game, seed)

    def winner_names(self) -> tuple[str, ...]:
        """The winners' names (seats are 1-based)."""
        return tuple(self.players[seat - 1] for seat in self.winners if 0 < seat <= len(self.players))


def history_key(game: str, seed: int) -> str:
    """The row key of a finished game: its kind and seed. Games never repeat a seed their kind
    has in the history (device/widgets/game_app.py, unused_seed), so a key names one game, and
    that game finishing again after an undo replaces its own row."""
    return f"{game}:{seed}"


def to_csv(records: Sequence[GameRecord]) -> str:
    """One row a game: game, finished, players, scores, winners (names joined with ' / ')."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "finished", "players", "scores", "winners", "seed"])
    for r in records:
        writer.writerow([r.game, r.finished, " / ".join(r.players), " / ".join(map(str, r.scores)),
                         " / ".join(r.winner_names()), r.seed])
    return out.getvalue()


def to_json(records: Sequence[GameRecord]) -> str:
    """The history as a JSON list of objects."""
    rows = []
    for r in records:
        row = asdict(r)
        row.pop("key")
        row["winner_names"] = list(r.winner_names())
        rows.append(row)
    return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"


def wins_by_name(records: Sequence[GameRecord]) -> list[tuple[str, int, int]]:
    """(name, games played, games won) for every player name, most wins first."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for r in records:
        played.update(set(r.players))
        won.update(set(r.winner_names()))
    return sorted(((n, played[n], won[n]) for n in played), key=lambda t: (-t[2], -t[1], t[0]))


def games_by_kind(records: Sequence[GameRecord]) -> list[tuple[str, int]]:
    """(game, times played), most played first."""
    counts = Counter(r.game for r in records)
    return sorted(counts.items(), key=lambda t: (-t[1], t[0]))
