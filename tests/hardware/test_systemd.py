"""The service unit passes `systemd-analyze verify` cleanly and is hardened (exposure <= 1.5)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "easel.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None,
                                   reason="systemd-analyze is not installed on this machine")


def unit_setting(key: str) -> list[str]:
    return [line.split("=", 1)[1] for line in UNIT.read_text().splitlines()
            if line.startswith(key + "=")]


def verify_in_root(root: Path, unit_text: str) -> tuple[int, str]:
    """`systemd-analyze verify` in an offline root holding the host's stock units (targets the
    unit depends on), the unit, and the venv's entry point, which only exists on an installed Pi.
    """
    system = next((p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system"))
                   if p.is_dir()), None)
    if system is None:
        pytest.skip("no systemd unit directory on this machine to verify against")
    shutil.copytree(system, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    (root / "etc/systemd/system/easel.service").write_text(unit_text)
    entry = root / "opt/easel/venv/bin/easel"
    entry.parent.mkdir(parents=True)
    entry.write_text("#!/bin/sh\n")
    entry.chmod(0o755)
    result = subprocess.run([str(ANALYZE), "verify", f"--root={root}", "easel.service"],
                            capture_output=True, text=True)
    return result.returncode, (result.stdout + result.stderr).strip()


@needs_analyze
def test_the_unit_verifies_without_any_warning(tmp_path: Path) -> None:
    code, output = verify_in_root(tmp_path, UNIT.read_text())
    assert code == 0 and output == ""


@needs_analyze
def test_verify_would_catch_a_mistake(tmp_path: Path) -> None:
    broken = UNIT.read_text().replace("[Install]", "Restart=sometimes\n[Install]")
    _, output = verify_in_root(tmp_path, broken)
    assert "restart specifier" in output  # a warning only, with exit code 0: hence the check


@needs_analyze
def test_security_exposure_is_at_most_1_5() -> None:
    result = subprocess.run([str(ANALYZE), "security", "--offline=true", str(UNIT)],
                            capture_output=True, text=True, env={**os.environ, "LANG": "C"})
    match = re.search(r"Overall exposure level for easel\.service: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= 1.5


def test_the_unit_runs_easel_as_its_own_user_with_notify_and_watchdog() -> None:
    assert unit_setting("Type") == ["notify"]
    assert unit_setting("WatchdogSec")
    assert unit_setting("Restart") == ["on-failure"]
    assert unit_setting("User") == ["easel"]
    assert unit_setting("SupplementaryGroups") == ["gpio spi dialout"]
    assert unit_setting("StateDirectory") == ["easel"]
    assert unit_setting("RuntimeDirectory") == ["easel"]
    assert "LG_WD=/run/easel" in unit_setting("Environment")
    assert "GPIOZERO_PIN_FACTORY=lgpio" in unit_setting("Environment")  # RPi.GPIO fails on a Pi 5
    assert unit_setting("ExecStart") == [
        "/opt/easel/venv/bin/easel play --config /etc/easel/easel.toml"]
    assert unit_setting("RestrictAddressFamilies") == ["AF_UNIX"]
    assert not unit_setting("PrivateDevices")
    allowed = unit_setting("DeviceAllow")
    assert {"char-gpiochip rw", "char-spi rw", "char-ttyACM rw"} <= set(allowed)
