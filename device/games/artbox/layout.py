"""Layout helpers of the #ARTBOX screens: bands, insets and the header's notes."""

from __future__ import annotations

from device.render.shapes import Box
from device.strings.all import STRINGS as T
from engine.artbox.state import State


def hint(lang: str, key: str, seat_buttons: bool, **values: object) -> str:
    """A string that tells a player which button to press: its `.keys` form (OK, not "your
    button") on a build with the four keys alone."""
    return T(lang, key if seat_buttons else key + ".keys", **values)


def inset(box: Box, pad: int) -> Box:
    """`box` shrunk by `pad` on every side."""
    return (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)


def split_rows(box: Box, *weights: int) -> list[Box]:
    """Split a box into horizontal bands by weight."""
    left, top, right, bottom = box
    total, out, y = sum(weights), [], top
    for i, w in enumerate(weights):
        y1 = bottom if i == len(weights) - 1 else y + (bottom - top) * w // total
        out.append((left, y, right, y1))
        y = y1
    return out


def round_title(lang: str, game: State) -> str:
    """The header's "Round n"."""
    return T(lang, "artbox.round", n=game.round)


def maestro(lang: str, game: State) -> str:
    """The header's note naming the Maestro."""
    return T(lang, "artbox.maestro_short", seat=game.maestro)
