"""How rows hold sessions and states: compact JSON, deflated for the rows written every press."""

from __future__ import annotations

import json
import zlib
from typing import Any


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON, as every row stores it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


# The field names Easel's states repeat, as a preset dictionary for deflate: a row's first use of
# each name costs a few bits instead of the name. Rows of format 3 were deflated with exactly this
# text: never change it (a new list is a new format version).
_NAMES = (
    "all_in anchor_ms artbox artem author automaton_cards automaton_tokens awarded board bonus "
    "bonus_icons bottom builtin buzzer canvas card cards chosen claims col colour colours "
    "condition count criterion cursor dealing dealing_seat decided_by deck decoys dice dice_kind "
    "direction discard discards draft drawing draws element eligible eligible_guessed end entered "
    "excluded experienced faces files finish first first_maestro first_narrator flip_back_allowed "
    "flipped flips frame_rule from gained game games games_started guess_tie_break guessed "
    "guessers guessing hand hands history home id identik ineligible judged kind language last "
    "last_roll last_roll_kind last_round last_take last_toss length length_ms letter limit "
    "maestro market marks mode name names narrations_each narrator now_ms number_tokens options "
    "order other other_count pack paintings panel phase pick play players players_pick plays "
    "points position random relative_directions right_guesses rng rolls round round_no row "
    "rules_language sandglass sandglass_ms sandglass_s scores screen seat seat_cursor seat_sides "
    "seats seed settings setup sha256 shape_dice shuffled simplified simplified_goal slot_index "
    "slots solo source spent state states status super_criterion super_rolled super_rule table "
    "then three_player_words ticks tied timer_ms tokens toolbox top top_ms turn value verdicts "
    "view winners word word_language word_list words "
)
_DICTIONARY = "".join(f'"{name}":' for name in _NAMES.split()).encode("ascii")


def pack(data: Any) -> bytes:
    """A session or an app state as its row stores it: the JSON, deflated.

    A state repeats its field names and seat lists, so this writes under half the bytes of the
    text for every press (the session row and an undo row), which is what an SD card wears.
    """
    deflate = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, _DICTIONARY)
    return deflate.compress(dumps(data).encode("utf-8")) + deflate.flush()


def unpack(value: object) -> Any:
    """A stored session or state back (rows of format 1 and 2 are JSON text); ValueError if damaged."""
    if isinstance(value, bytes):
        try:
            inflate = zlib.decompressobj(15, _DICTIONARY)
            text = (inflate.decompress(value) + inflate.flush()).decode("utf-8")
        except (zlib.error, UnicodeDecodeError) as exc:
            raise ValueError(f"a stored state does not inflate ({exc})") from None
        if not inflate.eof:
            raise ValueError("a stored state is cut short")
        value = text
    if not isinstance(value, str):
        raise ValueError("a stored state is neither text nor deflated JSON")
    return json.loads(value)
