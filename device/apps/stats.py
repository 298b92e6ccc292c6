"""The Statistics screen: games played, and wins per player name, from the history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.apps.base import App, Context, Reply, Sample
from device.history import GameRecord, games_by_kind, wins_by_name
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from engine import codec
from hardware.events import ButtonEvent


@dataclass(frozen=True)
class StatsUi:
    """Only the scroll position: the figures come from the history in the context."""

    cursor: int = 0


def rows(lang: str, history: Sequence[GameRecord]) -> tuple[list[str], list[str]]:
    """The lines of the screen: games by kind, then each name's wins."""
    left = [T(lang, f"game.{game}") if f"game.{game}" in T else game for game, _ in games_by_kind(history)]
    right = [str(n) for _, n in games_by_kind(history)]
    for name, played, won in wins_by_name(history):
        left.append(name)
        right.append(T(lang, "stats.wins", won=won, played=played))
    return left, right


class StatsApp(App[StatsUi]):
    """Read-only figures; up/down scroll, back goes home."""

    key = "stats"
    title_key = "stats.title"

    def start(self, ctx: Context) -> StatsUi:
        """At the top of the list."""
        return StatsUi()

    def handle(self, state: StatsUi, event: ButtonEvent, ctx: Context) -> Reply[StatsUi]:
        """Scroll or leave."""
        if event.kind != "press":
            return Reply(state)
        count = len(rows(ctx.lang, ctx.history)[0])
        if event.button in ("up", "down") and count:
            step = -1 if event.button == "up" else 1
            return Reply(replace(state, cursor=(state.cursor + step) % count))
        if event.button in ("back", "ok"):
            return Reply(replace(state, cursor=0), switch="home")
        return Reply(state)

    def screen_key(self, state: StatsUi) -> str:
        """One screen."""
        return "stats"

    def render(self, state: StatsUi, ctx: Context, frame: Frame) -> None:
        """Games played and wins per name."""
        lang = ctx.lang
        frame.header(T(lang, "stats.title"), T(lang, "stats.games", n=len(ctx.history)))
        frame.softkeys({"up": T(lang, "key.up"), "down": T(lang, "key.down"), "back": T(lang, "key.home")})
        left, right = rows(lang, ctx.history)
        if not left:
            frame.fit(frame.content, T(lang, "stats.none"), max_px=frame.body)
            return
        frame.menu(frame.content, left, min(state.cursor, len(left) - 1), right=right)

    def dump(self, state: StatsUi) -> dict[str, Any]:
        """Serialise."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def load(self, data: dict[str, Any]) -> StatsUi:
        """Rebuild and validate."""
        return codec.from_dict(StatsUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[StatsUi]]:
        """No games yet; and a small history (the sample's context carries it)."""
        return (Sample("empty", StatsUi()), Sample("figures", StatsUi(cursor=1), history=SAMPLE_HISTORY))


SAMPLE_HISTORY: tuple[GameRecord, ...] = (
    GameRecord("artbox", "2026-11-20T20:10:00", ("Ana", "Bruno", "Chloé", "Dev"), (5, 3, 2, 4), (1,), 11),
    GameRecord("identik", "2026-11-21T19:00:00", ("Ana", "Bruno", "Chloé"), (21, 25, 25), (2, 3), 12),
    GameRecord("artbox", "2026-11-22T21:30:00", ("Bruno", "Dev", "Ana"), (5, 1, 4), (1,), 13),
)

APP = StatsApp()
