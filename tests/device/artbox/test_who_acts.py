"""Issue 20: every #ARTBOX screen that waits for the table says who acts and which button they
press, in the words of the build (seat button, OK, roll, timer), and offers nothing else."""

from __future__ import annotations

from dataclasses import replace

from device.framework.contract import Context
from device.games.artbox.app import APP
from device.games.artbox.ui import ArtboxUi, setup_rows
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from tests.device.artbox.conftest import ctx, deal, game_of, press, started


def four_keys(lang: str = "en", now: int = 0) -> Context:
    """The four-key build: no seat buttons, no roll, no timer."""
    return replace(ctx(lang, now=now), seat_buttons=False)


def labels(ui: ArtboxUi, c: Context | None = None) -> dict[str, str]:
    """The soft-key bar of the screen shown, labelled keys only."""
    return {k: v for k, v in APP.bindings(ui, c or ctx()).labels().items() if v}


def shown(ui: ArtboxUi, c: Context | None = None) -> str:
    """Every text the 2.13" screen draws, in one line."""
    frame = Frame(250, 122)
    APP.render(ui, c or ctx(), frame)
    return " | ".join(text for _, text, _ in frame.notes)


def drawing(players: int = 5) -> ArtboxUi:
    ui = press(deal(started(players)), "roll")
    assert game_of(ui).phase == "drawing"
    return ui


def test_a_finished_seat_presses_its_own_button_and_the_keepers_cursor_names_real_seats() -> None:
    """000 l.44: a player who finishes takes the lowest number token, with their own seat button
    on the table build; the keeper's cursor waits behind "No button?" there, and its keys never
    name one seat twice: with two seats left up and down would both lead to the other one."""
    ui = drawing()
    assert game_of(press(ui, "seat4")).finish.seats == (4,)  # type: ignore[union-attr]
    late = press(ui, "seat2", "seat3", "seat4", "ok")
    bar = labels(late)
    assert "up" not in bar and bar["down"] == "S5" and bar["ok"] == "S1: #4"


def test_on_the_table_build_no_seat_is_picked_until_no_button_opens_the_cursor() -> None:
    """000 l.44: the seat that finishes presses its own button; a seat highlighted beforehand read
    as the seat to blame, and a tired ok gave it the token. ok opens the cursor ("No button?"),
    back puts it away, and taking a token puts it away again."""
    ui = drawing()
    assert labels(ui) == {"ok": "No button?", "back": T("en", "key.menu")}
    assert "Press your seat button" in shown(ui) and not _inverted_seat(ui)
    assert game_of(press(ui, "up", "down")).finish.seats == ()  # type: ignore[union-attr]
    opened = press(ui, "ok")
    assert game_of(opened).finish.seats == ()  # type: ignore[union-attr]
    assert labels(opened)["ok"] == "S1: #1" and labels(opened)["back"] == T("en", "key.back")
    assert T("en", "artbox.finished.keys") in shown(opened) and _inverted_seat(opened)
    assert not press(opened, "back").by_hand
    took = press(opened, "down", "ok")
    assert game_of(took).finish.seats == (2,) and not took.by_hand  # type: ignore[union-attr]
    for lang in ("en", "fr"):
        assert labels(ui, ctx(lang))["ok"] == T(lang, "key.by_hand")


def _inverted_seat(ui: ArtboxUi) -> bool:
    """Whether the 2.13" drawing screen shows a waiting seat inverted (the keeper's cursor)."""
    frame = Frame(250, 122)
    APP.render(ui, ctx(), frame)
    return any(inverted and text.startswith("S") and text[1:].isdigit() for _, text, inverted in frame.notes)


def test_with_four_keys_the_cursor_and_ok_still_record_who_finished() -> None:
    """Issue 20: the four-key build records the finishing order with the four keys alone; with
    two seats left up and down would both name the same seat, so down alone moves."""
    c = four_keys()
    ui = drawing()
    bar = labels(ui, c)
    assert bar["up"] == "S5" and bar["down"] == "S2" and bar["ok"] == "S1: #1"
    ui = press(ui, "down", "ok", "ok", "ok", c=c)  # S2, then S3, then S4 take #1-#3
    assert game_of(ui).finish.seats[:3] == (2, 3, 4)  # type: ignore[union-attr]
    bar = labels(ui, c)
    assert "up" not in bar and bar["down"] == "S1" and bar["ok"] == "S5: #4"


