"""The cyclic garbage collector during a start: paused, then the start's objects frozen.

A start imports Easel and resumes the saved session: tens of thousands of objects, made at
once, most of them living as long as the process (modules, classes, functions). The collector
would walk them again and again while they are made (about 6 ms of a 0.15 s start here), and
every full collection after would walk them once more, in the middle of a press. So the `easel`
command pauses it before it imports anything (device/run/startup.py) and, once the first frame
has gone to the panel (or at once, for a command that shows none), `done` freezes what exists
(never walked again) and lets it collect as usual.

The price: what is frozen is never collected, so garbage in cycles among it stays. A start
leaves 582 such objects behind (about 80 KB, once); and in the browser simulator, the runner a
panel or language switch replaces stays in memory once (it and its press pipeline refer to each
other).
"""

from __future__ import annotations

import gc


def pause() -> None:
    """Pause the collector for the start (the `easel` command's first step)."""
    gc.disable()


def done() -> None:
    """End the start: freeze what it made and collect from now on (nothing if never paused)."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()
