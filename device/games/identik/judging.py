"""The IDENTIK judging screen: the criterion read out, who ticks it, and each judge's tile or row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.games.identik.parts import (
    big_number,
    draw_check,
    draw_star,
    fit_text,
    grid,
    notes_in,
    readable_px,
    short,
    tile,
    tile_fits,
)
from device.games.identik.ui import IdentikUi
from device.render.fonts import font
from device.render.frame import Frame
from device.render.shapes import Box, draw_arrow
from device.strings.all import STRINGS as T
from engine.identik.setup import CRITERIA
from engine.identik.state import State
from engine.identik.view import drawing_held, judges, round_scores

Keys = Mapping[str, str]
TileLines = list[tuple[str, float, str]]


def judging(state: IdentikUi, game: State, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    """The criterion being judged, what a tick is worth, and the judges who may tick it; `seat_buttons`
    (the table build) says the judge presses their seat, else that up/down and ok do."""
    super_text = T(lang, "identik.super_short", n=game.super_criterion)
    frame.header(T(lang, "identik.criterion", c=game.criterion), super_text)
    frame.softkeys(keys)
    left, top, right, bottom = frame.content
    pad = frame.px(3)
    # What a tick is worth and to whom (002 l.61: the artist whose drawing it is; the super
    # criterion adds the two boxes by the star), and that no press means not met.
    # A second press clears a tick; the OK key (the bar's Next, Points after criterion 10) is the
    # narrator's, who reads the next criterion (002 l.59).
    hint = T(lang, "identik.judge_hint" if seat_buttons else "identik.judge_hint.keys")
    on_super = game.criterion == game.super_criterion
    worth = T(lang, "identik.judge_worth.super" if on_super else "identik.judge_worth")
    key = T(lang, "identik.points_key" if game.criterion == CRITERIA else "identik.next")
    small = bottom - top <= frame.px(100)
    if small:  # two lines across the whole width, the number and the tiles below them
        line = readable_px(frame) + 2 * pad  # accents and descenders of the two lines apart
        fit_text(frame, (left + pad, top, right - pad, top + line), hint, frame.small)
        both = T(lang, "identik.judge_worth.super.short" if on_super else "identik.judge_worth.short", ok=key)
        fits = frame.text_width(both, readable_px(frame), "regular") <= right - left - 2 * pad
        fit_text(frame, (left + pad, top + line, right - pad, top + 2 * line), both if fits else worth,
                 frame.small, "regular")
        top += 2 * line
    side = min(bottom - top, (right - left) * 3 // 10)
    _criterion_number(frame, game, (left + pad, top + pad, left + side - pad, bottom - pad), side, on_super)
    tiles_box = (left + side, top, right - pad, bottom)
    # Who presses what: the judge (the name on top) presses their own seat when the drawing they
    # hold (the artist's, below) meets the criterion; on four keys up/down pick the judge.
    if not small:
        hint_h = frame.small * 6  # three notes: who presses, what a tick is worth, the narrator's key
        notes = [(hint, "semibold"), (worth, "regular"), (T(lang, "identik.narrator_next", ok=key), "semibold")]
        notes_in(frame, (tiles_box[0], top + pad, tiles_box[2], top + hint_h), notes)
        tiles_box = (tiles_box[0], top + hint_h + pad, tiles_box[2], bottom)
    _judges(state, game, lang, frame, tiles_box)


def _criterion_number(frame: Frame, game: State, box: Box, side: int, on_super: bool) -> None:
    """The criterion's number in large digits, a star above it on the super criterion."""
    if on_super:  # the star above the number, clear of its digits
        pad = frame.px(3)
        star_size = side * 4 // 10
        mid = (box[0] + box[2]) // 2
        draw_star(frame, (mid - star_size // 2, box[1], mid + star_size // 2, box[1] + star_size))
        box = (box[0], box[1] + pad + star_size, box[2], box[3])
    big_number(frame, box, str(game.criterion))


def _judges(state: IdentikUi, game: State, lang: str, frame: Frame, box: Box) -> None:
    """A tile per judge (the judge, the drawing they hold, its artist's points so far this round),
    or a row per judge where the tiles cannot hold their three lines at the readable size."""
    seated = judges(game)
    ticked = game.ticks[game.criterion - 1]
    # The four keys' walk: the judges the cursor has moved past without a tick said "not met".
    passed = {j for j in seated[:max(0, state.cursor - 1)] if j not in ticked}
    held = drawing_held(game)
    # Each artist's points so far this round: a tick shows whom it scores for.
    points = {line.seat: line.artist_points for line in round_scores(game)}
    columns = len(seated) if len(seated) <= 3 else (len(seated) + 1) // 2
    # "S1 / judges S4 / S4: 3 pts" on every panel: one wording, the same on the 2.13" and the 7.5".
    said = [(short(lang, game, j), T(lang, "identik.judges_drawing", artist=short(lang, game, held[j])))
            for j in seated]
    tallies = [T(lang, "identik.artist_has", artist=short(lang, game, held[j]), points=_points(lang, points[held[j]]))
               for j in seated]
    lines: list[TileLines] = [[(name, 0.4, "bold"), (artist, 0.3, "semibold"), (tally, 0.3, "regular")]
                              for (name, artist), tally in zip(said, tallies, strict=True)]
    cells = grid(box, len(seated), columns)
    # Long names in narrow tiles, or six players' tiles too low for three lines (the 2.13" and the
    # 7.5" alike): one row per judge ("Wilhelmina judges Gwendoline · 3 pts"), never a cut name nor
    # lines on top of each other. Measured with the cursor's frame, so moving it never relays them.
    if not all(tile_fits(frame, cell, parts, thick=True, check=True) for cell, parts in zip(cells, lines, strict=True)):
        _judge_rows(frame, box, [(f"{a} {b}", _points(lang, points[held[j]]))
                                 for (a, b), j in zip(said, seated, strict=True)],
                    [j in ticked for j in seated], state.cursor - 1, [j in passed for j in seated])
        return
    for i, (judge, cell) in enumerate(zip(seated, cells, strict=True)):
        tile(frame, cell, lines[i], judge in ticked, thick=state.cursor == i + 1, check=judge in ticked,
             dash=judge in passed)


def _points(lang: str, n: int) -> str:
    """"1 pt", "3 pts"."""
    return T(lang, "identik.one_point") if n == 1 else T(lang, "identik.points", n=n)


def _judge_rows(frame: Frame, box: Box, rows: Sequence[tuple[str, str]], ticked: Sequence[bool],
                cursor: int, passed: Sequence[bool]) -> None:
    """The judges as a list, one row each ("Wilhelmina judges Gwendoline · 3 pts", the artist's
    points where they fit): a tick before those who ticked; the four-key cursor's row inverted, or
    where rows are too low for a bar clear of the next row's text, a pointer before it."""
    left, top, right, bottom = box
    row_h = (bottom - top) // len(rows)
    px = min(frame.body, max(readable_px(frame), row_h * 7 // 10))
    tick = row_h * 6 // 10
    inks = [font(px, "bold").getbbox(f"{a} · {b}") for a, b in rows]
    # A blank pixel inside the bar above and below its text, and one between the bar and the
    # next row's text (the rows' text is centred in them): else a pointer shows the cursor.
    bar = row_h >= max(bottom_ink - top_ink for _, top_ink, _, bottom_ink in inks) + 4
    arrow_w = tick * 3 // 4
    pointer = 0 if bar else arrow_w + frame.px(3)
    width = right - left - frame.px(7) - tick - pointer
    fits = all(frame.text_width(f"{a} · {b}", readable_px(frame), "bold") <= width for a, b in rows)
    texts = [f"{a} · {b}" if fits else a for a, b in rows]
    for i, (text, done) in enumerate(zip(texts, ticked, strict=True)):
        y0 = top + i * row_h
        fill = frame.ink
        mid = y0 + row_h // 2
        if i == cursor and bar:
            frame.draw.rectangle((left, y0, right - 1, y0 + row_h - 1), fill=frame.ink)
            fill = frame.paper
        elif i == cursor:
            draw_arrow(frame.draw, "right", (left + frame.px(1), mid - tick // 2, left + frame.px(1) + arrow_w,
                                             mid - tick // 2 + tick), frame.ink)
        x = left + pointer
        if done:
            ty = y0 + (row_h - tick) // 2
            draw_check(frame, (x + frame.px(2), ty, x + frame.px(2) + tick, ty + tick), fill)
        elif passed[i]:  # said "not met": a dash where a tick would be
            frame.draw.line((x + frame.px(2), mid, x + frame.px(2) + tick, mid), fill=fill, width=frame.stroke)
        frame.fit((x + tick + frame.px(5), y0 + 1, right - frame.px(2), y0 + row_h - 1), text, px,
                  weight="bold", align="left", fill=fill)
