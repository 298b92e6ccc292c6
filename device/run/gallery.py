"""`easel gallery`: every screen of every app at every panel size in both languages, as PNGs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image

from device.framework.contract import App, Context
from device.framework.loader import app, menu, samples
from device.framework.registry import keys
from device.framework.resources import Resources
from device.i18n import LANGUAGES
from device.render.frame import Frame
from device.settings import Settings
from hardware.display import PanelSpec
from hardware.panels import GALLERY_PANELS, PANELS


def panels_for(key: str) -> tuple[str, ...]:
    """The panels an app's screens are shown on: every size, plus colour if the app draws colour."""
    extra = ("epd7in3f",) if app(key).colour_screens else ()
    return GALLERY_PANELS + extra


def render_sample(key: str, sample_name: str, panel: str, lang: str,
                  resources: Resources | None = None) -> Image.Image:
    """Render one named sample of an app."""
    for name, image in _render_app(key, panel, lang, resources or Resources()):
        if name == sample_name:
            return image
    raise KeyError(f"{key} has no sample {sample_name!r}")


def sample_frames(key: str, panel: str, lang: str, resources: Resources) -> Iterator[SampleFrame]:
    """Each sample of an app, ready to draw on `panel` in `lang` (the gallery, the benchmarks)."""
    owner = app(key)
    ctx = Context(settings=Settings(language=lang, word_language=lang, panel=panel), resources=resources,
                  menu=menu())
    for sample in samples(key, ctx):
        settings = replace(ctx.settings, **sample.settings_override)
        sample_ctx = replace(ctx, settings=settings, now_ms=sample.now_ms, history=sample.history,
                             seat_buttons=sample.seat_buttons, held=sample.held,
                             menu=menu(sample.under_way) if sample.menu is None else sample.menu)
        yield SampleFrame(sample.name, owner, sample.state, sample_ctx, PANELS[panel])


@dataclass(frozen=True)
class SampleFrame:
    """One sample of one app with everything needed to render it."""

    name: str
    owner: App[Any]
    state: Any
    ctx: Context
    spec: PanelSpec

    def render(self) -> Image.Image:
        """Draw the sample on a fresh frame."""
        frame = Frame.for_panel(self.spec)
        self.owner.render(self.state, self.ctx, frame)
        return frame.image


def _render_app(key: str, panel: str, lang: str, resources: Resources) -> Iterator[tuple[str, Image.Image]]:
    for sample in sample_frames(key, panel, lang, resources):
        yield sample.name, sample.render()


def gallery_samples(resources: Resources | None = None, only: str = "") -> Iterator[tuple[str, SampleFrame]]:
    """Yield (file name, sample) for every screen, not yet drawn: screen-panel-lang.png."""
    resources = resources or Resources()
    for key in keys():
        if only and not key.startswith(only):
            continue
        for panel in panels_for(key):
            for lang in LANGUAGES:
                for sample in sample_frames(key, panel, lang, resources):
                    yield f"{key}-{sample.name}-{panel}-{lang}.png", sample


def gallery(resources: Resources | None = None, only: str = "") -> Iterator[tuple[str, Image.Image]]:
    """Yield (file name, image) for every screen: screen-panel-lang.png."""
    for name, sample in gallery_samples(resources, only):
        yield name, sample.render()


def write_gallery(out: Path, resources: Resources | None = None, only: str = "") -> int:
    """Write every screen to `out`; returns how many files were written."""
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for name, image in gallery(resources, only):
        image.save(out / name)
        count += 1
    return count
