"""Artem tiles: each colour a distinct 1-bit pattern plus a letter, or its real colour."""

from __future__ import annotations

from itertools import combinations

from PIL import ImageChops

from device.games.artem.artem_data import PANEL_PALETTE, load_colours
from device.games.artem.tiles import PATTERNS, draw_tile
from device.render.frame import Frame


def _tile(colour_index: int, colour: bool = False, letter: bool = False) -> Frame:
    frame = Frame(250, 122, colour)
    info = load_colours().colours[colour_index]
    draw_tile(frame, (10, 10, 26, 26), info, "en", show_letter=letter)
    return frame


def test_every_panel_colour_has_its_own_pattern() -> None:
    """The seven panel colours map to seven different patterns."""
    assert set(PATTERNS) == set(PANEL_PALETTE.values())
    assert len(set(PATTERNS.values())) == len(PATTERNS)


def test_the_six_default_tiles_differ_at_the_smallest_size() -> None:
    """Six colours told apart at a glance on 250x122: no two 16 px tiles look alike; black is
    solid, yellow sparse dots, the four others half-inked in four different directions."""
    tiles = [_tile(i).image.crop((10, 10, 26, 26)) for i in range(6)]
    for a, b in combinations(tiles, 2):
        assert ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is not None
    coverage = {info.id: t.convert("L").histogram()[0]
                for info, t in zip(load_colours().colours, tiles, strict=True)}
    assert coverage["black"] == 16 * 16
    assert coverage["yellow"] < 16 * 16 // 4
    assert all(coverage[c] == 16 * 16 // 2 for c in ("red", "orange", "green", "blue"))


def test_the_letter_sits_on_the_pattern() -> None:
    """On 1-bit panels each tile also shows its letter."""
    plain = _tile(0).image
    lettered = _tile(0, letter=True).image
    assert ImageChops.difference(plain.convert("L"), lettered.convert("L")).getbbox()


def test_the_colour_panel_shows_the_real_colour() -> None:
    """On the 7-colour panel a tile is filled with its colour from the data file."""
    frame = _tile(0, colour=True)
    assert frame.image.getpixel((12, 12)) == load_colours().colours[0].rgb
