"""Canvas table flow (issue 13): one press starts, seat buttons enter facts, nothing recorded silently."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from device.games.canvas.app import APP
from device.games.canvas.samples import CHARLOTTE, PLAIN
from device.games.canvas.ui import UNSET, CanvasUi
from device.widgets.bindings import pause
from engine.canvas import CANVAS
from engine.canvas.cards import Slot
from engine.canvas.commands import TossTokens
from engine.canvas.rules import solo_award
from engine.canvas.scores import paintings_done, total
from engine.outcome import Termination
from hardware.events import ButtonEvent
from tests.conftest import said_text
from tests.device.canvas.conftest import SCRIPTS, ctx, fresh, presser, started


def press(ui: CanvasUi, button: str, kind: str = "press", lang: str = "en") -> tuple[CanvasUi, str | None]:
    reply = APP.handle(ui, ButtonEvent(button, kind), ctx(lang))  # type: ignore[arg-type]
    assert reply.error is None, reply.error
    return reply.state, said_text(reply.label, lang)


def labels(ui: CanvasUi, lang: str = "en") -> dict[str, str]:
    return APP.bindings(ui, ctx(lang)).labels()


def test_one_press_starts_a_game_with_the_setup_shown() -> None:
    """Issue 13: Start is the first row and the cursor starts on it; roll starts too."""
    ui = fresh()
    assert ui.screen == "setup" and ui.cursor == 0 and labels(ui)["ok"] == "Start"
    for key in ("ok", "roll"):
        game, label = press(ui, key)
        assert game.screen == "board" and game.game is not None and label == "Canvas started"
        assert [c.name for c in game.game.setup.cards] == ["Composition", "Emphasis", "Repetition", "Variety"]
        assert game.game.setup.players == 2


def test_the_setup_is_kept_for_the_next_game_and_play_again_is_one_press() -> None:
    """Issue 13: "Play again" on ok starts the same setup with a new seed; back goes to the setup."""
    p = presser()
    ui = started("spatial", players=3)
    for seat, painting in ((1, PLAIN), (2, PLAIN), (3, CHARLOTTE)) * 3:
        ui = p.paint(p.press(ui, f"seat{seat}"), painting)
    assert ui.screen == "final" and labels(ui) == {"ok": "Again", "back": "Setup"}
    again, _ = press(ui, "ok")
    assert again.screen == "board" and again.game is not None and again.seed != ui.seed
    assert ui.game is not None and again.game.setup == ui.game.setup and again.game.paintings == ()
    setup, _ = press(ui, "back")
    assert setup.screen == "setup" and setup.game is None and setup.cursor == 0
    assert (setup.players, setup.chosen) == (3, ui.chosen)
    assert APP.load(APP.dump(setup)) == setup, "the setup is part of the saved state"


def test_back_at_the_top_of_a_game_opens_the_pause_menu_labelled_menu() -> None:
    """Issue 13 convention 1: the scoreboard and the solo turns bind back to the pause menu."""
    board = started("spatial")
    turn = started("spatial", players=1)
    auto = presser().press(turn, "seat1")
    for ui in (board, turn, auto):
        assert labels(ui)["back"] == "Menu"
        assert APP.bindings(ui, ctx()).keys["back"].action is pause
    slot = presser().press(board, "seat1", "seat1")
    assert labels(slot)["back"] == "Back", "inside a painting back steps back a slot"


def test_seat_buttons_enter_a_slot_in_one_press_and_a_hold_keeps_it_open() -> None:
    """Table build: seat k is the k-th icon (1 Hue, 2 Shape, 3 Texture, 4 Tone, 5-8 bonus)."""
    ui, label = press(started("spatial"), "seat2")
    assert label == "S2 paints"
    ui, label = press(ui, "seat1")
    assert label == "S2 slot 1: Hue"
    ui, _ = press(ui, "seat4", "hold")
    assert (ui.top, ui.row) == ("tone", 1) and ui.game is not None and ui.game.draft is not None
    assert ui.game.draft.at == 1, "a held icon keeps the slot open"
    ui, label = press(ui, "seat8")
    assert label == "S2 slot 2: Tone / +1 per Tone"
    ui, label = press(ui, "ok")
    assert label == "S2 slot 3: nothing", "ok on an empty slot enters it empty, and says so"
    assert ui.game is not None and ui.game.draft is not None
    assert ui.game.draft.slots[:3] == (Slot("hue"), Slot("tone", "bonus_tone"), Slot())


def test_ok_on_a_new_slot_is_labelled_empty() -> None:
    """Issue 13 convention 2: the press a player makes to move on names what it records."""
    slot = presser().press(started("spatial"), "seat1")
    assert labels(slot)["ok"] == "No icon" and labels(slot, "fr")["ok"] == "Sans icône"
    chosen = presser().press(slot, "down")
    assert labels(chosen)["ok"] == "Bottom"  # ok goes on to the slot's bottom icon


def test_the_solo_turn_starts_on_paint_once_three_cards_are_in_hand() -> None:
    """Rulebook 004 l.36 and l.56: a painting takes 3 cards; seat buttons 1-5 take a market card."""
    ui = started("spatial", players=1)
    assert ui.cursor == 0 and labels(ui)["ok"] == "Take 1"
    for position in (1, 2, 1):
        ui, label = press(ui, f"seat{position}")
        assert label == f"took card {position}"
        ui, _ = press(ui, "roll")
    assert ui.screen == "turn" and labels(ui)["ok"] == "Paint"
    painting, label = press(ui, "ok")
    assert painting.screen == "slot" and label == "S1 paints"


def test_the_toss_result_shows_on_the_next_turn() -> None:
    """Rulebook 004 l.119: the automated player's card is named on the turn screen, no acknowledgement."""
    ui, _ = press(started("spatial", players=1), "seat1")
    ui, label = press(ui, "ok")
    solo = ui.game.solo if ui.game is not None else None
    assert ui.screen == "turn" and solo is not None and solo.last_toss is not None
    assert label == f"auto: {solo.last_toss.face_up} up, card {solo.last_toss.position}"


