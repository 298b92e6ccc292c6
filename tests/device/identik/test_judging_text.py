"""Issue 20: the IDENTIK judging screen says who judges whose drawing and who presses what."""

from __future__ import annotations

from dataclasses import replace

from device.games.identik.app import APP
from device.games.identik.samples import samples
from device.render.frame import Frame
from engine.identik.view import drawing_held, judges
from tests.device.identik.conftest import ctx


def _judging_texts(seat_buttons: bool) -> tuple[list[str], dict[str, str]]:
    sample = next(s for s in samples(ctx()) if s.name == "judging")
    frame = Frame(250, 122)  # the 2.13" panel
    context = ctx()
    APP.draw(sample.state, replace(context, seat_buttons=seat_buttons),
             APP.bindings(sample.state, context).labels(), frame)
    return [text for _, text, _ in frame.notes], APP.bindings(sample.state, context).labels()


def test_each_judge_is_named_with_the_artist_whose_drawing_they_judge() -> None:
    """002 l.57-61: after passing, each artist judges the drawing in front of them and checks
    a criterion's box; the screen reads "Sam judges Mika" and says the judge presses their seat."""
    sample = next(s for s in samples(ctx()) if s.name == "judging")
    game = sample.state.game
    assert game is not None
    held = drawing_held(game)
    shown, labels = _judging_texts(seat_buttons=True)
    text = " ".join(shown)
    for judge in judges(game):
        assert f"{game.setup.names[judge - 1]} judges {game.setup.names[held[judge] - 1]}" in text
    assert "The judge presses their seat button" in text
    assert labels["up"] == "Prev judge" and labels["down"] == "Next judge"
    four_keys, _ = _judging_texts(seat_buttons=False)
    assert any("OK ticks" in t for t in four_keys)
