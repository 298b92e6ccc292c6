"""Sample playthroughs: press buttons through an app's own key map, as a table would."""

from __future__ import annotations

from dataclasses import replace
from typing import Generic, TypeVar

from device.contract import App, Context
from hardware.events import ButtonEvent

S = TypeVar("S")


class Presser(Generic[S]):
    """Presses buttons through `app.handle` with a context at a chosen time; "ok!" is a hold."""

    def __init__(self, app: App[S], ctx: Context) -> None:
        self.app = app
        self.ctx = ctx

    def start(self, seed: int) -> S:
        """A fresh app state seeded with `seed`."""
        return self.app.start(replace(self.ctx, seed=seed))

    def press(self, ui: S, *buttons: str, now: int = 0) -> S:
        """The state after pressing `buttons` in order at time `now` (a trailing '!' holds)."""
        ctx = replace(self.ctx, now_ms=now)
        for button in buttons:
            kind = "hold" if button.endswith("!") else "press"
            ui = self.app.handle(ui, ButtonEvent(button.rstrip("!"), kind), ctx).state
        return ui

    def tick(self, ui: S, now: int) -> S:
        """The state after the app's timer tick at `now`."""
        return self.app.tick(ui, replace(self.ctx, now_ms=now)).state
