"""Each app's screens need only its own texts and the shared ones: in a fresh process that loads
that one app through the loader (as a start does), every gallery sample renders at the smallest
and largest panel in both languages, and presses on each sample find every soft-key label, with
no KeyError from the catalog (device/strings/all.py no longer imports other apps' tables on a
missing key: a text two apps share belongs to device/strings/)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from device.framework.registry import keys
from tests.conftest import ROOT

CODE = """
import sys
from device.run.gallery import render_sample, sample_frames
from device.framework.resources import Resources
from device.framework.loader import app
key = sys.argv[1]
count = 0
for lang in ("en", "fr"):
    for panel in ("epd2in13_V4", "epd7in5_V2"):
        for sample in sample_frames(key, panel, lang, Resources()):
            render_sample(key, sample.name, panel, lang)
            if hasattr(sample.owner, "bindings"):
                sample.owner.bindings(sample.state, sample.ctx)
            count += 1
others = sorted(m for m in sys.modules if m.startswith("device.games.") and not m.startswith(f"device.games.{key}")
                and m.rsplit(".", 1)[-1] in ("app", "strings", "screens", "keys"))
print(count, others)
"""


@pytest.mark.parametrize("key", keys())
def test_an_app_draws_with_its_own_texts_alone(key: str) -> None:
    """Rendering every sample of one app, alone in its process, needs no other game's texts (nor
    its app, screens or keys: a gallery sample may read another game's descriptor)."""
    done = subprocess.run([sys.executable, "-c", CODE, key], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    count, others = done.stdout.split(" ", 1)
    assert int(count) > 0 and others.strip() == "[]", done.stdout
