"""Issue 28, #ARTBOX identification read cold: a press (guessed it) and a hold (drew the next
one) of one seat button mean two things (000 l.71-72), so each says what it recorded and how to
get the other; no chip looks picked on the table build until ▲ moves the cursor."""

from __future__ import annotations

from dataclasses import replace

from device.games.artbox.app import APP
from device.games.artbox.samples import samples
from device.games.artbox.ui import ArtboxUi
from device.render.frame import Frame
from hardware.events import ButtonEvent
from tests.device.artbox.conftest import ctx


def _identify() -> ArtboxUi:
    found = next(s for s in samples(ctx()) if s.name == "identify").state
    assert isinstance(found, ArtboxUi) and found.game is not None and found.game.slots[0].author
    return found


def test_a_press_says_it_recorded_a_guess_and_how_to_say_drew_the_next() -> None:
    ui = _identify()
    game = ui.game
    assert game is not None
    guesser = next(s for s in range(1, game.setup.players + 1)
                   if s != game.slots[0].author and s not in game.slots[0].guessers)
    reply = APP.handle(ui, ButtonEvent(f"seat{guesser}"), ctx())
    assert reply.error is None and reply.state.game is not None
    assert guesser in reply.state.game.slots[0].guessers
    assert reply.note == f"S{guesser} guessed #1 · drew #2? Hold your button"
    fr = APP.handle(ui, ButtonEvent(f"seat{guesser}"), ctx("fr"))
    assert fr.note == f"P{guesser} a trouvé le 1 · dessiné le 2 ? Maintenez"


def test_a_hold_says_it_closed_the_drawing_and_that_hold_back_undoes_it() -> None:
    ui = _identify()
    game = ui.game
    assert game is not None
    author = next(s for s in range(1, game.setup.players + 1) if s != game.slots[0].author)
    reply = APP.handle(ui, ButtonEvent(f"seat{author}", "hold"), ctx())
    assert reply.label is not None and reply.state.game is not None and reply.state.game.slot_index == 1
    assert reply.note == f"S{author} drew #2, #1 done · guessed #1? Hold ◀: undo"


def test_on_the_table_build_no_chip_looks_picked_until_the_cursor_moves() -> None:
    """The black "On to 2" read as a cursor that could not move: the soft key already names
    what ok does; the chip turns black once ▲ has moved the cursor (and on four keys)."""
    ui = replace(_identify(), cursor=0)
    for size in ((250, 122), (800, 480)):
        table, four = Frame(*size), Frame(*size)
        APP.render(ui, ctx(), table)
        APP.render(ui, replace(ctx(), seat_buttons=False), four)
        assert not any(inverted for _, text, inverted in table.notes if "On to" in text)
        assert any(inverted for _, text, inverted in four.notes if "On to" in text)
        moved = Frame(*size)
        APP.render(replace(ui, cursor=1), ctx(), moved)
        assert any(inverted for _, text, inverted in moved.notes if text.startswith("S1"))
