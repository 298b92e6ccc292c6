"""#ARTBOX on the device: key maps, secrets, word decks, the headless games' winners."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from device.apps.artbox import APP, ArtboxUi, Options, setup_rows
from device.apps.base import Context
from device.resources import Resources
from device.settings import Settings
from device.strings.all import STRINGS
from device.wordpacks import builtin_deck
from engine.artbox import ARTBOX, view
from engine.artbox.state import State
from hardware.events import ButtonEvent
from tests.conftest import Harness

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPTS = ROOT / "tests" / "scripts"


def ctx(lang: str = "en", words: str = "en", packs: tuple[Path, ...] = (), now: int = 0) -> Context:
    return Context(settings=Settings(language=lang, word_language=words),
                   resources=Resources(word_packs=packs), now_ms=now, seed=9)


def press(ui: ArtboxUi, *buttons: str, c: Context | None = None) -> ArtboxUi:
    for button in buttons:
        ui = APP.handle(ui, ButtonEvent(button), c or ctx()).state
    return ui


def started(players: int = 4, c: Context | None = None, **options: object) -> ArtboxUi:
    """A game started from the setup menu with these options."""
    fresh = APP.start(c or ctx())
    ui = replace(fresh, options=replace(fresh.options, players=players, **options))
    rows = setup_rows(ui.options)
    return press(replace(ui, cursor=rows.index("start")), "ok", c=c)


def game_of(ui: ArtboxUi) -> State:
    assert ui.game is not None
    return ui.game


def test_the_deal_wipes_the_secret_with_a_full_refresh(harness: Callable[..., Harness]) -> None:
    """Issue 3 step 1 / design: hiding a dealt word always uses a full refresh."""
    h = harness()
    h.press("down", "ok", "up", "ok")  # home -> #ARTBOX -> Start
    h.press("ok")  # seat: show the words
    assert h.frames.last_key[1] is False
    h.press("ok")  # keep the first word: the next frame hides it
    assert h.frames.last_key[1] is True
    ui = h.state()
    assert isinstance(ui, ArtboxUi) and game_of(ui).phase == "deal_cover"


def test_three_words_are_ticked_two_by_two() -> None:
    """Rulebook 000 l.148: three words, keep two (ticked with ok, kept on the second tick)."""
    ui = press(started(3), "ok")
    words = game_of(ui).hands[game_of(ui).dealing_seat - 1]
    ui = press(ui, "down", "ok")
    assert ui.marks == (1,) and game_of(ui).phase == "deal_pick"
    ui = press(ui, "ok")  # un-tick
    assert ui.marks == ()
    seat = game_of(ui).dealing_seat
    ui = press(ui, "ok", "down", "ok")
    assert game_of(ui).chosen[seat - 1] == (words[1], words[2])


def test_a_whole_round_with_only_four_keys() -> None:
    """Design: every screen is usable with up/down/ok/back only (no seat, roll, timer keys)."""
    ui = started(4)
    for _ in range(4):
        ui = press(ui, "ok", "ok")
    ui = press(ui, "ok")  # roll
    assert game_of(ui).phase == "drawing"
    ui = press(ui, "down", "ok", "ok", "ok", "ok")
    assert game_of(ui).finish is not None and game_of(ui).finish.seats == (2, 1, 3, 4)
    ui = press(ui, "ok", c=ctx(now=1_000))  # the sandglass
    ui = APP.tick(ui, ctx(now=61_000)).state
    assert game_of(ui).phase == "pencils_down"
    ui = press(ui, "ok")
    items = 6  # seats 1-4, "not eligible", "next"
    for author in (1, 2, 3, 4):
        # walk to the author's chip, ok; to the next seat's chip, ok; on to "Next", ok.
        guesser = author % 4 + 1
        ui = press(ui, *["down"] * (author - 1), "ok")
        ui = press(ui, *["down"] * ((guesser - author) % items), "ok")
        ui = press(ui, *["down"] * ((items - guesser) % items), "ok")
    assert game_of(ui).phase == "awards"
    assert game_of(ui).last_round is not None
    assert game_of(ui).last_round.right_guesses == (1, 1, 1, 1)


def test_seat_buttons_and_roll_are_shortcuts() -> None:
    """Table build: seat buttons take number tokens, roll rolls, timer turns the sandglass."""
    ui = started(4)
    for _ in range(4):
        ui = press(ui, "ok", "ok")
    ui = press(ui, "roll", "seat4", "seat2", "seat1", "seat3")
    assert game_of(ui).finish is not None and game_of(ui).finish.seats == (4, 2, 1, 3)
    ui = press(ui, "timer", c=ctx(now=5_000))
    assert game_of(ui).sandglass.status == "running"
    reply = APP.handle(ui, ButtonEvent("seat4"), ctx())
    assert reply.state == ui  # the glass is already turned: nothing happens


def test_refusals_are_said_in_french() -> None:
    """Brief: text a user sees exists in English and French (refusals included)."""
    ui = started(4, c=ctx("fr"))
    for _ in range(4):
        ui = press(ui, "ok", "ok")
    ui = press(ui, "roll", "seat2")
    reply = APP.handle(ui, ButtonEvent("seat2"), ctx("fr"))
    assert reply.error == "La place 2 a déjà le #1"


def test_every_engine_refusal_has_a_translation() -> None:
    """Every IllegalCommand code the #ARTBOX engine raises has an error string."""
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "artbox").glob("*.py"))
    codes = set(re.findall(r'"(artbox_[a-z_]+|already_taken|not_at_table)"', source))
    assert codes
    for code in codes:
        assert f"error.{code}" in STRINGS, code


