"""Finished games: what the history keeps, and its exports (CSV, JSON) and statistics."""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

# The text an unnamed seat was stored as before format 5 kept seats as data: "Seat N" in English,
# "Place N" in French (the only two texts the "seat" string ever had). An upgrade turns them back
# into the seat they name (store_open.py), so a table that played in both languages is one table.
_TRANSLATED_SEATS = ("Seat {seat}", "Place {seat}")


@dataclass(frozen=True)
class GameRecord:
    """A finished game: which game, when, players by seat, their scores, the winning seats.

    `players` keeps, seat 1 first, the name the table typed or "" for a seat left unnamed: never a
    translated text, which the screens and exports draw in the language of the moment (`names`).
    """

    game: str
    finished: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seed: int
    key: str = ""  # the history's row key: history_key(game, seed)

    def names(self, seat_label: Callable[[int], str]) -> tuple[str, ...]:
        """Each seat's name, an unnamed seat drawn by `seat_label(seat)` ("Seat 2" / "Place 2")."""
        return tuple(name or seat_label(seat) for seat, name in enumerate(self.players, start=1))

    def winner_names(self, seat_label: Callable[[int], str]) -> tuple[str, ...]:
        """The winners' names (seats are 1-based), drawn as `names` draws them."""
        names = self.names(seat_label)
        return tuple(names[seat - 1] for seat in self.winners if 0 < seat <= len(names))


def unnamed_seats(players: Sequence[str]) -> tuple[str, ...]:
    """Players as an older format stored them ("Seat 2" / "Place 2" for an unnamed seat 2) as
    this format keeps them ("" for it); a typed name stays as typed."""
    return tuple("" if name in {t.format(seat=seat) for t in _TRANSLATED_SEATS} else name
                 for seat, name in enumerate(players, start=1))


Player = str | int  # a typed name, or the number of a seat left unnamed


def player_of(record: GameRecord, seat: int) -> Player:
    """Who sat at `seat` (1-based): the name typed there, else the seat's number."""
    return record.players[seat - 1] or seat


def history_key(game: str, seed: int) -> str:
    """The row key of a finished game: its kind and seed. Games never repeat a seed their kind
    has in the history (device/widgets/game_app.py, unused_seed), so a key names one game, and
    that game finishing again after an undo replaces its own row."""
    return f"{game}:{seed}"


def to_csv(records: Sequence[GameRecord], seat_label: Callable[[int], str]) -> str:
    """One row a game: game, finished, players, scores, winners (names joined with ' / '; an
    unnamed seat drawn by `seat_label`)."""
    import csv  # only here: a start does not load it

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "finished", "players", "scores", "winners", "seed"])
    for r in records:
        writer.writerow([r.game, r.finished, " / ".join(r.names(seat_label)), " / ".join(map(str, r.scores)),
                         " / ".join(r.winner_names(seat_label)), r.seed])
    return out.getvalue()


def to_json(records: Sequence[GameRecord], seat_label: Callable[[int], str]) -> str:
    """The history as a JSON list of objects (an unnamed seat's name drawn by `seat_label`)."""
    rows = []
    for r in records:
        row = asdict(r)
        row.pop("key")
        row["players"] = list(r.names(seat_label))
        row["winner_names"] = list(r.winner_names(seat_label))
        rows.append(row)
    return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"


def wins_by_player(records: Sequence[GameRecord]) -> list[tuple[Player, int, int]]:
    """(player, games played, games won) for every player, most wins first: a player is the name
    the table typed (the same name in any game and any language is one player), or the number of
    a seat left unnamed (whoever sat there)."""
    played: Counter[Player] = Counter()
    won: Counter[Player] = Counter()
    for r in records:
        played.update({player_of(r, seat) for seat in range(1, len(r.players) + 1)})
        won.update({player_of(r, seat) for seat in r.winners if 0 < seat <= len(r.players)})
    return sorted(((p, played[p], won[p]) for p in played), key=lambda t: (-t[2], -t[1], *_order(t[0])))


def _order(player: Player) -> tuple[int, str, int]:
    """Names first, alphabetically, then unnamed seats by number."""
    return (1, "", player) if isinstance(player, int) else (0, player, 0)


def games_by_kind(records: Sequence[GameRecord]) -> list[tuple[str, int]]:
    """(game, times played), most played first."""
    counts = Counter(r.game for r in records)
    return sorted(counts.items(), key=lambda t: (-t[1], t[0]))
