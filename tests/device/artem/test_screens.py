"""What the Artem board screen says, on the 2.13" and 7.5" panels: who acts, which button, and
why an action is not offered (issue 20, item 1). Rulebook: file 003."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from device.games.artem import screens
from device.games.artem.app import APP
from device.games.artem.ui import TURN_ACTIONS, ArtemUi, offered
from device.i18n import LANGUAGES
from device.render.frame import Frame
from engine.artem.commands import EndTurn, Flip
from engine.artem.state import State
from engine.deck import Deck
from tests.conftest import Harness
from tests.device.artem.conftest import CTX, game, open_artem, play, ui

MakeHarness = Callable[..., Harness]
PANELS = {"small": (250, 122), "large": (800, 480)}
CLAIM = TURN_ACTIONS.index("claim")


def said(state: ArtemUi, panel: str = "small", lang: str = "en", seat_buttons: bool = True) -> str:
    """Every text the screen draws, one per line."""
    frame = Frame(*PANELS[panel])
    texts: list[str] = []
    draw_text = frame.text

    def record(xy: tuple[int, int], text: str, *args: object, **kwargs: object) -> None:
        texts.append(text)
        draw_text(xy, text, *args, **kwargs)  # type: ignore[arg-type]

    setattr(frame, "text", record)  # noqa: B010 - the recorder stands in for the method
    screens.render(state, lang, APP.bindings(state, CTX).labels(), frame, seat_buttons)
    return "\n".join(texts)


@pytest.mark.parametrize("panel", PANELS)
def test_first_turn_shows_claim_unavailable(harness: MakeHarness, panel: str) -> None:
    """003 l.36: no claim card on a player's 1st turn. The list still shows entry 4, marked
    "No claim: turn 1" ("Claim: turn 2" if narrow): a state with its reason, not an action
    (with the reason in full where the panel has room), the cursor passes it over and its
    seat button is refused."""
    h = harness()
    open_artem(h)
    text = said(ui(h), panel)
    lines = text.split("\n")
    assert ("No claim: turn 1" in lines or "Claim: turn 2" in lines) and "Claim" not in lines
    if panel == "large":
        assert "No claim on a 1st turn" in text
    assert CLAIM not in offered(game(h))
    before = ui(h)
    h.press("seat4")
    assert ui(h) == before


@pytest.mark.parametrize("panel", PANELS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_build_says_any_seat_button_works(harness: MakeHarness, panel: str, lang: str) -> None:
    """The table build has a seat button at each of the 8 places, used or not: the list and each
    pick say any seat's button answers, and show the six caps 1-6 a row or column takes; the
    four-key build says ▲▼ and OK instead."""
    h = harness()
    open_artem(h)
    any_seat = {"en": "seat's", "fr": "place"}[lang]
    assert any_seat in said(ui(h), panel, lang)
    h.press("seat3")  # Flip: which row?
    text = said(ui(h), panel, lang)
    assert any_seat in text and all(str(n) in text.split("\n") for n in range(1, 7))
    keys_only = said(ui(h), panel, lang, seat_buttons=False)
    assert any_seat not in keys_only and "▲▼" in keys_only


@pytest.mark.parametrize("panel", PANELS)
def test_pair_step_names_each_neighbour(harness: MakeHarness, panel: str) -> None:
    """003 l.61: a flip swaps adjacent tiles. The swap step names the tile each key takes, and the
    seat buttons of the tiles on either side, as the left and right neighbours (C5 and E5 for
    D5), not as columns."""
    h = harness()
    open_artem(h)
    h.press("seat3", "seat5", "seat4")
    text = said(ui(h), panel).split("\n")
    assert "▲ D4 · ▼ D6 · OK E5" in text
    assert text[text.index(" left C5") - 1] == "3"  # the cap 3, then the tile it swaps in
    assert text[text.index(" right E5") - 1] == "5"
    assert not any("column" in line for line in text)


def test_row_cursor_starts_on_row_1_and_last_play_names_tiles(harness: MakeHarness) -> None:
    """The four keys' row cursor starts on row 1 for every Move or Flip, not on the row used
    before; the line about the last play names the tiles it changed."""
    h = harness()
    open_artem(h)
    play(h, Flip("vertical", (4, 3), (5, 3)), table=True)
    assert ui(h).last_cells == "D5, D6"
    assert "S1: swapped D5, D6" in said(ui(h), "large")
    play(h, EndTurn(), table=True)
    h.press("seat1")  # seat 2: Move 1
    assert (ui(h).mode, ui(h).row) == ("row", 0)
    assert "S1: swapped D5, D6" not in said(ui(h))


@pytest.mark.parametrize("panel", PANELS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_turn_says_the_seat_before_is_done(harness: MakeHarness, panel: str, lang: str) -> None:
    """003 l.33: a turn is up to 2 cards, then the next seat plays. When the turn passes (the
    2nd card played, or End turn), the list says the seat before's turn is over; the first
    turn of the game says nothing of the kind."""
    h = harness()
    open_artem(h)
    over = {"en": "S1's turn is over", "fr": "Tour de P1 fini"}[lang]
    together = {"en": "Turn over · S1: swapped D5, D6", "fr": "Tour fini · P1 : D5, D6 échangées"}[lang]
    assert over not in said(ui(h), panel, lang) and together not in said(ui(h), panel, lang)
    play(h, Flip("vertical", (4, 3), (5, 3)), table=True)
    play(h, EndTurn(), table=True)
    lines = said(ui(h), panel, lang).split("\n")
    assert over in lines or together in lines
    h.press("seat1")  # Move 1: the turn is under way, the note goes
    h.press("seat1")
    lines = said(ui(h), panel, lang).split("\n")
    assert over not in lines and together not in lines


@pytest.mark.parametrize("panel", PANELS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_claims_run_says_the_new_total_and_a_win(harness: MakeHarness, panel: str, lang: str) -> None:
    """003 l.83: the first seat to reach the points to win wins. The run step shows the seat's
    total after the claim, and says it wins when the total reaches the target."""
    h = harness()
    open_artem(h)
    for _ in range(3):
        play(h, EndTurn())
    h.press("seat4", "ok", "ok")  # Claim, its longest run's row, the run's first tile
    state = ui(h)
    assert state.game is not None and state.mode == "end"
    text = said(state, panel, lang)
    assert "= 0" not in text and any(line.endswith(tuple(f"= {n}" for n in range(1, 10))) for line in text.split("\n"))
    near = replace(state.game, scores=(14, 0, 0))
    wins = {"en": ": wins", "fr": " : gagne"}[lang]
    assert any(line.endswith(wins) for line in said(replace(state, game=near), panel, lang).split("\n"))


@pytest.mark.parametrize("panel", PANELS)
def test_a_claim_the_colour_deck_cannot_refill_is_flagged(harness: MakeHarness, panel: str) -> None:
    """003 l.93: the game ends when a player must draw from a deck and cannot. A run longer than
    the colour deck's tiles left says the game will end."""
    state = _claiming(harness())
    assert state.game is not None
    assert "left: game ends" not in said(state, panel)
    assert "Only 1 tile left: game ends" in said(replace(state, game=_one_tile_left(state.game)), panel)


