"""One binding table per screen: for each key, what it does and the soft-key label that says so.

The table is built from the UI state each time; `KeyedApp` handles a key with it and labels the
soft-key bar from it, so the action and its label can never disagree. A refused engine command
(`IllegalCommand`) becomes the reply's one-line error, in the interface language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from device.framework.contract import App, Context, Reply
from device.framework.registry import PAUSE
from device.i18n import explain
from device.render.frame import SOFT_KEYS, Frame
from device.strings.all import STRINGS
from engine.errors import IllegalCommand
from hardware.events import ButtonEvent

S = TypeVar("S")
Action = Callable[[S, Context], Reply[S]]
Explain = Callable[[IllegalCommand, str], str]  # (refusal, language) -> the line to show


@dataclass(frozen=True)
class Binding(Generic[S]):
    """What one key does now, and its soft-key label ("" leaves the key unlabelled)."""

    action: Action[S]
    label: str = ""


class Bindings(Generic[S]):
    """The keys of the screen shown: "ok", "seat3", "timer!" (a hold of timer), ...

    A hold with no binding of its own does what the press does when `holds_press` is true,
    and nothing otherwise. `explain` words a refusal (default: its code's string, see `refused`).
    """

    def __init__(self, keys: Mapping[str, Binding[S]], holds_press: bool = True,
                 explain: Explain | None = None) -> None:
        self.keys = dict(keys)
        self.holds_press = holds_press
        self.explain = explain

    def binding(self, event: ButtonEvent) -> Binding[S] | None:
        """The binding an event triggers, if any."""
        if event.kind == "hold":
            held = self.keys.get(event.button + "!")
            if held is not None or not self.holds_press:
                return held
        return self.keys.get(event.button)

    def dispatch(self, state: S, event: ButtonEvent, ctx: Context, unchanged: S | None = None) -> Reply[S]:
        """Run the event's action; a refused command leaves `unchanged` (default: `state`) and says why."""
        found = self.binding(event)
        if found is None:
            return Reply(state, error=unbound(event, ctx.lang))
        try:
            return found.action(state, ctx)
        except IllegalCommand as exc:
            kept = state if unchanged is None else unchanged
            if self.explain is not None:
                return Reply(kept, error=self.explain(exc, ctx.lang))
            return refused(kept, ctx, exc)

    def labels(self) -> dict[str, str]:
        """The soft-key bar: the label of each of the four keys that has one."""
        return {key: b.label for key in SOFT_KEYS if (b := self.keys.get(key)) is not None and b.label}


def unbound(event: ButtonEvent, lang: str) -> str | None:
    """The brief sign that a button with no soft key does nothing on this screen ("Seat button 3:
    nothing to do here"), so a press is never met by silence; the four keys' bar already shows
    an unlabelled key as empty. One line in the message band: a small partial refresh."""
    if event.button.startswith("seat") and event.button[4:].isdigit():
        name = STRINGS(lang, "key.seat_button", n=int(event.button[4:]))
    elif event.button in ("roll", "timer"):
        name = STRINGS(lang, f"key.{event.button}_button")
    else:
        return None
    return STRINGS(lang, "key.does_nothing", button=name)


def refused(state: S, ctx: Context, exc: IllegalCommand) -> Reply[S]:
    """The reply to a refused command: nothing changes, and the refusal is said in the UI language."""
    return Reply(state, error=explain(STRINGS, ctx.lang, exc))


def stay(state: S, ctx: Context) -> Reply[S]:
    """An action that does nothing (a key that is shown but only acknowledged)."""
    return Reply(state)


def go_home(state: S, ctx: Context) -> Reply[S]:
    """Leave the app for the home menu."""
    return Reply(state, switch="home")


def pause(state: S, ctx: Context) -> Reply[S]:
    """Open the pause menu (Resume, Undo, Home, Settings) over the game under way."""
    return Reply(state, switch=PAUSE)


def leave(ctx: Context) -> Binding[Any]:
    """A system app's back key: home, labelled "Back" when the app was opened from the pause
    menu (the session then leads it back there)."""
    return Binding(go_home, STRINGS(ctx.lang, "key.back" if ctx.paused else "key.home"))


class KeyedApp(App[S]):
    """An app whose keys and soft-key bar come from one binding table and whose screens are pure."""

    def bindings(self, state: S, ctx: Context) -> Bindings[S]:
        """What every key does now, each with its soft-key label."""
        raise NotImplementedError

    def draw(self, state: S, ctx: Context, keys: Mapping[str, str], frame: Frame) -> None:
        """Draw the state with the soft-key labels `keys` (the game's screens)."""
        raise NotImplementedError

    def handle(self, state: S, event: ButtonEvent, ctx: Context) -> Reply[S]:
        """The binding table's action for the event."""
        return self.bindings(state, ctx).dispatch(state, event, ctx)

    def render(self, state: S, ctx: Context, frame: Frame) -> None:
        """The screens, the soft-key bar labelled from the binding table (while time is held
        after a stop, OK alone: the next press, whichever, only lets time run on)."""
        keys = {"ok": STRINGS(ctx.lang, "key.resume")} if ctx.held else self.bindings(state, ctx).labels()
        self.draw(state, ctx, keys, frame)
