"""Canvas as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from device.framework.descriptor import Descriptor, Refusals, Script
from device.games.canvas.ui import data
from engine.canvas import CANVAS
from engine.canvas.commands import StartPainting
from engine.canvas.setup import Setup


def example() -> Setup:
    """Two players, Composition and Repetition (points 1/3/6 where the table enters them)."""
    cards = tuple(data().entry(name).card((1, 3, 6) if data().entry(name).condition.kind == "counted" else None)
                  for name in ("Composition", "Repetition"))
    return Setup(cards=cards, players=2, bonus_icons=data().bonus_icons)


GAME = Descriptor(
    rules=CANVAS,
    rulebook="004",
    example=example,
    scripts=tuple(Script(name, ends=True) for name in (
        "canvas_two_players", "canvas_two_players_four_keys", "canvas_solo", "canvas_solo_four_keys",
        "canvas_solo_table_toss",
    )),
    refusals=Refusals(refused=((StartPainting(9), "not_at_table"),), allowed=(StartPainting(1),)),
)
