"""One test per scoring card: paintings that earn 0, 1 and the capped number of ribbons.

Conditions come from device/data/canvas_cards.toml (seeds README: the public card list, with
the rulebook's clarifications, 004 l.142-149, winning where they differ).
"""

from __future__ import annotations

import pytest

from engine.canvas.cards import Painting
from engine.canvas.scoring import CardResult, evaluate, find_matches
from tests.engine.canvas.conftest import card, paint


def score(name: str, painting: Painting, held: int = 0) -> CardResult:
    """The result of one painting on the named card, `held` ribbons already owned."""
    (result,) = evaluate((card(name),), painting, (held,), (0,))
    return result


def found(name: str, painting: Painting) -> int:
    return score(name, painting).found


def test_composition() -> None:
    """Rulebook 004 l.144: all 5 slots hold an icon; bonus icons fill slots too; cap 3 ribbons."""
    assert found("Composition", paint("hue", "tone", "", "shape", "hue")) == 0
    assert found("Composition", paint("hue", "bonus_tone", "shape", "texture", "tone")) == 1
    assert found("Composition", paint("/hue", "tone/tone", "shape", "texture", "tone/hue")) == 1
    full = paint("hue", "tone", "shape", "texture", "bonus_hue")
    assert score("Composition", full, held=2).awarded == 1
    capped = score("Composition", full, held=3)
    assert (capped.found, capped.awarded, capped.capped) == (1, 0, True)


def test_consistency() -> None:
    """Public list: exactly 6 visible elements; bonus icons are not elements (004 l.137)."""
    five_and_bonus = paint("hue/bonus_hue", "tone", "shape", "texture", "tone")
    assert found("Consistency", five_and_bonus) == 0
    assert found("Consistency", paint("hue/hue", "tone/tone", "shape", "texture/tone", "")) == 0
    assert found("Consistency", paint("hue/tone", "tone", "shape", "texture", "tone")) == 1
    six = paint("hue/tone", "tone", "shape", "texture", "tone")
    assert score("Consistency", six, held=2).awarded == 1
    assert score("Consistency", six, held=3).awarded == 0


def test_emphasis() -> None:
    """Public list: exactly 1 Hue; a Hue bonus icon is not a Hue (004 l.137)."""
    assert found("Emphasis", paint("", "tone", "shape", "", "")) == 0
    assert found("Emphasis", paint("hue", "tone", "shape", "", "hue")) == 0
    assert found("Emphasis", paint("hue", "bonus_hue", "shape", "", "")) == 1
    one = paint("", "", "hue", "", "")
    assert score("Emphasis", one, held=2).awarded == 1
    assert score("Emphasis", one, held=3).awarded == 0


def test_hierarchy() -> None:
    """Rulebook 004 l.145: Texture must be the most used element; a tie does not score."""
    assert found("Hierarchy", paint("", "", "", "", "")) == 0
    assert found("Hierarchy", paint("texture", "tone", "texture", "tone", "")) == 0
    assert found("Hierarchy", paint("texture", "tone/tone", "tone", "", "texture")) == 0
    assert found("Hierarchy", paint("texture", "tone", "texture", "hue", "shape")) == 1
    assert found("Hierarchy", paint("texture", "", "", "", "bonus_tone")) == 1
    most = paint("texture/texture", "", "", "", "")
    assert score("Hierarchy", most, held=2).awarded == 1
    assert score("Hierarchy", most, held=3).awarded == 0


def test_movement() -> None:
    """Rulebook 004 l.146: one element in 3 consecutive slots; a run of 4 does not score twice."""
    assert found("Movement", paint("hue", "hue", "", "hue", "hue")) == 0
    assert found("Movement", paint("tone", "hue", "tone", "hue", "tone")) == 0
    assert found("Movement", paint("", "tone", "tone", "tone", "")) == 1
    assert found("Movement", paint("tone", "tone", "tone", "tone", "")) == 1
    assert found("Movement", paint("tone", "tone", "tone", "tone", "tone")) == 1
    # Different icons in different runs: two ribbons (public list: up to twice).
    assert found("Movement", paint("hue", "hue", "hue/tone", "tone", "tone")) == 2
    assert found("Movement", paint("hue/hue", "hue/hue", "hue/hue", "", "")) == 2
    # Every run of three covers the middle slot, which holds two icons: two runs at most.
    assert found("Movement", paint("hue/tone", "hue/tone", "hue/tone", "tone/hue", "tone/hue")) == 2
    two = paint("shape", "shape/texture", "shape/texture", "texture", "")
    assert score("Movement", two, held=1).awarded == 2
    assert score("Movement", two, held=2).awarded == 1


def test_movement_explains_the_slots() -> None:
    """Issue 6: the device says why, e.g. "Movement: Tone in slots 2-4"."""
    (match,) = find_matches(card("Movement").condition, paint("", "tone", "tone", "tone", ""))
    assert match.icons == ("tone",) * 3 and match.slots == (2, 3, 4)