def table_toss_game() -> CanvasUi:
    p = presser()
    setup = p.press(fresh(), "down", "ok", "down", "ok", "down", "down")  # 1 player, cursor on Toss
    assert labels(setup)["ok"] == "Change"
    table = p.press(setup, "ok")
    assert table.toss_table
    return p.press(table, "roll", "seat3")


def test_the_table_can_toss_the_real_tokens_one_press_per_value() -> None:
    """Issue 13 ruling, rulebook 004 l.119: seat button k enters k face up (at most the tokens tossed)."""
    ui = table_toss_game()
    assert ui.screen == "auto" and ui.value == UNSET
    assert "ok" not in labels(ui), "nothing is entered before the table says how many came up"
    assert set(APP.bindings(ui, ctx()).keys) >= {"seat1", "seat2", "seat3", "seat4"}
    assert "seat5" not in APP.bindings(ui, ctx()).keys, "4 tokens tossed: 5 cannot come up"
    after, label = press(ui, "seat2")
    solo = after.game.solo if after.game is not None else None
    assert after.screen == "turn" and label == "auto: 2 up, card 3"
    assert solo is not None and solo.market == (2, 2, 0, 0, 0) and solo.automaton_tokens == 2


def test_none_face_up_is_entered_with_the_four_keys() -> None:
    """Rulebook 004 l.119: no token face up, the leftmost card; up/down reach 0, ok names it."""
    ui = table_toss_game()
    ui, _ = press(ui, "down")
    assert ui.value == 0 and labels(ui)["ok"] == "0 up"
    after, label = press(ui, "ok")
    assert label == "auto: 0 up, card 1" and after.game is not None and after.game.solo is not None
    assert after.game.solo.automaton_tokens == 4 + 1  # it collects the token on card 1
    assert ui.game is not None and after.game.rng == ui.game.rng


def test_a_game_saved_on_the_old_toss_screen_goes_on() -> None:
    """A saved state on the toss result screen of earlier versions: ok returns to the turn."""
    auto = presser().press(started("spatial", players=1), "seat1")
    assert auto.game is not None
    old = replace(auto, screen="toss", game=CANVAS.apply(auto.game, TossTokens()))
    assert APP.invariants(old) == []
    ui, _ = press(APP.load(APP.dump(old)), "ok")
    assert ui.screen == "turn"


def test_tie_breaks_name_the_seat_on_the_key() -> None:
    """Rulebook 004 l.79 and issue 13 convention 2: the tokens and the judge keys name the seat."""
    from device.games.canvas.samples import samples

    made = {s.name: s.state for s in samples(ctx())}
    tokens, judge = made["tokens"], made["judge"]
    assert labels(tokens)["ok"] == f"S{tokens.cursor}: {tokens.value}"
    assert labels(judge)["ok"] == "S2 wins"
    assert labels(tokens)["back"] == labels(judge)["back"] == "Menu", "the game's end stage: back pauses"
    chosen, label = press(judge, "seat1")
    assert label == "S1 chosen" and chosen.screen == "final" and chosen.game is not None
    assert chosen.game.judged == 1 and paintings_done(chosen.game, 1) == 3


def test_the_table_toss_script_reaches_the_same_award() -> None:
    """tests/scripts/canvas_solo_table_toss: the table enters its tosses; 37 points is Runner-Up (004 l.128)."""
    expected = json.loads((SCRIPTS / "canvas_solo_table_toss.expected.json").read_text(encoding="utf-8"))
    ui = APP.load(expected["states"]["canvas"])
    assert ui.game is not None and ui.game.solo is not None and ui.toss_table
    assert total(ui.game, 1) == 37 and ui.game.solo.automaton_cards == 11
    result = CANVAS.outcome(ui.game)
    assert result is not None and result.reason is Termination.SOLO and solo_award(ui.game) == "runner_up"


@pytest.mark.parametrize("name", ["canvas_two_players", "canvas_solo"])
def test_the_four_keys_play_the_same_game(name: str) -> None:
    """Every screen works with up/down/ok/back: the four-key script ends in the same game."""
    def game(script: str) -> object:
        data = json.loads((SCRIPTS / f"{script}.expected.json").read_text(encoding="utf-8"))
        return data["states"]["canvas"]["game"]

    assert game(f"{name}_four_keys") == game(name)


def test_a_setup_saved_without_cards_asks_for_them_before_starting() -> None:
    """A state saved by an earlier version (player count screen, no cards chosen) cannot start empty."""
    old = CanvasUi(seed=3, screen="players", players=3)
    ui, _ = press(APP.load(APP.dump(old)), "ok")
    assert ui.screen == "setup" and ui.cursor == 1
    ui, _ = press(ui, "roll")
    assert ui.screen == "mode" and ui.game is None
