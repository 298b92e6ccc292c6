"""Record what a screen draws, each draw call with the box it covers, to check a layout.

`recorded()` wraps Pillow's drawing calls (text, lines, rectangles, ellipses, polygons) and
`Image.paste`, so a drawing made on a side image (Artem's cached tiles) is seen where it lands
on the frame. `problems()` then names every text that overlaps another text, a rule or the
edge of a box or shape, every text cut with an ellipsis, and every text off the panel.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

Box = tuple[int, int, int, int]  # left, top, right, bottom; right and bottom excluded


@dataclass(frozen=True)
class Mark:
    """One draw call: what kind, the box its ink covers, and for a text its words and size."""

    kind: str  # "text", "line", "outline" (a box or shape's edge), "fill" (a solid area)
    box: Box
    ink: Image.Image  # the pixels this call inks, white on black, the size of `box`
    text: str = ""
    px: int = 0
    paper: bool = False  # a fill in the paper colour (it clears what is under it)

    def moved(self, dx: int, dy: int) -> Mark:
        """The same mark, shifted."""
        x0, y0, x1, y1 = self.box
        return replace(self, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy))


class Recording:
    """The marks drawn on each image while recording, by image."""

    def __init__(self) -> None:
        self.by_image: dict[int, list[Mark]] = {}

    def add(self, image: Image.Image, mark: Mark) -> None:
        """Note a mark drawn on `image`."""
        self.by_image.setdefault(id(image), []).append(mark)

    def marks(self, image: Image.Image) -> list[Mark]:
        """Every mark that ended up on `image`, in drawing order."""
        return list(self.by_image.get(id(image), []))

    def texts(self) -> list[Mark]:
        """Every text drawn on any image."""
        return [m for marks in self.by_image.values() for m in marks if m.kind == "text"]


def _points(xy: Any) -> list[tuple[float, float]]:
    if isinstance(xy[0], (int, float)):
        flat = list(xy)
        return [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
    return [(p[0], p[1]) for p in xy]


def _shifted(xy: Any, dx: int, dy: int) -> list[tuple[float, float]]:
    return [(x + dx, y + dy) for x, y in _points(xy)]


def _is_paper(fill: Any) -> bool:
    return fill in (1, 255, (255, 255, 255))


def _mask(box: Box, paint: Any) -> Image.Image:
    """The ink of one draw call, alone, on a blank image the size of `box`: `paint(draw, dx, dy)`
    repeats the call shifted by (dx, dy), in white on black."""
    image = Image.new("1", (max(1, box[2] - box[0]), max(1, box[3] - box[1])), 0)
    paint(ImageDraw.ImageDraw(image), -box[0], -box[1])
    return image


SHAPES = ("line", "rectangle", "rounded_rectangle", "ellipse", "polygon", "pieslice")


def _recording_text(recording: Recording, original: Any) -> Any:
    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
             anchor: Any = None, *args: Any, **kwargs: Any) -> None:
        words = str(text)
        box: Box = tuple(int(v) for v in self.textbbox(xy, words, font=font, anchor=anchor))  # type: ignore[assignment]
        mask = _mask(box, lambda draw, dx, dy: original(
            draw, (xy[0] + dx, xy[1] + dy), words, 1, font, anchor, *args, **kwargs))
        recording.add(self._image, Mark("text", box, mask, words, int(getattr(font, "size", 0))))
        original(self, xy, text, fill, font, anchor, *args, **kwargs)
    return text


def _outer_box(points: list[tuple[float, float]], width: int) -> Box:
    grow = width // 2 + 1
    return (int(min(p[0] for p in points)) - grow, int(min(p[1] for p in points)) - grow,
            int(max(p[0] for p in points)) + grow + 1, int(max(p[1] for p in points)) + grow + 1)


def _recording_shape(recording: Recording, name: str, original: Any) -> Any:
    """`original` (a line or shape method) that also records its fill and outline as marks."""
    signature = inspect.signature(original)

    def draw(self: ImageDraw.ImageDraw, *args: Any, **kwargs: Any) -> None:
        call = signature.bind(self, *args, **kwargs)
        call.apply_defaults()
        given = dict(call.arguments)
        xy = given["xy"]
        box = _outer_box(_points(xy), int(given.get("width") or 1))
        parts = ("fill",) if name == "line" else ("fill", "outline")
        for part in (p for p in parts if given.get(p) is not None):
            def paint(draw: ImageDraw.ImageDraw, dx: int, dy: int, part: str = part) -> None:
                again = {**given, "self": draw, "xy": _shifted(xy, dx, dy), "fill": 1 if part == "fill" else None}
                if "outline" in again:
                    again["outline"] = 1 if part == "outline" else None
                original(**again, **(again.pop("kwargs", {}) if name == "line" else {}))

            kind = "line" if name == "line" else ("fill" if part == "fill" else "outline")
            recording.add(self._image, Mark(kind, box, _mask(box, paint), paper=_is_paper(given[part])))
        original(*call.args, **call.kwargs)
    return draw


def _recording_paste(recording: Recording, original: Any) -> Any:
    def paste(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
        if isinstance(im, Image.Image) and box is not None:
            for mark in recording.marks(im):
                recording.add(self, mark.moved(int(box[0]), int(box[1])))
        original(self, im, box, mask)
    return paste


@contextmanager
def recorded() -> Iterator[Recording]:
    """Record every draw call made while the block runs."""
    recording = Recording()
    cls = ImageDraw.ImageDraw
    saved = {name: getattr(cls, name) for name in ("text", *SHAPES)}
    saved_paste = Image.Image.paste
    cls.text = _recording_text(recording, saved["text"])  # type: ignore[method-assign]
    for name in SHAPES:
        setattr(cls, name, _recording_shape(recording, name, saved[name]))
    Image.Image.paste = _recording_paste(recording, saved_paste)  # type: ignore[method-assign]
    try:
        yield recording
    finally:
        for name, method in saved.items():
            setattr(cls, name, method)
        Image.Image.paste = saved_paste  # type: ignore[method-assign]


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(inner: Box, outer: Box, margin: int = 0) -> bool:
    return (inner[0] >= outer[0] + margin and inner[1] >= outer[1] + margin
            and inner[2] <= outer[2] - margin and inner[3] <= outer[3] - margin)


def _hidden(text: Mark, later: list[Mark]) -> bool:
    """Whether a fill drawn after `text` covers it whole (a toast over the content)."""
    return any(m.kind == "fill" and _inside(text.box, m.box) for m in later)


GAP = 1  # blank pixels a text keeps from anything else: touching reads as one blot


def _on(region: Box, mark: Mark, grow: int = 0) -> Image.Image:
    """`mark`'s ink placed on a blank image covering `region` (grown by `grow` pixels)."""
    canvas = Image.new("L", (region[2] - region[0], region[3] - region[1]), 0)
    canvas.paste(mark.ink.convert("L"), (mark.box[0] - region[0], mark.box[1] - region[1]))
    return canvas.filter(ImageFilter.MaxFilter(2 * grow + 1)) if grow else canvas


