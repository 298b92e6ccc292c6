"""Issue 20: the #ARTBOX screens say who acts and how, and keep the secret words secret."""

from __future__ import annotations

import pytest

from device.framework.contract import Sample
from device.games.artbox.app import APP
from device.games.artbox.samples import samples
from device.games.artbox.ui import ArtboxUi
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from tests.device.artbox.conftest import ctx, press


def _sample(name: str) -> Sample[ArtboxUi]:
    return next(s for s in samples(ctx()) if s.name == name)


def _texts(sample: Sample[ArtboxUi], size: tuple[int, int] = (250, 122)) -> list[tuple[str, int]]:
    """Each text the screen draws, with its height in pixels."""
    frame = Frame(*size)
    APP.render(sample.state, ctx(), frame)
    return [(text, box[3] - box[1]) for box, text, _ in frame.notes]


def test_identify_names_seats_as_seats_and_says_what_a_right_guesser_presses() -> None:
    """000 l.71-73: the players who guessed a drawing right are counted; the seat chips read
    "S1".."S4" (never bare numbers, which are the drawings'), a tick on a right guess, and the
    screen tells a right guesser to press their own seat button."""
    shown = [text for text, _ in _texts(_sample("identify"))]
    chips = [t for t in shown if t.startswith("S") and t.rstrip("✓")[1:].isdigit()]
    assert {c.rstrip("✓") for c in chips} == {"S1", "S2", "S3", "S4"}
    assert any(c.endswith("✓") for c in chips)
    assert any("Guessed? Press your button" in t for t in shown)


@pytest.mark.parametrize("size", [(250, 122), (800, 480)])
@pytest.mark.parametrize("not_ok", [False, True])
def test_identify_shows_both_meanings_of_a_seat_button(size: tuple[int, int], not_ok: bool) -> None:
    """000 l.71-72: a right guesser presses their seat button, the next author holds it to place
    their token on the next drawing; both stay on screen together, also once the drawing is
    marked Not OK (000 l.74; the hold hint vanished there in the second read, frame 39)."""
    sample = _sample("identify")
    ui = sample.state
    if not_ok:
        ui = press(ui, "down")
        game = ui.game
        assert game is not None and not game.slots[game.slot_index].eligible
    frame = Frame(*size)
    APP.render(ui, ctx(), frame)
    shown = " ".join(text for _, text, _ in frame.notes)
    assert "Press your button" in shown
    assert "Drew 2? Hold it" in shown or "Drew drawing 2? Hold your button" in shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_not_ok_says_what_it_means_and_a_marked_drawing_says_it_in_words(lang: str) -> None:
    """000 l.74: a drawing that did not use all the shapes correctly cannot win the drawing token.
    The 7.5" says what Not OK means before and after the Maestro marks it; the marked chip says
    it in words on every panel (a tick on "Not OK" read oddly in the third read, frame 39)."""
    ui = _sample("identify").state
    marked = press(ui, "down")
    for state, line in ((ui, "artbox.not_ok_means"), (marked, "artbox.not_eligible")):
        big = Frame(800, 480)
        APP.render(state, ctx(lang), big)
        assert T(lang, line) in [text for _, text, _ in big.notes]
    for size in ((250, 122), (800, 480)):
        frame = Frame(*size)
        APP.render(marked, ctx(lang), frame)
        shown = [text for _, text, _ in frame.notes]
        assert T(lang, "artbox.item.marked") in shown and T(lang, "artbox.item.ineligible") + "✓" not in shown


def test_secret_words_are_dealt_in_body_type_not_display_type() -> None:
    """000 l.32: the words are secret; on the 7.5" panel they are no taller than the body
    text, readable by the seat holding the device rather than across the table."""
    sample = _sample("deal-pick")
    game = sample.state.game
    assert game is not None
    words = set(game.hands[game.dealing_seat - 1])
    frame = Frame(800, 480)
    heights = {text: box[3] - box[1] for box, text, _ in _notes(sample, frame)}
    assert words <= set(heights)
    assert max(heights[w] for w in words) <= frame.body * 1.3


def _notes(sample: Sample[ArtboxUi], frame: Frame) -> list[tuple[tuple[int, int, int, int], str, bool]]:
    APP.render(sample.state, ctx(), frame)
    return list(frame.notes)


def test_the_round_scores_use_the_rulebooks_words_and_name_the_next_press() -> None:
    """000 l.74-93: one Victory token for the most guessed drawing, one for the most right
    guesses, a tie to the lower Number token, 1 token per round, a drawing that broke the
    requirements named; then the totals against the goal and the seat that presses next."""
    shown = " ".join(text for text, _ in _texts(_sample("round-end"), (800, 480)))
    assert "Victory tokens" in shown and "to win" in shown
    assert "Most guessed drawing: S2" in shown and "Most right guesses: S1" in shown
    assert "already has one (1 per round)" in shown
    assert "broke the drawing requirements: S3" in shown
    assert "Totals:" in shown and "press your button to see your words" in shown
    why = " ".join(text for text, _ in _texts(_sample("round-end-eight"), (800, 480)))
    assert "the lower Number token wins (#1)" in why


def test_on_the_smallest_panel_the_next_press_is_never_cut_from_the_scores() -> None:
    """Eight seats on the 2.13": the whys give way, the winners, totals and next step stay."""
    shown = " ".join(text for text, _ in _texts(_sample("round-end-eight")))
    assert "Most guessed drawing: S1" in shown and "Totals" in shown
    assert "press your button to see your words" in shown
