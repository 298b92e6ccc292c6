"""The Toolbox's table flow (issue 13): a round is the table's own actions and nothing else."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from device.games.toolbox.screens import dice_name
from device.games.toolbox.ui import MENU
from device.render.frame import Frame
from device.run.gallery import render_sample
from device.settings import Settings
from hardware.display import SCREEN_TEXT
from tests.conftest import Harness
from tests.device.toolbox.conftest import four_key_build, screen, ui

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
    """Issue 13: a press that records a fact about a player names that player on its label (the
    table build's cursor is out by hand)."""
    h = harness(settings=Settings(language=lang))
    h.press("ok", "seat1", "ok")
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


def _labels(h: Harness) -> dict[str, str]:
    owner = h.runner.session.app()
    return dict(owner.bindings(h.runner.session.state(), h.runner.ctx()).labels())  # type: ignore[attr-defined]


def _shown(sample: str, lang: str = "en") -> str:
    """Every text a Toolbox gallery sample shows on the 2.13", in one string."""
    image = render_sample("toolbox", sample, "epd2in13_V4", lang)
    return " | ".join(text for _, text, _ in image.info[SCREEN_TEXT])


def test_the_menu_lists_a_rounds_steps_in_the_rulebooks_order() -> None:
    """Issue 20: the list reads as the round's steps. 000 l.36 the Maestro rolls, l.44 each finished
    drawing takes the lowest number token, l.56 the first one done guessing turns the sandglass."""
    assert MENU[:3] == ("dice", "order", "sandglass")
    shown = _shown("menu")
    assert shown.index("1 Roll the dice") < shown.index("2 Finishing order") < shown.index("3 Sandglass")
    assert "1 Lancer les dés" in _shown("menu", "fr")


def test_after_a_roll_the_dice_screen_names_the_next_two_steps() -> None:
    """000 l.44 then l.56, in the build's words: seat buttons and timer, or the menu's numbers."""
    table, keys = _shown("dice-shapes"), _shown("dice-shapes-four-keys")
    assert "Press your seat button" in table and "timer" in table
    assert "2 Finishing order" in keys and "3 Sandglass" in keys and "timer" not in keys


def test_up_and_down_on_the_dice_name_the_dice_they_switch_to(harness: MakeHarness) -> None:
    """Issue 20: "Prev"/"Next" on a roll meant nothing; the keys name the dice they choose."""
    h = harness()
    h.press("ok", "roll")
    assert (_labels(h)["up"], _labels(h)["down"]) == ("8 tokens", "d6")
    h.press("down")
    assert ui(h).game.dice_kind == "d6" and _labels(h)["up"] == "Shapes"


def test_on_the_table_build_each_player_presses_their_own_seat_button(harness: MakeHarness) -> None:
    """000 l.44: a player who finishes takes the token themselves: the screen says so, and the
    seat cursor (for a seat whose button is not used) stays away until ok takes it out by hand."""
    h = harness()
    h.press("ok", "seat3")
    assert "up" not in _labels(h) and _labels(h)["ok"] == "No button?"  # what the cursor is for
    assert "Press your seat button" in _shown("order")
    h.press("ok")
    assert ui(h).by_hand and _labels(h)["ok"] == "S1: #2"
    assert "Who finished?" in _shown("order-by-hand")
    h.press("down", "ok")
    assert ui(h).game.order.token_of(2) == 2 and not ui(h).by_hand
    h.press("ok", "back")
    assert screen(h) == "toolbox.order" and not ui(h).by_hand


@pytest.mark.parametrize("four_keys_only", [False, True])
def test_a_complete_order_keeps_its_tokens_for_the_round(harness: MakeHarness, four_keys_only: bool) -> None:
    """000 l.71-74: the number tokens are placed on the drawings and break ties in Step 4; l.95
    returns them only at the round's end. Once everyone finished no key on the order screen
    returns them (the next round's roll does); ok turns the sandglass for the guesses (l.56)."""
    h = harness()
    if four_keys_only:
        four_key_build(h)
    h.press("ok", "seat2", "seat4", "seat1", "seat3")
    assert ui(h).game.order.complete
    assert _labels(h)["ok"] == "Turn glass" and "up" not in _labels(h) and "down" not in _labels(h)
    h.press("up", "down", "ok")
    assert ui(h).game.order.seats == (2, 4, 1, 3)
    assert screen(h) == "toolbox.sandglass" and ui(h).game.sandglass.status == "running"


def test_time_up_points_to_the_next_rounds_roll(harness: MakeHarness) -> None:
    """000 l.95: after the guessing the number tokens go back and a new round begins; l.36: it
    begins with the Maestro's roll. Time! names that step and ok takes it; turning the glass
    again stays on up."""
    h = harness()
    h.press("ok", "seat2", "seat4", "seat1", "seat3", "timer")
    h.wait(90)
    assert screen(h) == "toolbox.sandglass" and ui(h).game.sandglass.status == "done"
    assert (_labels(h)["ok"], _labels(h)["up"]) == ("Roll", "Again")
    assert "Next round: press roll" in _shown("sandglass-time-up")
    assert "OK rolls the dice" in _shown("sandglass-time-up-four-keys")
    h.press("ok")
    assert screen(h) == "toolbox.dice" and ui(h).game.rolls == 1 and ui(h).game.order.seats == ()
    h.press("back!", "up")
    assert ui(h).game.sandglass.status == "running" and ui(h).game.rolls == 0


def test_the_new_rounds_roll_says_it_cleared_the_order(harness: MakeHarness) -> None:
    """000 l.95: the roll that starts a new round returned last round's number tokens: the dice
    screen says so; a roll mid-round (the order kept) does not."""
    h = harness()
    h.press("ok", "seat2", "roll")
    assert not ui(h).new_round
    h.press("seat4", "seat1", "seat3", "roll")
    assert ui(h).new_round and ui(h).game.order.seats == ()
    assert "order cleared" in _shown("dice-new-round") and "ordre effacé" in _shown("dice-new-round", "fr")
    assert "cleared" not in _shown("dice-shapes")
    assert "▲▼" in _shown("dice-shapes")  # the title says up/down switch the dice


def test_the_menu_and_the_players_editor_say_the_table_size(harness: MakeHarness) -> None:
    """The finishing order counts to the table size (000 l.44, a token per player): its row says
    of how many players; in the Players editor ok keeps the count and back leaves it unchanged."""
    assert "0/4 players" in _shown("menu") and "0/4 joueurs" in _shown("menu", "fr")
    h = harness()
    h.press("ok", "up", "ok", "up")
    assert screen(h) == "toolbox.players" and (_labels(h)["ok"], _labels(h)["back"]) == ("Keep", "Cancel")
    h.press("back")
    assert screen(h) == "toolbox.menu" and ui(h).game.setup.players == 4
    h.press("ok", "up", "ok")
    assert ui(h).game.setup.players == 5


def test_everyone_finished_says_ok_turns_the_glass_as_timer_does() -> None:
    """000 l.56: the first one done guessing turns the sandglass; timer and ok do the same here."""
    assert "presses timer or OK" in _shown("order-complete")


def test_the_order_screen_says_what_no_button_is_for() -> None:
    """Third read: "● No button?" was never explained. On the table build a line says it is for a seat
    without a button; the four-key build (no seat buttons, the cursor already out) has no such line."""
    assert "A seat without a button? OK records it by hand" in _shown("order")
    assert "Une place sans bouton ? OK la note à la main" in _shown("order", "fr")
    assert "without a button" not in _shown("order-four-keys")
    assert "without a button" not in _shown("order-complete")  # nobody left to record


def test_the_dice_and_order_headers_name_the_table_size() -> None:
    """Third read: the Toolbox opened at 4 players at a table of 5 (frames 2-5); the size now also
    stands on the round's screens, so a wrong count is seen during the round's first presses."""
    for sample in ("dice-shapes", "dice-new-round", "order", "order-complete"):
        assert "· 4 players" in _shown(sample), sample
    assert "· 4 joueurs" in _shown("order", "fr")


def test_the_table_builds_menu_says_roll_rolls_from_there() -> None:
    """Third read (frame 8): nothing said `roll` works from the menu; the four keys have no roll button."""
    assert "Toolbox · roll: dice" in _shown("menu")
    assert "lancer : dés" in _shown("menu", "fr")
    assert "roll" not in _shown("menu-four-keys").split("|")[0]
