"""A confirmation screen: a title naming what one more press does, a few centred lines saying
what it changes, and the soft keys (ok does it, back keeps things as they are)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.render.frame import Frame


def confirm_screen(frame: Frame, title: str, lines: Sequence[str], keys: Mapping[str, str]) -> None:
    """Draw the question `title` with its `lines` centred in the body, in small text."""
    frame.header(title)
    frame.softkeys(keys)
    box = frame.content
    width = box[2] - box[0] - frame.px(12)
    step = int(frame.body * 1.5)
    top = box[1] + (box[3] - box[1] - step * len(lines)) // 2 + step // 2
    for i, line in enumerate(lines):
        frame.text((frame.width // 2, top + i * step), frame.ellipsize(line, width, frame.small), frame.small,
                   anchor="mm")
