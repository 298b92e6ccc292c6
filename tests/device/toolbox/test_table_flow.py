"""The Toolbox's table flow (issue 13): a round is the table's own actions and nothing else."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from device.games.toolbox.screens import dice_name
from device.render.frame import Frame
from device.run.gallery import render_sample
from device.settings import Settings
from tests.conftest import Harness
from tests.device.toolbox.conftest import screen, ui

MakeHarness = Callable[..., Harness]


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Toss 1 token", "Toss 2 tokens"),
    ("fr", "Lancer 1 jeton", "Lancer 2 jetons"),
])
def test_one_token_is_singular(harness: MakeHarness, lang: str, one: str, two: str) -> None:
    h = harness()
    h.press("ok", "ok")  # the dice screen
    h.press("down", "down", "down")  # shapes -> d6 -> d10 -> 1 token
    assert dice_name(lang, ui(h).game) == one
    h.press("down")
    assert dice_name(lang, ui(h).game) == two


def test_a_roll_after_everyone_finished_returns_the_number_tokens(harness: MakeHarness) -> None:
    """Rulebook 000 l.95: the Number tokens are returned and a new round begins; l.36: the round's
    first press at the device is the Maestro's roll. One press, and the next seat takes #1 again."""
    h = harness()
    h.press("ok", "seat2", "seat4", "seat1", "seat3")
    assert ui(h).game.order.complete
    h.press("roll")
    assert ui(h).game.order.seats == ()
    assert screen(h) == "toolbox.dice" and ui(h).game.rolls == 1
    h.press("seat3")
    assert ui(h).game.order.token_of(3) == 1
    h.press("back!")  # one undo takes back the take; a second, the roll with the return
    h.press("back!")
    assert ui(h).game.order.complete and ui(h).game.rolls == 0


def test_a_roll_mid_round_keeps_the_finishing_order(harness: MakeHarness) -> None:
    h = harness()
    h.press("ok", "seat2", "roll")
    assert ui(h).game.order.seats == (2,)


@pytest.mark.parametrize(("lang", "label", "moved"), [("en", "S2: #2", "S3: #2"), ("fr", "P2 : #2", "P3 : #2")])
def test_ok_on_the_order_screen_names_the_seat_it_records(harness: MakeHarness, lang: str, label: str,
                                                          moved: str) -> None:
    """Issue 13: a press that records a fact about a player names that player on its label."""
    h = harness(settings=Settings(language=lang))
    h.press("ok", "seat1")
    owner = h.runner.session.app()
    labels = owner.bindings(h.runner.session.state(), h.runner.ctx()).labels()  # type: ignore[attr-defined]
    assert labels["ok"] == label
    h.press("down")
    labels = owner.bindings(h.runner.session.state(), h.runner.ctx()).labels()  # type: ignore[attr-defined]
    assert labels["ok"] == moved


@pytest.mark.parametrize("panel", ["epd2in13_V4", "epd2in7_V2", "epd7in5_V2"])
def test_the_waiting_highlight_stays_clear_of_the_soft_key_bar(panel: str) -> None:
    """On the 2.7" the highlighted waiting seat ran into the soft-key bar: a blank gap now parts them
    (the four-key build: the table build has no cursor to highlight, issue 20)."""
    image = render_sample("toolbox", "order-four-keys", panel, "en").convert("L")
    frame = Frame(*image.size)
    frame.softkeys({})
    gap = frame.px(4)
    blank = image.crop((0, frame.bottom - gap + 1, image.width, frame.bottom)).getextrema()
    assert blank[0] == 255, "ink in the gap above the soft-key bar"
    assert image.crop((0, frame.bottom - gap - 4, image.width, frame.bottom - gap)).getextrema()[0] == 0
