"""The cyclic garbage collector during a start: paused, then the start's objects frozen.

A start imports Easel and resumes the saved session: tens of thousands of objects, made at
once, that live as long as the process (modules, classes, functions, the resumed states). The
collector would walk them again and again while they are made (about 6 ms of a 0.15 s start
here), and every full collection after would walk them once more, in the middle of a press. So
the `easel` command pauses it before it imports anything (device/run/startup.py) and, once the
first frame has gone to the panel, `done` freezes what exists (never walked again) and lets it
collect as usual.
"""

from __future__ import annotations

import gc


def pause() -> None:
    """Pause the collector for the start (the `easel` command's first step)."""
    gc.disable()


def done() -> None:
    """The start is over (the first frame is shown, or the command draws none): freeze what the
    start made and collect from now on. Nothing when the collector was not paused (tests)."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()
