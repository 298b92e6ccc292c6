"""#ARTBOX as the generic tests see it: its rules, an example setup, its committed scripts."""

from __future__ import annotations

from typing import Any

from device.framework.descriptor import CountRow, Descriptor, Refusals, Script
from device.framework.resources import Resources
from device.games.artbox.saved import expand
from device.games.artbox.ui import Options, setup_rows
from device.wordpacks import builtin_deck
from engine.artbox import ARTBOX
from engine.artbox.commands import Finish, Roll, ShowWords
from engine.artbox.setup import Setup

ROWS = setup_rows(Options())


def example() -> Setup:
    """Four players, the English deck, the packaged shape dice, seat 1 the first Maestro."""
    return Setup(players=4, words=builtin_deck("en"), dice=Resources().shape_dice, first_maestro=1)


def engine_form(game: dict[str, Any]) -> dict[str, Any]:
    """The engine's dict of a saved game: the deck's words, saved by reference, put back (a script
    starts on a fresh database, so no used words are held by reference)."""
    return expand(game, None)[0]


GAME = Descriptor(
    rules=ARTBOX,
    rulebook="001",
    example=example,
    scripts=(
        Script("artbox_four_players", ends=True),
        Script("artbox_three_players", ends=True),
        Script("artbox_five_players_round", ends=False),  # one round, to the start of round 2
        Script("artbox_five_players_round_four_keys", ends=False),
    ),
    refusals=Refusals(refused=((Roll(0), "artbox_not_now"), (Finish(1), "artbox_not_now")), allowed=(ShowWords(),)),
    engine_form=engine_form,  # the save holds the deck's words by reference
    counts=(
        CountRow("players", ROWS.index("players"), lambda s: s.options.players, (3, 8)),
        CountRow("maestro", ROWS.index("maestro"), lambda s: s.options.first_maestro, (0, 4)),  # 0: random
        CountRow("glass", ROWS.index("glass"), lambda s: s.options.sandglass_s, (30, 180), step=10),
    ),
)
