"""Shared fixtures: the real Waveshare drivers on a fake Pi, frames to show, and the benchmarks."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image, ImageDraw

from hardware.display import PanelSpec
from hardware.fake_pi import FakePi
from hardware.panel_ram import Controller, as_frame, controller_for
from hardware.panels import panel
from hardware.waveshare import WaveshareDisplay


class Clock:
    """A fake millisecond clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


@dataclass
class Rig:
    """A vendor driver on a fake Pi, our display adapter on it, and a model of the controller."""

    pi: FakePi
    display: WaveshareDisplay
    controller: Controller
    fed: int = 0

    @property
    def spec(self) -> PanelSpec:
        return self.display.spec

    def shown(self) -> Image.Image:
        """Replay the new bus traffic; the image the glass shows, in frame orientation."""
        transactions = self.pi.traffic.transactions
        for transaction in transactions[self.fed:]:
            self.controller.feed(transaction)
        self.fed = len(transactions)
        assert self.controller.shown is not None, "nothing was refreshed yet"
        return as_frame(self.controller.shown, self.spec)


@pytest.fixture
def fake_pi() -> Iterator[FakePi]:
    with FakePi() as pi:
        yield pi


def open_rig(pi: FakePi, model: str, timeout_s: float | None = None) -> Rig:
    """Load the real driver for `model` on `pi` and open our display on it."""
    return Rig(pi, pi.display(model, timeout_s), controller_for(model))


def noise_frame(spec: PanelSpec, seed: int) -> Image.Image:
    """A 1-bit frame of seeded random pixels with a drawn shape (catches any bit-order slip)."""
    width, height = spec.size
    rng = random.Random(seed)
    image = Image.frombytes("1", (width, height),
                            rng.randbytes(((width + 7) // 8) * height))
    draw = ImageDraw.Draw(image)
    draw.rectangle((3, 2, width // 3, height // 2), fill=0)
    draw.ellipse((width // 2, height // 4, width - 4, height - 3), fill=1, outline=0)
    return image


def with_change(image: Image.Image, box: tuple[int, int, int, int], seed: int) -> Image.Image:
    """`image` with fresh random pixels inside `box` (a countdown digit changing)."""
    changed = image.copy()
    w, h = box[2] - box[0], box[3] - box[1]
    patch = noise_frame(PanelSpec("patch", w, h), seed)
    changed.paste(patch, box[:2])
    return changed


def spec_of(model: str) -> PanelSpec:
    return panel(model)


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """The script benchmarks/`name`.py as a module, imported once (its pieces are tested)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
