"""What every #ARTBOX key table shares: applying an engine command to the UI state."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from device.framework.contract import Reply
from device.games.artbox.ui import ArtboxUi
from device.i18n import Said
from engine.artbox import ARTBOX
from engine.artbox.commands import Command
from engine.artbox.view import shows_secret


def apply_command(ui: ArtboxUi, command: Command, label: Said | None, **changes: Any) -> Reply[ArtboxUi]:
    """Apply a command; a new phase or drawing resets the cursor; leaving a secret hides it."""
    assert ui.game is not None
    game = ARTBOX.apply(ui.game, command)
    if game.phase != ui.game.phase or game.slot_index != ui.game.slot_index \
            or game.dealing_seat != ui.game.dealing_seat:
        changes = {"cursor": 0, "marks": (), "view": "words", **changes}
    return Reply(replace(ui, game=game, **changes), label=label,
                 hide_secret=shows_secret(ui.game) and not shows_secret(game))
