"""#ARTBOX on the device: key maps, secrets, word decks, the headless games' winners."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Literal

from device.framework.contract import Reply
from device.games.artbox.app import APP
from device.games.artbox.ui import ArtboxUi, Options, setup_rows
from device.strings.all import STRINGS
from device.widgets.game_app import next_seed
from device.wordpacks import builtin_deck
from engine.artbox import ARTBOX, view
from engine.artbox.state import State
from hardware.events import ButtonEvent
from tests.conftest import ROOT, Harness, said_text
from tests.device.artbox.conftest import ctx, deal, game_of, press, started

SCRIPTS = ROOT / "tests" / "scripts"


def test_the_deal_wipes_the_secret_with_a_full_refresh(harness: Callable[..., Harness]) -> None:
    """Issue 3 step 1 / design: hiding a dealt word always uses a full refresh."""
    h = harness()
    h.press("down", "ok", "ok")  # home -> #ARTBOX -> Start (first row, cursor on it)
    h.press("ok")  # seat: show the words
    assert h.frames.last_key is not None and h.frames.last_key[1] is False
    h.press("up")  # keep the first word: the next frame hides it
    assert h.frames.last_key is not None and h.frames.last_key[1] is True
    ui = h.state()
    assert isinstance(ui, ArtboxUi) and game_of(ui).phase == "deal_cover"


def test_undoing_a_keep_shows_that_seats_cover_not_its_words(harness: Callable[..., Harness]) -> None:
    """000 l.32 (the words are secret): whoever undoes a keep may not be that seat, so the undo
    brings back the seat's cover; its words show again only when it presses (hold back, and the
    pause menu's Undo); redo keeps the word again."""
    h = harness()
    h.press("down", "ok", "ok", "ok", "up")  # Start, the first seat looks and keeps
    def now() -> State:
        ui = h.state()
        assert isinstance(ui, ArtboxUi)
        return game_of(ui)

    kept = now()
    seat = kept.dealing_seat - 1 or kept.setup.players
    h.press("back!")
    undone = now()
    assert (undone.phase, undone.dealing_seat, any(undone.chosen)) == ("deal_cover", seat, False)
    h.press("ok!")
    assert now() == kept
    h.press("back", "down", "ok")  # the pause menu's Undo
    assert h.runner.session.mode == "artbox"
    assert (now().phase, now().dealing_seat, any(now().chosen)) == ("deal_cover", seat, False)


def labels(ui: ArtboxUi, lang: str = "en") -> dict[str, str]:
    """The soft-key bar of the screen shown."""
    return APP.bindings(ui, ctx(lang)).labels()


def reply(ui: ArtboxUi, button: str, kind: Literal["press", "hold"] = "press",
          now: int = 0) -> Reply[ArtboxUi]:
    return APP.handle(ui, ButtonEvent(button, kind), ctx(now=now))


def test_setup_starts_with_one_press_on_start() -> None:
    """Issue 13 (COMMON 3): "Start" is the first row and the cursor starts on it; roll starts too."""
    fresh = APP.start(ctx())
    assert setup_rows(fresh.options)[0] == "start" and fresh.cursor == 0
    assert labels(fresh)["ok"] == "Start"
    assert game_of(press(fresh, "ok")).phase == "deal_cover"
    assert game_of(press(fresh, "roll")).phase == "deal_cover"


def test_one_press_keeps_a_word_and_names_it() -> None:
    """Rulebook 000 l.32: each seat secretly keeps 1 of its 2 words; up/down keep word 1/2 (the
    words stand beside the keys' arrows on the screen; the soft keys say Keep)."""
    ui = press(started(4), "ok")
    game = game_of(ui)
    seat, words = game.dealing_seat, game.hands[game.dealing_seat - 1]
    bar = labels(ui)
    assert bar["up"] == bar["down"] == "Keep"
    assert bar["back"] == "Hide"
    kept = reply(ui, "down")
    assert game_of(kept.state).chosen[seat - 1] == (words[1],)
    assert kept.hide_secret and said_text(kept.label) == f"seat {seat} chose"


def test_back_on_the_words_hides_them_again() -> None:
    """Issue 13: back steps back within the game: the words screen goes back to its cover."""
    ui = press(started(4), "ok")
    hidden = reply(ui, "back")
    assert game_of(hidden.state).phase == "deal_cover" and hidden.hide_secret
    assert hidden.switch is None
    assert labels(hidden.state)["back"] == "Menu"