def test_the_drawing_screen_says_who_presses_what_on_each_build_in_both_languages() -> None:
    """000 l.44: the seat that finishes acts; the screen names its button (or the cursor and OK)."""
    ui = drawing()
    for lang in ("en", "fr"):
        table, keys = T(lang, "artbox.finished"), T(lang, "artbox.finished.keys")
        assert table in shown(ui, ctx(lang)) and keys in shown(ui, four_keys(lang))
        assert ("seat button" in table) if lang == "en" else ("bouton de place" in table)
        assert "OK" in keys and "▲▼" in keys and "bouton" not in keys and "button" not in keys


def test_the_sandglass_has_one_name_and_its_view_only_once_it_runs() -> None:
    """000 l.56: the first done guessing turns the sandglass; the keys name it as the rulebook
    does, and the countdown view is not offered before there is sand running."""
    ui = press(drawing(4), "seat1", "seat2", "seat3")
    assert game_of(ui).phase == "guessing"
    idle = labels(ui)
    assert idle == {"ok": "Sandglass", "back": T("en", "key.menu")}
    assert "Turn the sandglass: Timer button" in shown(ui)
    assert "OK turns the sandglass" in shown(ui, four_keys())
    running = press(ui, "timer", c=ctx(now=1_000))
    assert labels(running, ctx(now=2_000))["down"] == "Sandglass" and "ok" not in labels(running)
    assert T("fr", "artbox.glass") == T("fr", "artbox.view_timer") == "Sablier"


def test_editing_the_first_maestro_names_the_seat_each_key_leads_to() -> None:
    """000 l.24 (random or chosen Maestro): "+1" on "random" named no seat."""
    fresh = APP.start(ctx())
    ui = replace(fresh, options=replace(fresh.options, players=5),
                 cursor=setup_rows(fresh.options).index("maestro"))
    editing = press(ui, "ok")
    assert labels(editing)["up"] == "Seat 1" and labels(editing)["down"] == "Seat 5"
    on_five = press(editing, "down")
    assert on_five.options.first_maestro == 5 and labels(on_five)["up"] == "random"
    assert labels(on_five, ctx("fr"))["up"] == "au hasard"


def test_a_seat_button_picks_the_first_maestro_while_that_row_is_edited() -> None:
    """000 l.24: the table picks the first Maestro; on the table build that seat's own button picks
    it (kept at once) and the header says so; a seat place beyond the players picks nobody."""
    fresh = APP.start(ctx())
    ui = replace(fresh, options=replace(fresh.options, players=5),
                 cursor=setup_rows(fresh.options).index("maestro"))
    editing = press(ui, "ok")
    for lang in ("en", "fr"):
        assert T(lang, "artbox.maestro_by_seat") in shown(editing, ctx(lang))
    assert T("en", "artbox.maestro_by_seat") not in shown(ui)
    assert T("en", "artbox.maestro_by_seat") not in shown(editing, four_keys())
    picked = press(editing, "seat3")
    assert picked.options.first_maestro == 3 and picked.editing is None
    assert press(editing, "seat6").options.first_maestro == 0


def test_the_setup_header_says_roll_starts_on_the_table_build_only() -> None:
    """Issue 20: roll starts the game from any row, and the Start row scrolls off the 2.13";
    the four-key build has no roll (ok on Start starts)."""
    ui = APP.start(ctx())
    assert shown(ui).startswith("#ARTBOX | roll: Start")
    assert "roll" not in shown(ui, four_keys()) and "lancer" not in shown(ui, four_keys("fr"))
    assert game_of(press(replace(ui, cursor=3), "roll")).phase == "deal_cover"


def test_the_first_cover_says_why_the_deal_starts_left_of_the_maestro() -> None:
    """000 l.32 deals every player; as at any deal it goes round from the dealer's left
    (l.94: the left is the next Maestro), so the Maestro is dealt last."""
    ui = started(5, first_maestro=1)
    assert game_of(ui).dealing_seat == 2
    assert "Clockwise from the Maestro's left, Maestro last" in shown(ui).replace(" | ", " ")