@pytest.mark.parametrize("panel", PANELS)
def test_a_winning_claim_says_only_that_it_wins(harness: MakeHarness, panel: str) -> None:
    """003 l.83: the first seat to reach the points to win wins, so a run that wins says it wins
    and not that the colour deck's end will end the game (003 l.93 comes after)."""
    state = _claiming(harness())
    assert state.game is not None
    low = replace(_one_tile_left(state.game), scores=(14, 0, 0))
    text = said(replace(state, game=low), panel)
    assert "left: game ends" not in text and any(line.endswith(": wins") for line in text.split("\n"))


def _claiming(h: Harness) -> ArtemUi:
    """Seat 1's second turn, a claim under way in its first row (the colour deck full)."""
    open_artem(h)
    for _ in range(3):
        play(h, EndTurn())
    h.press("seat4", "ok", "ok")
    return ui(h)


def _one_tile_left(game: State) -> State:
    """The same game with one tile left in the colour deck, the rest discarded."""
    cards = game.deck.cards
    return replace(game, deck=Deck(cards[:1]), discards=game.discards + cards[1:])


@pytest.mark.parametrize("panel", PANELS)
def test_phase_one_is_the_cards_then_a_play(harness: MakeHarness, panel: str) -> None:
    """003 l.28-31: phase 1 (discard, draw to 5) is done with the cards, nothing to press; the
    header says it comes first, then a play from the list below (issue 28: "Discard, draw to 5"
    headed a screen that already offered the plays, and read as a step to enter)."""
    h = harness()
    open_artem(h)
    shown = said(ui(h), panel)
    assert "Hand drawn to 5? Then play" in shown or "Drawn to 5? Play" in shown
    assert "Discard" not in shown
