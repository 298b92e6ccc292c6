"""The IDENTIK scorecard's table: a title row, then seat, narrator, artist and total points."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from device.render.fonts import font
from device.render.frame import Frame
from device.render.shapes import Box
from engine.identik.scores import ScoreLine


def score_table(frame: Frame, box: Box, heads: Sequence[str], lines: Sequence[ScoreLine], rows: int,
                 winners: Sequence[int], name: Callable[[int], str], shorts: Sequence[str]) -> None:
    """One scorecard table: a title row, then seat, narrator, artist and total points."""
    left, top, right, bottom = box
    pad = frame.px(3)
    row_h = (bottom - top - pad) // (rows + 1)
    px = min(frame.body, int(row_h * 0.85))
    name_w = (right - left) * (40 if right - left > frame.width * 6 // 10 else 32) // 100
    col_w = (right - left - name_w - pad) // 3
    table = [list(heads)] + [
        [name(line.seat), str(line.narrator_points), str(line.artist_points), str(line.total)]
        for line in lines
    ]
    for r, cells in enumerate(table):
        y0 = top + pad // 2 + r * row_h
        winner = r > 0 and lines[r - 1].seat in winners
        fill = frame.paper if winner else frame.ink
        if winner:
            frame.draw.rectangle((left, y0, right - 1, y0 + row_h - 1), fill=frame.ink)
        weight = "regular" if r == 0 else "semibold"
        cy, size = y0 + row_h // 2, px
        ruled = False
        if r == 0:  # the titles, descenders ("Player") included, a blank pixel above the rule
            titles_band = (0, y0 + 1, frame.width * 9, y0 + row_h - 2)  # the height is what counts
            size = frame.fit_px("".join(cells) + "Pg", titles_band, px, weight="regular")
            top_ink, bottom_ink = font(size, weight).getbbox("Pg", anchor="lm")[1::2]
            ruled = bottom_ink - top_ink <= row_h - 4  # else too tight: the regular weight sets them apart
            cy = y0 + row_h - 3 - int(bottom_ink) if ruled else cy
        frame.text((left + pad, cy), frame.ellipsize(cells[0], name_w - pad, size, weight), size, weight,
                   anchor="lm", fill=fill)
        for c, text in enumerate(cells[1:]):
            x1 = left + name_w + (c + 1) * col_w
            bold = "bold" if c == 2 and r > 0 else weight
            if r == 0 and frame.text_width(text, size, weight) > col_w - pad:  # too wide: the short form
                text = shorts[c]
            frame.text((x1, cy), text, size, bold, anchor="rm", fill=fill)
        if ruled:
            frame.draw.line((left, y0 + row_h - 1, right, y0 + row_h - 1), fill=frame.ink, width=1)