def _clash(text: Mark, other: Mark) -> bool:
    x0, y0, x1, y1 = text.box
    near = (x0 - GAP - 1, y0 - GAP - 1, x1 + GAP + 1, y1 + GAP + 1)
    if not _meet(near, other.box):
        return False
    region = (min(near[0], other.box[0]), min(near[1], other.box[1]),
              max(near[2], other.box[2]), max(near[3], other.box[3]))
    letters, there = _on(region, text, GAP), _on(region, other)
    if ImageChops.multiply(letters, there).getbbox() is None:
        return False
    # A text wholly on a solid area is its label (an inverted bar, a filled token); one
    # across the area's edge is not.
    return other.kind != "fill" or ImageChops.subtract(letters, there).getbbox() is not None


def problems(image: Image.Image, recording: Recording) -> list[str]:
    """Each text on `image` that overlaps something, is cut with an ellipsis or leaves the panel."""
    marks = recording.marks(image)
    width, height = image.size
    found: list[str] = []
    for i, mark in enumerate(marks):
        if mark.kind != "text" or not mark.text.strip() or _hidden(mark, marks[i + 1:]):
            continue
        if "…" in mark.text:
            found.append(f"ellipsized {mark.text!r}")
        if not _inside(mark.box, (0, 0, width, height)):
            found.append(f"{mark.text!r} {mark.box} leaves the {width}x{height} panel")
        for j, other in enumerate(marks):
            if j == i or (other.kind == "text" and j < i) or _hidden(other, marks[j + 1:]):
                continue
            if other.kind == "text" and not other.text.strip():
                continue
            if _clash(mark, other):
                what = repr(other.text) if other.kind == "text" else other.kind
                found.append(f"{mark.text!r} {mark.box} overlaps {what} {other.box}")
    return found