def test_three_words_one_press_drops_one() -> None:
    """Rulebook 000 l.148: three words, keep two: one press drops the word not kept."""
    ui = press(started(3), "ok")
    game = game_of(ui)
    seat, words = game.dealing_seat, game.hands[game.dealing_seat - 1]
    assert labels(ui)["ok"] == "Drop"
    ui = press(ui, "down")
    assert game_of(ui).chosen[seat - 1] == (words[0], words[2])


def test_the_last_seat_takes_the_last_token_by_itself() -> None:
    """Rulebook 000 l.44: when one seat is still drawing, the last token is its own."""
    ui = press(deal(started(5)), "roll", "seat2", "seat5", "seat1")
    last = reply(ui, "seat4")
    assert game_of(last.state).phase == "guessing"
    assert said_text(last.label) == "S4 takes #4; S3 takes #5, the last"


def test_the_sand_running_out_opens_drawing_one() -> None:
    """Rulebook 000 l.56, l.171: after the sand runs out nobody writes; the reveal begins."""
    ui = press(deal(started(4)), "roll", "seat1", "seat2", "seat3")
    ui = press(ui, "timer", c=ctx(now=1_000))
    out = APP.tick(ui, ctx(now=61_000))
    assert game_of(out.state).phase == "identify" and out.sounds
    bar = labels(out.state)
    assert bar["up"] == "Select" and bar["down"] == "Not OK"
    # 000 l.71: the author names drawing #1 before anyone moves on: ok offers nothing yet
    assert not bar.get("ok") and reply(out.state, "ok").state == out.state
    assert labels(press(out.state, "seat1"))["ok"] == "On to 2"


def identifying(players: int = 4) -> ArtboxUi:
    ui = press(deal(started(players)), "roll", *[f"seat{s}" for s in range(1, players)])
    ui = press(ui, "timer", c=ctx(now=1_000))
    return APP.tick(ui, ctx(now=61_000)).state


def test_seat_presses_name_the_seat_they_record() -> None:
    """Rulebook 000 l.71-72 and issue 13: the first seat drew it, the others guessed it right;
    every press that records a fact names the seat."""
    ui = identifying()
    assert reply(ui, "ok").state == ui  # no author yet: moving on records nothing
    claim = reply(ui, "seat3")
    word = game_of(claim.state).chosen[2][0]
    assert said_text(claim.label) == f"S3 drew #1: {word}"
    guess = reply(claim.state, "seat1")
    assert said_text(guess.label) == "S1 guessed #1 right" and game_of(guess.state).slots[0].guessers == (1,)
    undo = reply(guess.state, "seat1")
    assert said_text(undo.label) == "S1: not right" and game_of(undo.state).slots[0].guessers == ()


def test_a_held_seat_claims_the_next_drawing() -> None:
    """Rulebook 000 l.71-73: the next author places their token on the next drawing."""
    ui = press(identifying(), "seat3", "seat1")
    held = reply(ui, "seat2", "hold")
    game = game_of(held.state)
    assert game.slot_index == 1 and game.slots[1].author == 2 and game.slots[0].guessers == (1,)
    assert (said_text(held.label) or "").startswith("S2 drew #2")
    assert reply(ui, "seat3", "hold").error  # seat 3 drew #1 already


def test_down_marks_a_drawing_not_ok_and_back() -> None:
    """Rulebook 000 l.74, l.113: the Maestro marks a drawing that broke the requirements."""
    ui = press(identifying(), "seat3")
    marked = reply(ui, "down")
    assert not game_of(marked.state).slots[0].eligible and said_text(marked.label) == "#1 not OK"
    assert labels(marked.state)["down"] == "OK again"
    assert game_of(press(marked.state, "down")).slots[0].eligible


def test_four_key_labels_say_what_ok_records() -> None:
    """Issue 13: ok names what it records; cursor keys never say Next; never "Mark"/"Right"."""
    ui = press(identifying(), "seat3")
    seen = []
    for _ in range(6):
        ui = press(ui, "up")
        seen.append(labels(ui).get("ok", ""))
    assert seen == ["S1 guessed", "S2 guessed", "", "S4 guessed", "Not OK", "On to 2"]
    ui = press(ui, "up", "ok")
    assert labels(ui)["ok"] == "S1 not right"
    fresh = press(ui, "up", "up", "up", "up", "up", "ok")  # on to drawing #2
    assert game_of(fresh).slot_index == 1
    assert labels(press(fresh, "up"))["ok"] == "S1 drew #2"


