"""The Canvas data file and its loader: every mistake is one line naming the file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.games.canvas.canvas_data import DEFAULT_PATH, CanvasDataError, load
from engine.canvas.cards import ELEMENTS

GOOD = DEFAULT_PATH.read_text(encoding="utf-8")


def broken(tmp_path: Path, text: str) -> str:
    """Load `text` from a file and return the one-line error."""
    path = tmp_path / "canvas_cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CanvasDataError) as info:
        load(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def test_shipped_file_has_the_twelve_cards_and_unity() -> None:
    """Seeds README: twelve scoring cards; rulebook 004 l.8 adds Unity, defined nowhere."""
    data = load()
    assert len(data.scorable()) == 12
    unity = data.entry("Unity")
    assert unity.condition.kind == "counted" and not unity.points_known
    assert unity.card((2, 4, 7)).cap == 3
    with pytest.raises(ValueError, match="points table"):
        unity.card()
    assert all(entry.source for entry in data.cards)


def test_shipped_file_follows_the_rulebook_where_it_differs() -> None:
    """Rulebook 004 l.145: Hierarchy needs Texture strictly the most used element."""
    hierarchy = load().entry("Hierarchy")
    assert (hierarchy.condition.kind, hierarchy.condition.element) == ("strictly_most", "texture")
    assert "rulebook l.145" in hierarchy.source


def test_shipped_bonus_icons() -> None:
    """Rulebook 004 l.137: 1 point per element; l.105: one icon worth 2 points per Shape."""
    icons = {b.id: (b.element, b.points) for b in load().bonus_icons}
    assert {e for e, p in icons.values() if p == 1} == set(ELEMENTS)
    assert ("shape", 2) in icons.values()


def test_french_names_and_labels() -> None:
    """Text a user sees exists in English and French."""
    data = load()
    assert data.entry("Symmetry").label("fr") == "Symétrie"
    assert {s.label("fr") for s in data.setups} and all(s.label_fr for s in data.setups)


def test_syntax_error_names_the_line(tmp_path: Path) -> None:
    message = broken(tmp_path, GOOD.replace('name = "Style"', 'name = "Style'))
    assert "line " in message


def test_unknown_condition_names_the_card(tmp_path: Path) -> None:
    message = broken(
        tmp_path,
        GOOD.replace(
            'condition = "sets"\nelement = "texture"', 'condition = "triples"\nelement = "texture"'
        ),
    )
    assert "cards[9] (Style).condition: 'triples' is not one of" in message


def test_wrong_parameter_names_the_key(tmp_path: Path) -> None:
    message = broken(
        tmp_path, GOOD.replace('element = "hue"\ncount = 1', 'element = "colour"\ncount = 1')
    )
    assert "(Emphasis).condition: exact_count needs element" in message
    message = broken(
        tmp_path, GOOD.replace('condition = "full_sets"', 'condition = "full_sets"\ncount = 2')
    )
    assert "(Variety).condition: full_sets takes no count" in message


def test_points_must_be_a_short_list(tmp_path: Path) -> None:
    message = broken(tmp_path, GOOD.replace("points = [4, 8, 13]", "points = [4, 8, 13, 20, 30]"))
    assert "(Variety).points: expected 1 to 4 whole numbers" in message
    message = broken(tmp_path, GOOD.replace("points = [4, 8, 13]\n", ""))
    assert "(Variety).points" in message


def test_unknown_keys_and_sections(tmp_path: Path) -> None:
    assert "cards[0] (Composition).colour: unknown key" in broken(
        tmp_path, GOOD.replace('name_fr = "Composition"', 'name_fr = "Composition"\ncolour = "red"')
    )
    assert "unknown section 'extra'" in broken(tmp_path, GOOD + "\n[extra]\nx = 1\n")


def test_setup_naming_an_unknown_card(tmp_path: Path) -> None:
    message = broken(tmp_path, GOOD.replace('"Movement", "Proximity"', '"Motion", "Proximity"'))
    assert "setups[3].cards: no card called 'Motion'" in message


def test_duplicates_are_refused(tmp_path: Path) -> None:
    assert "'Style' appears twice" in broken(
        tmp_path, GOOD.replace('name = "Symmetry"', 'name = "Style"')
    )
    assert "'bonus_hue' appears twice" in broken(
        tmp_path, GOOD.replace('id = "bonus_shape"\n', 'id = "bonus_hue"\n')
    )


def test_bad_bonus_icon(tmp_path: Path) -> None:
    message = broken(
        tmp_path, GOOD.replace('element = "shape"\npoints = 2', 'element = "shape"\npoints = 0')
    )
    assert "bonus_icons[4] (bonus_shape_2): bonus icon bonus_shape_2: points per element" in message
    message = broken(
        tmp_path,
        GOOD.replace('id = "bonus_hue"\nelement = "hue"', 'id = "bonus_hue"\nelement = "red"'),
    )
    assert "bonus_icons[0] (bonus_hue).element: expected one of hue, shape" in message


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(CanvasDataError, match=r"nowhere\.toml: cannot read it"):
        load(path)
