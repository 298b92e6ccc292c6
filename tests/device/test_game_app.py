"""One GameApp for every game: whether a game is under way, its result with the seats named as
the screens name them, and the next game's seed, all derived one way from the engine `Game`; and
a history where two finished games are always two rows."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from device.framework.contract import Context, Sample
from device.framework.loader import app, samples
from device.framework.registry import GAMES
from device.framework.resources import Resources
from device.games.artbox.app import APP as ARTBOX_APP
from device.games.artbox.ui import ArtboxUi
from device.settings import Settings
from device.storage.history import GameRecord
from device.strings.all import STRINGS as T
from device.widgets.game_app import GameApp, next_seed, player_names, unused_seed
from hardware.events import ButtonEvent
from tests.conftest import Harness
from tests.device.test_games_history import SCRIPTS, _play
from tests.powercut import script_lines

CTX = Context(settings=Settings(), resources=Resources())
GAME_APPS = [key for key in GAMES if isinstance(app(key), GameApp)]


def finished(key: str) -> list[Sample[Any]]:
    """The gallery's samples of game `key` that show a finished game."""
    owner = app(key)
    return [s for s in samples(key, CTX) if owner.result(s.state) is not None]


@pytest.mark.parametrize("key", GAME_APPS)
def test_a_finished_game_keeps_its_seats_as_data(key: str) -> None:
    """The history keeps the names the table typed and "" for a seat left unnamed, never a
    translated "Seat 2" / "Place 2": the result is the same whatever the interface language, and
    the screens draw an unnamed seat in the language of the moment; the seed is the one the game
    was played on."""
    owner = app(key)
    cases = finished(key)
    assert cases, f"{key}: no gallery sample of a finished game"
    for sample in cases:
        assert not owner.in_progress(sample.state)
        result = owner.result(sample.state)
        assert result is not None and result.seed == sample.state.seed
        named = getattr(sample.state.game.setup, "names", ()) or ("",) * len(result.players)
        assert result.players == tuple(named)
        assert len(result.scores) == len(result.players) and result.winners
        for lang in ("en", "fr"):
            drawn = player_names(result.players, lang)
            assert drawn == tuple(n or T(lang, "seat", seat=s) for s, n in enumerate(named, start=1))


@pytest.mark.parametrize("key", GAME_APPS)
def test_the_next_game_plays_on_the_first_draw_of_the_finished_one(key: str) -> None:
    """Play again (ok on the final screen) seeds the next game one way, for every game: the first
    draw of the finished game's generator; and never on a seed its kind has in the history."""
    owner = app(key)
    for sample in finished(key):
        ctx = replace(CTX, now_ms=sample.now_ms)
        again = owner.handle(sample.state, ButtonEvent("ok"), ctx).state
        assert owner.in_progress(again) and again.seed == next_seed(sample.state) != sample.state.seed
        taken = (GameRecord(key, "", (), (), (), next_seed(sample.state)),)
        dodged = owner.handle(sample.state, ButtonEvent("ok"), replace(ctx, history=taken)).state
        assert dodged.seed == unused_seed(key, next_seed(sample.state), taken) != next_seed(sample.state)


def test_an_unused_seed_skips_every_seed_of_that_game_in_the_history() -> None:
    """Only the same game's seeds count; the draw goes on past every taken one."""
    first = unused_seed("canvas", 7, ())
    assert first == 7
    second = unused_seed("canvas", 7, (GameRecord("canvas", "", (), (), (), 7),))
    both = (GameRecord("canvas", "", (), (), (), 7), GameRecord("canvas", "", (), (), (), second))
    third = unused_seed("canvas", 7, both)
    assert len({7, second, third}) == 3
    assert unused_seed("canvas", 7, (GameRecord("artem", "", (), (), (), 7),)) == 7


def test_two_finished_games_on_the_same_seed_are_two_rows() -> None:
    """A Canvas table went back to the setup after a game, and the next game would have started on
    the finished game's seed (as Canvas did before, and as a state saved then still holds): it
    starts on another, and the history keeps both games."""
    seed, lines = script_lines(SCRIPTS / "canvas_two_players.txt")
    h = Harness(seed=seed)
    start_at, on_setup = None, None
    for i, line in enumerate(lines):
        before = h.runner.session
        _play(h, line)
        ui = h.runner.session.states.get("canvas")
        if start_at is None and ui is not None and ui.game is not None:
            start_at, on_setup = i, before
    first = [r for r in h.store.games() if r.game == "canvas"]
    assert len(first) == 1 and start_at is not None and on_setup is not None
    assert on_setup.states["canvas"].seed == first[0].seed  # the setup holds the finished game's seed
    h.runner.session = on_setup
    for line in lines[start_at:]:
        _play(h, line)
    games = [r for r in h.store.games() if r.game == "canvas"]
    assert len(games) == 2 and len({g.key for g in games}) == 2 and games[1].seed != games[0].seed
    assert games[1].scores == games[0].scores  # the same game played again, on another seed


def test_an_artbox_state_saved_after_several_games_plays_on_its_own_seed() -> None:
    """Before one way, #ARTBOX seeded game n with `seed ^ (n - 1)`: a state saved then loads with
    the seed its game was played on (on the setup menu, the one its next game would have had)."""
    playing = ARTBOX_APP.dump(replace(finished("artbox")[0].state, seed=40, games=3))
    loaded = ARTBOX_APP.load(playing)
    assert (loaded.seed, loaded.games) == (40 ^ 2, 1)
    on_setup = ARTBOX_APP.load({**playing, "game": None})
    assert isinstance(on_setup, ArtboxUi) and (on_setup.seed, on_setup.games) == (40 ^ 3, 1)
    first_game = ARTBOX_APP.load(ARTBOX_APP.dump(replace(finished("artbox")[0].state, seed=40, games=1)))
    assert (first_game.seed, first_game.games) == (40, 1)