def test_proximity() -> None:
    """Rulebook 004 l.147: Texture next to Tone; the same slot is not adjacent."""
    assert found("Proximity", paint("texture/tone", "", "", "", "")) == 0
    assert found("Proximity", paint("texture", "", "tone", "", "")) == 0
    assert found("Proximity", paint("texture", "tone", "", "", "")) == 1
    # Each icon counts once (004 l.142): one Texture between two Tones is one pair.
    assert found("Proximity", paint("tone", "texture", "tone", "", "")) == 1
    # Textures in 1 and 3 both need the Tone in 2: two pairs, not three.
    crowded = paint("tone/texture", "texture/tone", "tone/texture", "", "")
    assert found("Proximity", crowded) == 2
    many = paint("texture/texture", "tone/tone", "", "tone/tone", "texture/texture")
    result = score("Proximity", many)
    assert (result.found, result.awarded) == (4, 4)
    assert score("Proximity", many, held=2).awarded == 2


def test_proportion() -> None:
    """Public list: 3 or more of one element and 2 or more of another; once a painting."""
    assert found("Proportion", paint("tone", "tone", "tone", "hue", "")) == 0
    assert found("Proportion", paint("tone", "tone", "hue", "hue", "shape/shape")) == 0
    assert found("Proportion", paint("tone", "tone", "tone", "hue", "hue")) == 1
    assert found("Proportion", paint("tone/hue", "tone/hue", "tone/hue", "shape", "shape")) == 1
    both = paint("tone", "tone", "tone", "hue", "hue")
    assert score("Proportion", both, held=2).awarded == 1
    assert score("Proportion", both, held=3).awarded == 0


def test_repetition() -> None:
    """Seeds README: each pair of Shapes; rulebook 004 l.66: two pairs, two ribbons; cap 4."""
    assert found("Repetition", paint("shape", "", "", "bonus_shape", "")) == 0
    assert found("Repetition", paint("shape", "", "", "shape", "")) == 1
    assert found("Repetition", paint("shape", "shape", "shape", "", "")) == 1
    assert found("Repetition", paint("shape", "shape", "shape/shape", "", "")) == 2
    ten = paint(*("shape/shape",) * 5)
    result = score("Repetition", ten)
    assert (result.found, result.awarded, result.capped) == (5, 4, True)


def test_space() -> None:
    """Rulebook 004 l.148: Hue and Shape neither in the same nor in adjacent slots."""
    assert found("Space", paint("hue/shape", "", "", "", "")) == 0
    assert found("Space", paint("hue", "shape", "", "", "")) == 0
    assert found("Space", paint("hue", "", "shape", "", "")) == 1
    # An adjacent pair does no harm as long as a non-adjacent one exists.
    assert found("Space", paint("hue", "shape", "", "shape", "")) == 1
    # Each icon counts once: one Hue far from two Shapes is one pair.
    assert found("Space", paint("hue", "", "shape", "shape", "shape")) == 1
    many = paint("hue/hue", "", "shape/shape", "", "hue/hue")
    result = score("Space", many)
    assert (result.found, result.awarded) == (2, 2)
    four = paint("hue/hue", "hue/hue", "", "shape/shape", "shape/shape")
    assert score("Space", four).found == 4
    assert score("Space", four, held=3).awarded == 1


def test_style() -> None:
    """Public list: each set of 3 Textures; cap 3."""
    assert found("Style", paint("texture", "texture", "bonus_texture", "", "")) == 0
    assert found("Style", paint("texture", "texture", "texture", "", "")) == 1
    assert (
        found("Style", paint("texture/texture", "texture/texture", "texture/texture", "", "")) == 2
    )
    nine = paint(*("texture/texture",) * 4, "texture")
    assert score("Style", nine).found == 3
    assert score("Style", nine, held=1).awarded == 2


def test_symmetry() -> None:
    """Rulebook 004 l.149: the same element in slots 1+5 or 2+4; top or bottom is irrelevant."""
    assert found("Symmetry", paint("tone", "", "", "tone", "")) == 0
    assert found("Symmetry", paint("tone", "", "tone", "", "hue")) == 0
    assert found("Symmetry", paint("tone", "", "", "", "tone")) == 1
    assert found("Symmetry", paint("", "hue/", "", "/hue", "")) == 1
    # A single element is symmetrical with a slot that holds two elements.
    assert found("Symmetry", paint("shape", "", "", "", "hue/shape")) == 1
    four = paint("hue/tone", "shape/texture", "", "texture/shape", "tone/hue")
    result = score("Symmetry", four)
    assert (result.found, result.awarded) == (4, 4)
    assert score("Symmetry", four, held=1).awarded == 3


def test_variety() -> None:
    """Public list: each complete set of the four elements; cap 3."""
    assert found("Variety", paint("hue", "shape", "texture", "bonus_tone", "")) == 0
    assert found("Variety", paint("hue", "shape", "texture", "tone", "")) == 1
    assert (
        found("Variety", paint("hue/tone", "shape/texture", "texture/hue", "tone/shape", "")) == 2
    )
    two = paint("hue/tone", "shape/texture", "texture/hue", "tone/shape", "")
    assert score("Variety", two, held=2).awarded == 1


def test_unity_is_counted_by_the_players() -> None:
    """Rulebook 004 l.8 names Unity but defines it nowhere: the players count its ribbons."""
    unity = card("Unity", (2, 5, 9))
    assert unity.counted
    painting = paint("hue", "", "", "", "")
    results = evaluate((unity,), painting, (2,), (2,))
    assert (results[0].found, results[0].awarded, results[0].matches) == (2, 1, ())
    with pytest.raises(ValueError, match="count"):
        find_matches(unity.condition, painting)
