"""`easel gallery`: every screen of every app at every panel size in both languages, as PNGs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from PIL import Image

from device.apps import app, available
from device.apps.base import Context
from device.history import GameRecord
from device.i18n import LANGUAGES
from device.render.frame import Frame
from device.resources import Resources
from device.settings import Settings
from hardware.panels import GALLERY_PANELS, PANELS


def panels_for(key: str) -> tuple[str, ...]:
    """The panels an app's screens are shown on: every size, plus colour if the app draws colour."""
    owner = app(key)
    extra = ("epd7in3f",) if getattr(owner, "colour_screens", False) else ()
    return GALLERY_PANELS + extra


def render_sample(key: str, sample_name: str, panel: str, lang: str,
                  resources: Resources | None = None) -> Image.Image:
    """Render one named sample of an app."""
    for name, image in _render_app(key, panel, lang, resources or Resources()):
        if name == sample_name:
            return image
    raise KeyError(f"{key} has no sample {sample_name!r}")


def _render_app(key: str, panel: str, lang: str, resources: Resources) -> Iterator[tuple[str, Image.Image]]:
    owner = app(key)
    assert owner is not None
    spec = PANELS[panel]
    ctx = Context(settings=Settings(language=lang, word_language=lang, panel=panel), resources=resources)
    for sample in owner.samples(ctx):
        settings = replace(ctx.settings, **sample.settings_override)
        sample_ctx = replace(ctx, settings=settings, now_ms=sample.now_ms, history=_sample_history(key, sample.name))
        frame = Frame(spec.width, spec.height, spec.colour, coarse_time=spec.partial == "none")
        owner.render(sample.state, sample_ctx, frame)
        yield sample.name, frame.image


def _sample_history(key: str, sample_name: str) -> tuple[GameRecord, ...]:
    """The Statistics samples show a small made-up history; every other screen none."""
    if key == "stats" and sample_name != "empty":
        from device.apps.stats import SAMPLE_HISTORY

        return SAMPLE_HISTORY
    return ()


def gallery(resources: Resources | None = None, only: str = "") -> Iterator[tuple[str, Image.Image]]:
    """Yield (file name, image) for every screen: screen-panel-lang.png."""
    resources = resources or Resources()
    for key in available():
        if only and not key.startswith(only):
            continue
        for panel in panels_for(key):
            for lang in LANGUAGES:
                for name, image in _render_app(key, panel, lang, resources):
                    yield f"{key}-{name}-{panel}-{lang}.png", image


def write_gallery(out: Path, resources: Resources | None = None, only: str = "") -> int:
    """Write every screen to `out`; returns how many files were written."""
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for name, image in gallery(resources, only):
        image.save(out / name)
        count += 1
    return count
