"""#ARTBOX on the device: the wiring of its UI state, binding table and screens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from device.framework.contract import Context
from device.games.artbox import keys, saved, screens
from device.games.artbox.ui import ArtboxUi, Options
from device.render.frame import Frame
from device.storage.kept import Keep
from device.storage.word_history import WordsDealt, WordSource
from device.widgets.bindings import Bindings
from device.widgets.game_app import GameApp
from device.widgets.timed import TimedApp
from device.wordpacks import reference
from engine import codec
from engine.artbox import ARTBOX
from engine.artbox.commands import HideWords, TimeUp
from engine.artbox.end import Tokens
from engine.artbox.state import State
from engine.artbox.supply import newly_dealt
from engine.sandglass import Sandglass


class ArtboxApp(TimedApp[ArtboxUi], GameApp[ArtboxUi]):
    """#ARTBOX for 3 to 8 players: words, dice, number tokens, sandglass, awards, scores."""

    key = "artbox"
    title_key = "game.artbox"
    ui_type = ArtboxUi
    engine = ARTBOX
    catches_up = False  # a press after an unseen time-out finds the glass as the last tick left it

    def start(self, ctx: Context) -> ArtboxUi:
        """The setup menu, its rules language following the interface language."""
        lang: Literal["en", "fr"] = "fr" if ctx.lang == "fr" else "en"
        return ArtboxUi(options=Options(rules_language=lang), seed=ctx.seed)

    def restored(self, state: ArtboxUi, ctx: Context) -> ArtboxUi:
        """Undoing a keep brings that seat's cover back, not its words: the words show again only
        when the seat presses its button (whoever pressed undo may not be that seat)."""
        if state.game is None or state.game.phase != "deal_pick":
            return state
        return replace(state, game=ARTBOX.apply(state.game, HideWords()), cursor=0)

    def scores(self, game: State) -> tuple[int, ...]:
        """Victory tokens per seat."""
        return tuple(t.total for t in game.tokens)

    def invariants(self, state: ArtboxUi) -> list[str]:
        """Token counts never negative; number tokens unique; one word per drawing slot."""
        game = state.game
        if game is None:
            return []
        broken: list[str] = []
        if any(t.drawing < 0 or t.guessing < 0 for t in game.tokens):
            broken.append("a negative victory token count")
        if game.finish is not None and len(set(game.finish.seats)) != len(game.finish.seats):
            broken.append("a seat holds two number tokens")
        if len(game.word_list) != len(set(game.word_list)):
            broken.append("a word shows twice in the list")
        return broken

    def bindings(self, state: ArtboxUi, ctx: Context) -> Bindings[ArtboxUi]:
        """The setup menu's keys, or the keys of the phase being played."""
        return keys.bindings(state, ctx)

    def glass(self, state: ArtboxUi) -> Sandglass | None:
        """The game's sandglass (it runs while the table guesses, and draws in the simplified game)."""
        return state.game.sandglass if state.game is not None else None

    def time_up(self, state: ArtboxUi, ctx: Context) -> ArtboxUi:
        """Pencils down: the engine hears TimeUp."""
        assert state.game is not None  # only a game's sandglass runs out
        return replace(state, game=ARTBOX.apply(state.game, TimeUp(ctx.now_ms)))

    def alarm(self, state: ArtboxUi) -> ArtboxUi:
        """The alarm shows the word list, its cursor on the first line."""
        return replace(state, cursor=0, view="words")

    def away(self, state: ArtboxUi, ctx: Context) -> bool:
        """The table draws (step 2) and guesses (step 3) away from the device."""
        return state.game is not None and state.game.phase in ("drawing", "guessing")

    def countdown_next(self, state: ArtboxUi, ctx: Context) -> bool:
        """The next step may turn the sandglass: while guessing, or the simplified game's roll."""
        game = state.game
        if game is None or game.sandglass.settle(ctx.now_ms).status != "idle":
            return False
        return game.phase == "guessing" or (game.phase == "roll" and game.setup.simplified)

    def words_dealt(self, before: ArtboxUi | None, after: ArtboxUi) -> WordsDealt | None:
        """The deck words a step dealt (kept, returned or decoys), when the deck is a word pack's."""
        game = after.game
        ref = reference(game.setup.words) if game is not None else None
        if game is None or ref is None:
            return None
        words = newly_dealt(before.game if before is not None else None, game)
        if not words:
            return None
        cycle = after.used_ref.cycle if after.used_ref is not None else 0
        return WordsDealt(ref.builtin, words, game.setup.words, cycle)

    def dump(self, state: ArtboxUi) -> dict[str, Any]:
        """Serialise (the word deck by reference, see device/games/artbox/saved.py)."""
        if state.game is None:
            data: dict[str, Any] = codec.to_dict(state)
            del data["used_ref"]
            return data
        data = codec.to_dict(replace(state, game=None))
        del data["used_ref"]  # the saved game names its used words in their place
        data["game"] = saved.dump_game(state.game, state.seed, state.used_ref)
        return data

    def kept(self, state: ArtboxUi) -> tuple[Keep, ...]:
        """The deck the game plays with, kept once in the database: a pack edited, removed or
        updated later never takes a game in progress its words."""
        return saved.kept_deck(state.game) if state.game is not None else ()

    def saved_scores(self, data: dict[str, Any], form: int) -> tuple[int, ...] | None:
        """Victory tokens per seat of a saved game, read without its deck (a game kept aside)."""
        try:
            tokens = codec.from_dict(tuple[Tokens, ...], data["game"]["tokens"])
        except (ValueError, KeyError, TypeError):
            return None
        return tuple(t.total for t in tokens)

    def load(self, data: dict[str, Any], words: WordSource | None = None, form: int = 1) -> ArtboxUi:
        """Rebuild and validate (the deck and the used words read from the database `words`); a
        game whose deck neither the database nor its pack files have, or whose used words the
        database no longer has, cannot load."""
        used_ref = None
        if isinstance(data, dict) and isinstance(data.get("game"), dict):
            game, used_ref, deck = saved.expand(data["game"], words)
            ui = codec.from_dict(ArtboxUi, {**data, "game": game})
            if ui.game is not None:  # the same words, as the deck that carries their reference
                ui = replace(ui, game=saved.with_deck(ui.game, deck))
        else:
            ui = codec.from_dict(ArtboxUi, data)
        return _one_seed(replace(ui, used_ref=used_ref))

    def screen_key(self, state: ArtboxUi) -> str:
        """Setup, or the phase (per dealt seat and per slot, so each is a new screen)."""
        game = state.game
        if game is None:
            return "artbox.setup"
        return f"artbox.{game.round}.{game.phase}.{game.dealing_seat}.{game.slot_index}.{state.view}"

    def draw(self, state: ArtboxUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The setup menu or the phase being played."""
        screens.render(state, ctx.lang, ctx.now_ms, labels, frame, seat_buttons=ctx.seat_buttons, held=ctx.held)


def _one_seed(ui: ArtboxUi) -> ArtboxUi:
    """A state saved when game number n played on `seed ^ (n - 1)`: `seed` becomes the seed of
    the game under way (on the setup menu, of the next game), as every game is seeded now."""
    if ui.games <= 1:
        return ui
    return replace(ui, seed=ui.seed ^ (ui.games - 1 if ui.game is not None else ui.games), games=1)


APP = ArtboxApp()
