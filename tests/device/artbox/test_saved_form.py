"""#ARTBOX's saved form is written straight from the state (issue 19: walking a 20,000-word deck
made every press cost 117 ms instead of 7 ms); it must stay byte for byte the form that
`compact` makes of the whole dump, so every database saved before still loads."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from device import wordpacks
from device.framework.loader import app
from device.framework.resources import Resources
from device.games.artbox import saved
from device.games.artbox.ui import ArtboxUi
from device.run.script import Wait, read_numbered
from engine import codec
from tests.conftest import Harness
from tests.device.test_wordpack_refs import write_pack

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def legacy_dump(ui: ArtboxUi) -> dict[str, object]:
    """The saved form as it was made before: the whole state dumped, then compacted."""
    data: dict[str, object] = codec.to_dict(ui)
    del data["used_ref"]
    assert ui.game is not None
    data["game"] = saved.compact(codec.to_dict(ui.game), ui.game.setup.words, ui.seed, ui.used_ref)
    return data


@pytest.mark.parametrize("script", ["artbox_five_players_round", "artbox_four_players"])
def test_every_step_saves_what_compact_made(harness: Callable[..., Harness], tmp_path: Path,
                                            script: str) -> None:
    wordpacks._read_deck.cache_clear()
    h = harness(seed=21, resources=Resources(word_packs=(write_pack(tmp_path / "words.txt", 3_000),)))
    owner = app("artbox")
    assert owner is not None
    checked = 0
    for _, step in read_numbered(SCRIPTS / f"{script}.txt"):
        if isinstance(step, Wait):
            h.wait(step.ms / 1000)
        else:
            h.runner.handle(step)
        ui = h.runner.session.states.get("artbox")
        if isinstance(ui, ArtboxUi) and ui.game is not None:
            dumped = owner.dump(ui)
            assert dumped == legacy_dump(ui)
            assert isinstance(dumped["game"]["setup"]["words"], dict)  # by reference
            assert owner.load(dumped, h.store) == ui
            checked += 1
    assert checked > 20


def test_a_second_game_saves_the_used_words_by_reference(harness: Callable[..., Harness],
                                                         tmp_path: Path) -> None:
    """The second game puts the first game's words last (Setup.used): saved as rows, not words."""
    wordpacks._read_deck.cache_clear()
    h = harness(db=tmp_path / "easel.db", resources=Resources(word_packs=(write_pack(tmp_path / "words.txt", 2_000),)))
    h.runner.open("artbox")
    h.press("roll", "ok")  # the first game deals its words (recorded in the database)
    h.runner.open("home")
    owner = app("artbox")
    assert owner is not None
    h.runner.session = h.runner.session.with_state("artbox", owner.start(h.runner.ctx(0)))
    h.runner.open("artbox")
    h.press("roll", "ok")
    ui = h.state("artbox")
    assert isinstance(ui, ArtboxUi) and ui.game is not None
    assert ui.game.setup.used  # the first game's deal
    dumped = owner.dump(ui)
    assert dumped == legacy_dump(ui)
    assert isinstance(dumped["game"]["setup"]["used"], dict)
    assert owner.load(dumped, h.store) == ui
