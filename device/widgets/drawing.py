"""Screen pieces used by several games: shape groups (drawn or in words) and number-token grids."""

from __future__ import annotations

from collections.abc import Sequence

from device.i18n import Text, said
from device.render.frame import Frame
from device.render.shapes import Box
from device.strings.all import STRINGS as T
from engine.dice import SHAPES, tally


def shape_names(lang: str) -> dict[str, str]:
    """Each die shape's name in `lang`."""
    return {shape: T(lang, f"shape.{shape}") for shape in SHAPES}


def shapes_in_words(lang: str, faces: Sequence[str]) -> str:
    """Rolled shapes grouped with counts, in words ("2 x triangle, 1 x circle")."""
    return T.text(lang, shapes_said(faces))


def shapes_said(faces: Sequence[str]) -> Text:
    """`shapes_in_words` as data (an undo label): the shapes' names translated when drawn."""
    groups = [(f"{n} x ", said("shape." + face)) for face, n in tally(faces)]
    return tuple(part for i, group in enumerate(groups) for part in ((", ",) if i else ()) + group)


def draw_shape_groups(frame: Frame, box: Box, faces: Sequence[str], shape_name: dict[str, str]) -> None:
    """Rolled shapes grouped with counts: "2 x" and the drawn shape, side by side."""
    groups = tally(faces)
    if not groups:
        return
    left, top, right, bottom = box
    cell = (right - left) // len(groups)
    size = min(cell * 5 // 10, (bottom - top) * 6 // 10)
    label_px = max(frame.small, size // 2)
    for i, (face, count) in enumerate(groups):
        cx = left + cell * i + cell // 2
        count_text = f"{count}×"
        count_w = frame.text_width(count_text, label_px, "bold")
        total = count_w + frame.px(3) + size
        x0 = cx - total // 2
        cy = top + (bottom - top - frame.small) // 2
        frame.text((x0, cy), count_text, label_px, "bold", anchor="lm")
        shape_box = (x0 + count_w + frame.px(3), cy - size // 2, x0 + total, cy + size // 2)
        frame.shape(face, shape_box, max(frame.stroke, size // 12))
        name = shape_name.get(face, face)
        frame.text((cx, bottom - frame.px(2)), name, frame.small, anchor="md")


def draw_seat_tokens(frame: Frame, box: Box, captions: Sequence[str], per_row: int = 4) -> None:
    """Number tokens taken so far: '#1' with its caption (the seat) under it, `per_row` a row."""
    if not captions:
        return
    left, top, right, bottom = box
    rows = (len(captions) + per_row - 1) // per_row
    cell_w = (right - left) // per_row
    cell_h = (bottom - top) // max(rows, 1)
    for i, caption in enumerate(captions):
        row, col = divmod(i, per_row)
        x0 = left + col * cell_w
        y0 = top + row * cell_h
        pad = frame.px(2)
        frame.draw.rounded_rectangle((x0 + pad, y0 + pad, x0 + cell_w - pad, y0 + cell_h - pad),
                                     radius=frame.px(4), outline=frame.ink, width=frame.stroke)
        inset = pad + frame.stroke + max(1, pad // 2)  # the ink a blank pixel or more inside the outline
        token_box = (x0 + inset, y0 + inset, x0 + cell_w - inset, y0 + cell_h * 3 // 5)
        frame.fit(token_box, f"#{i + 1}", weight="bold")
        seat_box = (x0 + inset, y0 + cell_h * 3 // 5 + 1, x0 + cell_w - inset, y0 + cell_h - inset)
        frame.fit(seat_box, caption, max_px=frame.body)
