"""Issue 28: every command the app prints works exactly as printed, whether or not the install
put `easel` on the PATH (the README's install command leaves it alone: `.venv/bin/easel`)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from device.invocation import easel_command
from tests.conftest import ROOT

VENV_EASEL = Path(sys.executable).parent / "easel"


def test_started_by_a_path_the_hint_repeats_that_path() -> None:
    assert easel_command([".venv/bin/easel", "play"], which=lambda _: None) == ".venv/bin/easel"
    assert easel_command(["/opt/easel/venv/bin/easel"], which=lambda _: "/usr/bin/easel") == \
        "/opt/easel/venv/bin/easel"
    assert easel_command(["/my dir/.venv/bin/easel"], which=lambda _: None) == "'/my dir/.venv/bin/easel'"


def test_started_from_the_path_the_hint_says_easel() -> None:
    assert easel_command(["easel", "play"], which=lambda _: "/usr/local/bin/easel") == "easel"
    assert easel_command([str(VENV_EASEL)], which=lambda _: str(VENV_EASEL)) == "easel"
    assert easel_command(["-m"], which=lambda _: None) == "easel"


@pytest.mark.skipif(not VENV_EASEL.exists(), reason="the tests run outside a venv with easel installed")
def test_the_printed_command_runs_from_where_it_was_started() -> None:
    """The hint of an Easel started as `.venv/bin/easel` (no `easel` on the PATH) runs as printed."""
    started = os.path.relpath(VENV_EASEL, ROOT)
    command = easel_command([started], which=lambda _: None)
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    done = subprocess.run([*shlex.split(command), "--version"], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("easel ")
