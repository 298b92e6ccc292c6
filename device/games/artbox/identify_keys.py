"""#ARTBOX step 4 keys: identify each drawing (author, right guesses, eligibility), then score.

Table build (000 l.71-74): the first seat pressed on a drawing drew it; then each seat tap
toggles "guessed it right" for that seat; a seat HOLD claims the next drawing (the author placing
their number token on it), which closes this one; `down` marks the drawing not OK. Four keys:
`up` walks the list (seats, "Not OK", "#k+1 ->"), ok does what its label names.
"""

from __future__ import annotations

from dataclasses import replace

from device.framework.contract import Context, Reply
from device.games.artbox.moves import apply_command
from device.games.artbox.ui import ArtboxUi, identify_item, identify_items
from device.i18n import said
from device.strings.all import STRINGS as T
from device.widgets.bindings import Action, Binding, stay
from engine.artbox.commands import ClaimNext, ConfirmSlot, ToggleEligible, ToggleGuess
from engine.artbox.state import State
from engine.artbox.view import claim_for, slot_word
from engine.errors import IllegalCommand

Keys = dict[str, Binding[ArtboxUi]]
SEATS = range(1, 9)


def identify(ui: ArtboxUi, game: State, lang: str) -> Keys:
    """The identify step's keys for the drawing shown."""
    count = len(identify_items(game))
    item = identify_item(game, ui.cursor)

    def move(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        return Reply(replace(u, cursor=(u.cursor + 1) % count))

    keys: Keys = {"up": Binding(move, T(lang, "artbox.key.move")),
                  "ok": _ok(game, item, lang)}
    if game.setup.can_mark_ineligible:
        keys["down"] = Binding(_toggle_eligible(game), _eligible_label(game, lang))
    else:
        keys["down"] = Binding(move, T(lang, "artbox.key.move"))
    for seat in SEATS:
        keys[f"seat{seat}"] = Binding(_tap(game, seat))
        keys[f"seat{seat}!"] = Binding(_hold(game, seat))
    return keys


def _ok(game: State, item: str, lang: str) -> Binding[ArtboxUi]:
    """ok acts on the item under the cursor, and its label says what it records."""
    if item == "next":
        if not game.slots[game.slot_index].author:  # nobody drew it yet: nothing to move on from
            return Binding(stay)
        return Binding(_next(game), _next_label(game, lang))
    if item == "ineligible":
        return Binding(_toggle_eligible(game), _eligible_label(game, lang))
    seat = int(item[4:])
    label = _seat_label(game, seat, lang)
    return Binding(_tap(game, seat) if label else stay, label)


def _next_label(game: State, lang: str) -> str:
    if game.slot_index + 1 == len(game.slots):
        return T(lang, "artbox.item.scores")
    return T(lang, "artbox.item.next", slot=game.slot_index + 2)


def _eligible_label(game: State, lang: str) -> str:
    eligible = game.slots[game.slot_index].eligible
    return T(lang, "artbox.key.not_ok" if eligible else "artbox.key.ok_again")


def _seat_label(game: State, seat: int, lang: str) -> str:
    """What ok records for `seat` on this drawing ("" when it records nothing)."""
    slot = game.slots[game.slot_index]
    number = game.slot_index + 1
    if not slot.author:
        return T(lang, "artbox.key.claim", seat=seat, slot=number)
    if seat == slot.author:
        claim = claim_for(game, seat)
        switches = claim is not None and claim.word != slot.word
        return T(lang, "artbox.key.other_word", seat=seat) if switches else ""
    key = "artbox.key.not_right" if seat in slot.guessers else "artbox.key.guessed"
    return T(lang, key, seat=seat)


def _next(game: State) -> Action[ArtboxUi]:
    last = game.slot_index + 1 == len(game.slots)

    def action(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        label = said("artbox.scored", n=game.round) if last else said("artbox.slot_done", slot=game.slot_index + 1)
        return apply_command(u, ConfirmSlot(), label)
    return action


def _toggle_eligible(game: State) -> Action[ArtboxUi]:
    slot = game.slots[game.slot_index]

    def action(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        key = "artbox.marked" if slot.eligible else "artbox.unmarked"
        return apply_command(u, ToggleEligible(), said(key, slot=game.slot_index + 1))
    return action


def _tap(game: State, seat: int) -> Action[ArtboxUi]:
    """The first seat pressed on a drawing drew it; any other seat toggles its right guess."""
    slot = game.slots[game.slot_index]

    def action(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        if not slot.author or slot.author == seat:
            claim = claim_for(game, seat)
            if claim is None:
                raise IllegalCommand(f"seat {seat} already claimed", "artbox_claimed", seat=seat)
            if slot.author == seat and claim.word == slot.word:
                return Reply(u)
            return _claimed(apply_command(u, claim, None), seat)
        number = game.slot_index + 1
        if seat in slot.guessers:
            return apply_command(u, ToggleGuess(seat), said("artbox.unguessed", seat=seat))
        label = said("artbox.guessed", seat=seat, slot=number)
        reply = apply_command(u, ToggleGuess(seat), label)
        if number < len(game.slots) and claim_for(game, seat) is not None:
            # a press and a hold mean two things (000 l.71-72): say what was recorded, and the other
            reply = replace(reply, note=T(c.lang, "artbox.slip.press", seat=seat, slot=number, next=number + 1))
        return reply
    return action


def _hold(game: State, seat: int) -> Action[ArtboxUi]:
    """A held seat button: the next author places their token on the next drawing."""
    if not game.slots[game.slot_index].author:
        return _tap(game, seat)

    def action(u: ArtboxUi, c: Context) -> Reply[ArtboxUi]:
        claimed = _claimed(apply_command(u, ClaimNext(seat), None), seat)
        # the hold closed drawing #k: a guesser who held by mistake learns it and how to undo it
        return replace(claimed, note=T(c.lang, "artbox.slip.hold", seat=seat, slot=game.slot_index + 2,
                                        done=game.slot_index + 1))
    return action


def _claimed(reply: Reply[ArtboxUi], seat: int) -> Reply[ArtboxUi]:
    """The reply to a claim names the seat, the drawing and (when the device dealt) the word."""
    game = reply.state.game
    assert game is not None
    number = game.slot_index + 1
    word = slot_word(game, game.slot_index)
    label = (said("artbox.claimed_word", seat=seat, slot=number, word=word) if word
             else said("artbox.claimed", seat=seat, slot=number))
    return replace(reply, label=label)