def test_scores_end_the_round_on_the_next_cover() -> None:
    """Rulebook 000 l.74-95: after the last drawing, the awards and the next round; ok on the
    last drawing is "Scores", and the next press is the next seat's look."""
    ui = press(identifying(), "seat1", "seat2", "seat2!", "seat3!", "seat4!")
    assert labels(ui)["ok"] == "Scores"
    ui = press(ui, "ok")
    game = game_of(ui)
    assert game.phase == "deal_cover" and game.round == 2 and view.round_just_ended(game)
    assert game.last_round is not None and game.tokens[0].total == 1
    assert game_of(press(ui, f"seat{game.dealing_seat}")).phase == "deal_pick"


def test_the_experienced_winner_reading_is_a_setup_option() -> None:
    """Rulebook 000 l.105, l.139: most tokens by default; the combination reading as an option."""
    fresh = APP.start(ctx())
    ui = press(fresh, *["down"] * 5, "ok")
    rows = setup_rows(ui.options)
    assert ui.options.experienced and rows[6] == "winner"
    ui = press(ui, "down", "ok")
    assert ui.options.experienced_winner == "combination"
    assert game_of(press(ui, "roll")).setup.experienced_winner == "combination"
    assert game_of(started(4, experienced=True)).setup.experienced_winner == "most_tokens"


def test_seat_buttons_and_roll_are_shortcuts() -> None:
    """Table build: seat buttons take number tokens, roll rolls, timer turns the sandglass."""
    ui = deal(started(4))
    ui = press(ui, "roll", "seat4", "seat2", "seat1")
    finish = game_of(ui).finish
    assert finish is not None and finish.seats == (4, 2, 1, 3)
    ui = press(ui, "timer", c=ctx(now=5_000))
    assert game_of(ui).sandglass.status == "running"
    result = APP.handle(ui, ButtonEvent("seat4"), ctx())
    assert result.state == ui  # the glass is already turned: nothing happens


def test_refusals_are_said_in_french() -> None:
    """Brief: text a user sees exists in English and French (refusals included)."""
    ui = press(deal(started(4, c=ctx("fr"))), "roll", "seat2")
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
    ui = deal(started(4, simplified=True, sandglass_s=30))
    ui = press(ui, "roll", c=ctx(now=1_000))
    assert APP.next_deadline(ui, ctx(now=1_000)) == 2_000
    ui = press(ui, "seat1")
    assert game_of(ui).phase == "drawing"
    ui = APP.tick(ui, ctx(now=31_000)).state
    assert game_of(ui).phase == "guessing"


def test_experienced_and_simplified_exclude_each_other_in_the_menu() -> None:
    """Neither rulebook gives a goal for both variants: turning one on turns the other off."""
    from device.games.artbox.ui import next_option

    both = next_option(next_option(Options(), "experienced"), "simplified")
    assert both.simplified and not both.experienced


def test_over_then_ok_plays_again_and_back_goes_to_setup() -> None:
    """Issue 13 (COMMON 3): game over: ok plays again with the same setup (new seed), back
    goes to the setup menu."""
    data = json.loads((SCRIPTS / "artbox_four_players.expected.json").read_text(encoding="utf-8"))
    ui = APP.load(data["states"]["artbox"])
    assert game_of(ui).phase == "over"
    assert labels(ui)["ok"] == "Play again"
    again = press(ui, "ok")
    assert game_of(again).round == 1 and again.seed == next_seed(ui) != ui.seed  # widgets/game_app.py
    assert game_of(again).setup.players == game_of(ui).setup.players
    assert game_of(again).rng != game_of(ui).rng
    assert press(ui, "back").game is None


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


def counted(script: str) -> dict[str, int]:
    """The presses between '# ---- round 1' and '# ---- end', by their annotation's kind."""
    counts = {"rule": 0, "extra": 0}
    inside = False
    for line in (SCRIPTS / f"{script}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# ---- "):
            inside = line.startswith("# ---- round")
        elif line.startswith(("press ", "hold ")):
            kind = line.split("#", 1)[1].strip().split(":", 1)[0]
            assert kind in ("setup", "rule", "extra"), line
            assert inside == (kind != "setup"), line
            if inside:
                counts[kind] += 1
    return counts


def test_a_five_player_round_takes_at_most_31_presses_on_the_table_build() -> None:
    """Issue 13: at most 31 presses from the first deal to the press that starts round 2: 25
    rulebook actions (the last number token needs no press, 000 l.44) and 6 extras (5 looks at
    the words, Scores); the four-key script reaches the same state."""
    assert counted("artbox_five_players_round") == {"rule": 25, "extra": 6}
    four_keys = counted("artbox_five_players_round_four_keys")
    assert four_keys["rule"] == 25
    table = _final("artbox_five_players_round")
    assert table == _final("artbox_five_players_round_four_keys")
