"""Issue 28, the fourth cold read of Canvas solo: the card row says that seat button k takes
card k; the table's toss has a way to say "none face up"; the paintings and points shown are the
player's, on the player's line, never beside the automated player's name."""

from __future__ import annotations

from device.games.canvas.app import APP
from device.games.canvas.samples import samples
from device.games.canvas.ui import CanvasUi
from device.render.frame import Frame
from tests.device.canvas.conftest import ctx, presser


def _sample(name: str) -> CanvasUi:
    found = next(s for s in samples(ctx()) if s.name == name).state
    assert isinstance(found, CanvasUi)
    return found


def _lines(ui: CanvasUi) -> list[str]:
    """The texts of the screen on the 2.13" (the table build)."""
    frame = Frame(250, 122)
    APP.render(ui, ctx(), frame)
    return [text for _, text, _ in frame.notes]


def test_the_card_row_says_seat_button_k_takes_card_k() -> None:
    """004 l.44: take one of the five face-up cards; on the table build seat button k takes card
    k, and the screen says so (the reader took the long way with ▼ and ok)."""
    turn = _sample("turn")
    assert "Seat button k takes card k" in _lines(turn)
    taken = presser().press(turn, "seat3")
    assert taken.game is not None and taken.game.solo is not None
    assert taken.game.solo.hand == turn.game.solo.hand + 1  # type: ignore[union-attr]


def test_the_paintings_and_points_are_the_players_own() -> None:
    """004 l.119: the automated player never completes a painting; its line shows its tokens and
    last toss only, the paintings count sits on "You", the points say "You"."""
    lines = _lines(_sample("turn"))
    you = next(line for line in lines if line.startswith("You:"))
    auto = [line for line in lines if line.startswith("Auto:")]
    assert "paintings" in you and auto and not any("painting" in line for line in auto)
    assert any(line.startswith("You: ") and line.endswith("pts") for line in _lines(_sample("auto")))


def test_the_table_toss_can_say_none_face_up() -> None:
    """004 l.119: "If no tokens are face-up, the automated player selects the leftmost card": the
    screen says how to enter none (▼ to 0, then OK), and that path takes card 1 at no cost."""
    toss = _sample("auto-table")
    assert any("none: ▼ to 0, then OK" in line for line in _lines(toss))
    p = presser()
    at_zero = p.press(toss, *["down"] * 5)
    assert at_zero.value == 0
    done = p.press(at_zero, "ok")
    assert done.game is not None and done.game.solo is not None and done.game.solo.last_toss is not None
    assert (done.game.solo.last_toss.face_up, done.game.solo.last_toss.position) == (0, 1)
