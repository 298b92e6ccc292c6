"""The shared widgets: binding tables, cursors, the option menu, the name wheel, the presser."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from device.framework.contract import App, Context, Reply
from device.framework.resources import Resources
from device.settings import Settings
from device.widgets.bindings import Binding, Bindings
from device.widgets.cursor import clamped, counted, neighbour, wrapped
from device.widgets.name_wheel import DONE, WHEEL, added, finished, first_letter, wheel_char
from device.widgets.option_menu import option_menu
from device.widgets.presser import Presser
from engine.errors import IllegalCommand
from hardware.events import ButtonEvent

CTX = Context(settings=Settings(language="fr"), resources=Resources())


@dataclass(frozen=True)
class Ui:
    """A tiny UI state for the widgets."""

    cursor: int = 0
    log: tuple[str, ...] = ()


def noted(word: str) -> Binding[Ui]:
    return Binding(lambda u, c: Reply(replace(u, log=(*u.log, word))), word)


def refuse(ui: Ui, ctx: Context) -> Reply[Ui]:
    raise IllegalCommand("no", "glass_turned")


def test_a_hold_does_the_press_unless_told_otherwise() -> None:
    """holds_press: a hold without its own binding repeats the press; '!' bindings take holds."""
    table = Bindings({"ok": noted("ok"), "timer!": noted("held")})
    assert table.dispatch(Ui(), ButtonEvent("ok", "hold"), CTX).state.log == ("ok",)
    assert table.dispatch(Ui(), ButtonEvent("timer", "hold"), CTX).state.log == ("held",)
    strict = Bindings({"ok": noted("ok")}, holds_press=False)
    assert strict.dispatch(Ui(), ButtonEvent("ok", "hold"), CTX).state.log == ()


def test_a_refusal_becomes_one_line_in_the_ui_language() -> None:
    """An IllegalCommand leaves the state as it was and says why, in French here."""
    reply = Bindings({"ok": Binding(refuse)}).dispatch(Ui(cursor=2), ButtonEvent("ok"), CTX, unchanged=Ui(cursor=1))
    assert reply.state == Ui(cursor=1)
    assert reply.error == "Le sablier est déjà lancé"


def test_labels_come_from_the_same_table_as_the_actions() -> None:
    """Only the four soft keys with a label are shown."""
    table = Bindings({"up": noted("Haut"), "ok": Binding(refuse), "roll": noted("Lancer")})
    assert table.labels() == {"up": "Haut"}


def test_cursors_wrap_count_and_stop() -> None:
    """up goes back and down on; a list wraps; a number counts up with up, wrapping or stopping."""
    assert [wrapped(0, "up", 3), wrapped(2, "down", 3)] == [2, 0]
    assert neighbour((2, 5, 7), 5, "down") == 7 and neighbour((2, 5, 7), 9, "up") == 7
    assert [counted(5, "up", 1, 5), counted(1, "down", 1, 5)] == [1, 5]
    assert [clamped(8, "up", 1, 8), clamped(1, "down", 1, 8)] == [8, 1]


def test_option_menu_moves_from_its_start_row() -> None:
    """The menu's up/down wrap over its rows, labelled in the UI language."""
    keys = Bindings(option_menu(4, "fr", noted("ok"), start=3))
    assert keys.dispatch(Ui(cursor=9), ButtonEvent("down"), CTX).state.cursor == 0
    assert keys.labels()["up"] == "Haut"


def test_the_name_wheel_capitalises_and_refuses_what_it_should() -> None:
    """A word starts with a capital; a separator follows a letter; the name has a length limit."""
    a = WHEEL.index("a")
    assert wheel_char("", a) == "A" and wheel_char("Anne-", a) == "A" and wheel_char("An", a) == "a"
    assert added("", WHEEL.index("-"), 12) == "letter_first"
    assert added("x" * 12, a, 12) == "full"
    assert finished("Zoé ") == "Zoé" and first_letter("Zoé") == DONE and first_letter("") == 1


class Counter(App[Ui]):
    """Counts presses of ok; refuses back."""

    ui_type = Ui

    def start(self, ctx: Context) -> Ui:
        return Ui()

    def handle(self, state: Ui, event: ButtonEvent, ctx: Context) -> Reply[Ui]:
        if event.button == "back":
            return Reply(state, error="no way back")
        return Reply(replace(state, cursor=state.cursor + 1))


def test_a_strict_presser_stops_at_a_refusal() -> None:
    """Samples and scripts press through the app; a strict presser will not draw a refused step."""
    assert Presser(Counter(), CTX).press(Ui(), "ok", "ok!", "back").cursor == 2
    with pytest.raises(ValueError, match="back: no way back"):
        Presser(Counter(), CTX, strict=True).press(Ui(), "ok", "back")
