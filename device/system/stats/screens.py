"""The Statistics screen: games played by kind, then wins per player name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.render.frame import Frame
from device.strings.all import STRINGS as T
from device.system.stats.ui import StatLine, StatsUi


def render(ui: StatsUi, lines: Sequence[StatLine], games: int, lang: str, keys: Mapping[str, str],
           frame: Frame) -> None:
    """The figures, or a note that no game has finished yet."""
    frame.header(T(lang, "stats.title"), T(lang, "stats.games", n=games))
    frame.softkeys(keys)
    if not lines:
        frame.fit(frame.content, T(lang, "stats.none"), max_px=frame.body)
        return
    left = [T(lang, line.title_key) if line.title_key else T(lang, "seat", seat=line.seat) if line.seat
            else line.what for line in lines]
    right = [str(line.count) if line.kind == "game" else wins(lang, line.won, line.played) for line in lines]
    frame.menu(frame.content, left, min(ui.cursor, len(left) - 1), right=right)


def wins(lang: str, won: int, played: int) -> str:
    """A player's wins out of the games played, singular as each language counts it (1 in
    English; 0 and 1 in French)."""
    one = won <= 1 if lang == "fr" else won == 1
    return T(lang, "stats.wins_one" if one else "stats.wins", won=won, played=played)
