"""Artem's colour deck file (device/games/artem/artem.toml) and its loader."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from device.games.artem.artem_data import (
    DEFAULT_PATH,
    PANEL_PALETTE,
    ArtemDataError,
    load_colours,
    parse_colours,
)
from engine.artem.rules import new_game
from engine.artem.setup import DEFAULT_COLOURS, Setup


def _data() -> dict[str, Any]:
    with DEFAULT_PATH.open("rb") as f:
        return tomllib.load(f)


def test_default_file_is_six_colours_of_twelve_and_matches_the_engine_default() -> None:
    """Rulebook 003 l.12: 72 colour tiles; their colours are data (seeds README)."""
    colours = load_colours()
    assert len(colours.colours) == 6
    assert all(c.count == 12 for c in colours.colours)
    assert colours.tile_colours() == DEFAULT_COLOURS


def test_every_default_colour_is_distinct_on_every_panel() -> None:
    """Six colours told apart at a glance: distinct ids, letters and panel colours."""
    colours = load_colours().colours
    for key in ("id", "letter", "letter_fr", "rgb", "name_en", "name_fr"):
        values = [getattr(c, key) for c in colours]
        assert len(set(values)) == len(values), key
    assert all(c.rgb in PANEL_PALETTE.values() for c in colours)


def test_the_engine_takes_the_file_colours_in_its_setup() -> None:
    """Rulebook 003 l.19-20: the colour deck is shuffled and 36 tiles laid out."""
    colours = load_colours()
    state = new_game(Setup(colours=colours.tile_colours()), 4)
    assert {t for row in state.board for t in row} <= {c.id for c in colours.colours}


def test_french_names_and_letters() -> None:
    """Text a player sees exists in English and French."""
    yellow = load_colours().by_id("yellow")
    assert (yellow.name("fr"), yellow.letter_in("fr")) == ("jaune", "J")
    assert (yellow.name("en"), yellow.letter_in("en")) == ("yellow", "Y")


def _broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(_data())
    change(data)
    return data


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d["colour"][2].__setitem__("rgb", [1, 2, 3]), "colour[3].rgb"),
    (lambda d: d["colour"][2].__setitem__("rgb", "red"), "colour[3].rgb"),
    (lambda d: d["colour"][0].pop("name_fr"), "colour[1].name_fr: missing"),
    (lambda d: d["colour"][1].__setitem__("count", 0), "colour[2].count"),
    (lambda d: d["colour"][1].__setitem__("count", True), "colour[2].count"),
    (lambda d: d["colour"][4].__setitem__("letter", "BL"), "colour[5].letter"),
    (lambda d: d["colour"][4].__setitem__("id", "red"), "colour[5].id: 'red' is used twice"),
    (lambda d: d["colour"][4].__setitem__("id", "light blue"), "colour[5].id"),
    (lambda d: d["colour"][3].__setitem__("rgb", [255, 0, 0]), "colour[4].rgb"),
    (lambda d: d["colour"][3].__setitem__("shade", 2), "colour[4].shade: unknown key"),
    (lambda d: d["colour"][0].__setitem__("name_en", " "), "colour[1].name_en"),
    (lambda d: d.__setitem__("colours", []), "colours: unknown key"),
    (lambda d: d.__setitem__("colour", d["colour"][:1]), "colour: give 2 to 7"),
    (lambda d: [c.__setitem__("count", 5) for c in d["colour"]], "30 tiles in all"),
])
def test_a_wrong_file_is_one_line_naming_file_and_key(change: Any, where: str) -> None:
    """Bad data: one clear line naming the file and the key (docs/architecture.md, Failure and bad input)."""
    with pytest.raises(ArtemDataError) as info:
        parse_colours(_broken(change), "artem.toml")
    message = str(info.value)
    assert message.startswith("artem.toml: ") and where in message
    assert "\n" not in message


def test_unreadable_and_malformed_files_name_the_file(tmp_path: Path) -> None:
    """Bad data: a missing file or broken TOML is one line naming the file."""
    with pytest.raises(ArtemDataError, match=r"nowhere\.toml: cannot read"):
        load_colours(tmp_path / "nowhere.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[colour]\nid = 'red'\n", encoding="utf-8")
    with pytest.raises(ArtemDataError, match=r"bad\.toml: not valid TOML") as info:
        load_colours(bad)
    assert "\n" not in str(info.value)


def test_a_table_may_ship_its_own_deck(tmp_path: Path) -> None:
    """The colours and counts are data: four colours of 18 work as well."""
    text = "".join(
        f'[[colour]]\nid = "{cid}"\nletter = "{letter}"\nname_en = "{cid}"\n'
        f'name_fr = "{fr}"\nrgb = {list(PANEL_PALETTE[cid])}\ncount = 18\n\n'
        for cid, letter, fr in (("red", "R", "rouge"), ("green", "G", "vert"),
                                ("blue", "B", "bleu"), ("black", "K", "noir"))
    )
    path = tmp_path / "four.toml"
    path.write_text(text, encoding="utf-8")
    colours = load_colours(path)
    assert [c.count for c in colours.colours] == [18] * 4
    assert colours.by_id("green").letter_in("fr") == "G"
    assert Setup(colours=colours.tile_colours()).total_tiles == 72