def test_rules_language_follows_the_interface_and_words_have_their_own() -> None:
    """Issue 3: word language and interface language are chosen separately; the rulebook
    edition defaults to the interface language."""
    fresh = APP.start(ctx("fr", words="en"))
    assert fresh.options.rules_language == "fr"
    ui = started(4, c=ctx("fr", words="en"))
    assert set(game_of(ui).setup.words) == set(builtin_deck("en"))
    ui = started(4, c=ctx("en", words="fr"))
    assert set(game_of(ui).setup.words) == set(builtin_deck("fr"))
    assert game_of(ui).setup.guess_tie_rule == "number_token"


def test_players_can_add_a_word_pack(tmp_path: Path) -> None:
    """Issue 3: players can add a word pack to our deck."""
    pack = tmp_path / "ours.txt"
    ours = [f"zork{i:02d}" for i in range(40)]
    pack.write_text("\n".join(ours) + "\n", encoding="utf-8")
    ui = started(4, c=ctx(packs=(pack,)))
    words = game_of(ui).setup.words
    assert set(ours) <= set(words) and set(builtin_deck("en")) <= set(words)


def test_a_bad_word_pack_is_refused_on_screen(tmp_path: Path) -> None:
    """Design: a bad word pack gives one clear line naming the file; nothing starts."""
    pack = tmp_path / "short.txt"
    pack.write_text("one\ntwo\n", encoding="utf-8")
    fresh = APP.start(ctx())
    rows = setup_rows(fresh.options)
    reply = APP.handle(replace(fresh, cursor=rows.index("start")), ButtonEvent("ok"),
                       ctx(packs=(pack,)))
    assert reply.state.game is None and reply.error and "short.txt" in reply.error


def test_with_game_cards_the_device_draws_only_decoys() -> None:
    """Issue 3 step 1: physical cards: no dealing; step 3 lists only the decoys."""
    ui = started(6, dealing="cards")
    assert game_of(ui).phase == "roll"
    ui = press(ui, "roll", *[f"seat{s}" for s in range(1, 7)])
    assert game_of(ui).word_list == game_of(ui).decoys and len(game_of(ui).decoys) == 2


def test_simplified_drawing_ends_with_the_sand() -> None:
    """Rulebook 000 l.159: the sandglass times the drawing; no number tokens."""
    ui = started(4, simplified=True, sandglass_s=30)
    for _ in range(4):
        ui = press(ui, "ok", "ok")
    ui = press(ui, "roll", c=ctx(now=1_000))
    assert APP.next_deadline(ui, ctx(now=1_000)) == 2_000
    ui = press(ui, "seat1")
    assert game_of(ui).phase == "drawing"
    ui = APP.tick(ui, ctx(now=31_000)).state
    assert game_of(ui).phase == "guessing"


def test_experienced_and_simplified_exclude_each_other_in_the_menu() -> None:
    """Neither rulebook gives a goal for both variants: turning one on turns the other off."""
    from device.apps.artbox import next_option

    both = next_option(next_option(Options(), "experienced"), "simplified")
    assert both.simplified and not both.experienced


def test_over_then_ok_sets_up_a_new_game() -> None:
    """Issue 3 step 5: the final scoreboard; ok goes back to the setup menu."""
    data = json.loads((SCRIPTS / "artbox_four_players.expected.json").read_text(encoding="utf-8"))
    ui = APP.load(data["states"]["artbox"])
    assert game_of(ui).phase == "over"
    assert press(ui, "ok").game is None


def _final(script: str) -> State:
    data = json.loads((SCRIPTS / f"{script}.expected.json").read_text(encoding="utf-8"))
    return game_of(APP.load(data["states"]["artbox"]))


def test_four_player_script_ends_with_seat_two_winning() -> None:
    """Rulebook 000 l.101-105: at 4 players the game ends at 5 tokens; most tokens wins."""
    game = _final("artbox_four_players")
    result = ARTBOX.outcome(game)
    assert result is not None and result.winners == (2,) and result.reason == "most_tokens"
    assert [t.total for t in game.tokens] == [3, 5, 1, 1]
    assert game.round == 5 and game.setup.players == 4


def test_three_player_script_ends_with_seat_two_winning() -> None:
    """Rulebook 001 l.186 and 000 l.148-150: three players, two drawings each, goal 5."""
    game = _final("artbox_three_players")
    result = ARTBOX.outcome(game)
    assert result is not None and result.winners == (2,)
    assert [t.total for t in game.tokens] == [3, 5, 4]
    assert game.setup.two_drawings and game.setup.rules_language == "fr"
    assert len(game.slots) == 6
    assert game.round == 6
    # Seat 2 pressed twice on drawing 1: it holds their second word, drawing 4 their first.
    assert (game.slots[0].author, game.slots[0].word) == (2, 1)
    assert (game.slots[3].author, game.slots[3].word) == (2, 0)
    assert view.slot_word(game, 0) == game.chosen[1][1]
