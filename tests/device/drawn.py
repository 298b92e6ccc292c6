"""Record what a screen draws, each draw call with the box it covers, to check a layout.

`recorded()` wraps Pillow's drawing calls (text, lines, rectangles, ellipses, polygons) and
`Image.paste`, so a drawing made on a side image (Artem's cached tiles) is seen where it lands
on the frame. `problems()` then names every text that overlaps another text, a rule or the
edge of a box or shape, every text cut with an ellipsis, and every text off the panel.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw

Box = tuple[int, int, int, int]  # left, top, right, bottom; right and bottom excluded


@dataclass(frozen=True)
class Mark:
    """One draw call: what kind, the box its ink covers, and for a text its words and size."""

    kind: str  # "text", "line", "outline" (a box or shape's edge), "fill" (a solid area)
    box: Box
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


def _span(xy: Any, grow: float = 0) -> Box:
    points = _points(xy)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (int(min(xs) - grow), int(min(ys) - grow), int(max(xs) + grow) + 1, int(max(ys) + grow) + 1)


def _is_paper(draw: ImageDraw.ImageDraw, fill: Any) -> bool:
    return fill in (1, 255, (255, 255, 255))


@contextmanager
def recorded() -> Iterator[Recording]:
    """Record every draw call made while the block runs."""
    recording = Recording()
    cls = ImageDraw.ImageDraw
    saved = {name: getattr(cls, name) for name in
             ("text", "line", "rectangle", "rounded_rectangle", "ellipse", "polygon", "pieslice")}
    saved_paste = Image.Image.paste

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
             anchor: Any = None, *args: Any, **kwargs: Any) -> None:
        box = self.textbbox(xy, str(text), font=font, anchor=anchor)
        recording.add(self._image, Mark("text", tuple(int(v) for v in box),  # type: ignore[arg-type]
                                        str(text), int(getattr(font, "size", 0))))
        saved["text"](self, xy, text, fill, font, anchor, *args, **kwargs)

    def line(self: ImageDraw.ImageDraw, xy: Any, fill: Any = None, width: int = 1, *args: Any, **kwargs: Any) -> None:
        recording.add(self._image, Mark("line", _span(xy, (width - 1) / 2)))
        saved["line"](self, xy, fill, width, *args, **kwargs)

    def shape(name: str) -> Any:
        def draw(self: ImageDraw.ImageDraw, xy: Any, *args: Any, **kwargs: Any) -> None:
            fill = kwargs.get("fill")
            if fill is None and name == "rectangle" and args:
                fill = args[0]
            box = _span(xy)
            if fill is not None:
                recording.add(self._image, Mark("fill", box, paper=_is_paper(self, fill)))
            if kwargs.get("outline") is not None:
                recording.add(self._image, Mark("outline", box))
            saved[name](self, xy, *args, **kwargs)
        return draw

    def paste(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
        if isinstance(im, Image.Image) and box is not None:
            dx, dy = int(box[0]), int(box[1])
            for mark in recording.marks(im):
                recording.add(self, mark.moved(dx, dy))
        saved_paste(self, im, box, mask)

    cls.text = text  # type: ignore[method-assign,assignment]
    cls.line = line  # type: ignore[method-assign,assignment]
    for name in ("rectangle", "rounded_rectangle", "ellipse", "polygon", "pieslice"):
        setattr(cls, name, shape(name))
    Image.Image.paste = paste  # type: ignore[method-assign,assignment]
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


def _clash(text: Mark, other: Mark) -> bool:
    if not _meet(text.box, other.box):
        return False
    if other.kind in ("text", "line"):
        return True
    # A text wholly inside a box, shape or solid area is its label; one across its edge is not.
    return not _inside(text.box, other.box, 1 if other.kind == "outline" else 0)


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
