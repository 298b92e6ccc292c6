"""The command that runs this Easel, as the user must type it in the directory it was started
from: `easel` when that name on the PATH is this very program, else the path that started it
(`.venv/bin/easel` right after the README's install command, which leaves the PATH alone)."""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

NAME = "easel"


def easel_command(argv: Sequence[str] | None = None, which: Callable[[str], str | None] | None = None) -> str:
    """The words that start Easel from the current directory, for hints such as "Or the browser:
    .venv/bin/easel play --web" (`which` looks a name up on the PATH: shutil.which by default)."""
    words = sys.argv if argv is None else argv
    started = words[0] if words else ""
    if Path(started).name != NAME:  # python -m, a test runner: the user's own way to start it is the name
        return NAME
    if which is None:
        import shutil  # only here: a start that names no command does not import it (nor bz2, lzma)

        which = shutil.which
    found = which(NAME)
    if found is not None and _same_file(found, started):
        return NAME
    if os.sep not in started:  # found on the PATH when it started
        return NAME
    return shlex.quote(started)


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
