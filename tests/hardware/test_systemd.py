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


def fake_apt_cache(bin_dir: Path, known: set[str]) -> None:
    """An `apt-cache` that answers `policy` like apt does: a candidate only for `known` packages."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = bin_dir / "apt-cache"
    known_words = " ".join(sorted(known))
    script.write_text(
        "#!/bin/sh\n"
        '[ "$1" = policy ] || exit 1\n'
        f'case " {known_words} " in *" $2 "*) '
        'printf "%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n" "$2" ;;\n'
        '  *) ;;\n'  # apt-cache policy prints nothing for a package no list has
        "esac\n")
    script.chmod(0o755)


def install_plan(tmp_path: Path, known: set[str], systemd_running: bool = True
                 ) -> tuple[list[str], str]:
    """The dry run of install.sh with a faked apt-cache: its steps, and everything it printed."""
    fake_apt_cache(tmp_path / "bin", known)
    run_dir = tmp_path / "run-systemd"
    if systemd_running:
        run_dir.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "EASEL_DRY_RUN": "1", "EASEL_ETC": str(tmp_path / "etc"),
           "EASEL_SYSTEMD_RUN": str(run_dir), "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}
    out = subprocess.run(["sh", str(ROOT / "systemd/install.sh")], capture_output=True,
                         text=True, env=env, check=True).stdout
    return [line[2:] for line in out.splitlines() if line.startswith("+ ")], out


DEBIAN = {"python3-venv", "python3-dev", "gcc", "libc6-dev", "swig"}


def test_install_script_plan(tmp_path: Path) -> None:
    steps, out = install_plan(tmp_path, DEBIAN | {"liblgpio-dev"})
    assert "python3 -m venv /opt/easel/venv" in steps
    assert f"/opt/easel/venv/bin/pip install {ROOT}[pi]" in steps
    assert "usermod -aG gpio,spi,dialout easel" in steps
    assert f"install -m 0644 {ROOT}/systemd/easel.toml {tmp_path}/etc/easel.toml" in steps
    assert steps.index(f"/opt/easel/venv/bin/pip install {ROOT}[pi]") \
        < steps.index('/opt/easel/venv/bin/python -c import lgpio')
    assert steps.index("apt-get update") < steps.index(f"/opt/easel/venv/bin/pip install {ROOT}[pi]")
    assert steps.index(f"install -m 0644 {ROOT}/systemd/easel.service /etc/systemd/system/easel.service") \
        < steps.index("systemctl daemon-reload")
    if not Path("/dev/spidev0.0").exists():
        assert "raspi-config nonint do_spi 0" in out


def test_install_checks_the_build_before_the_service_starts(tmp_path: Path) -> None:
    """The service is started by the user after doctor passed: doctor and the service would both
    hold the panel's pins. install.sh only restarts a service that an earlier install started."""
    steps, out = install_plan(tmp_path, DEBIAN)
    assert not any(step.startswith("systemctl enable") or step.startswith("systemctl start")
                   for step in steps)
    assert "systemctl try-restart easel.service" in steps
    doctor = out.index("sudo -u easel env GPIOZERO_PIN_FACTORY=lgpio /opt/easel/venv/bin/easel doctor")
    assert doctor < out.index("sudo systemctl enable --now easel")


def test_install_builds_from_source_with_a_compiler(tmp_path: Path) -> None:
    """RPi.GPIO and spidev have no wheels: they need gcc and Python's headers."""
    steps, _ = install_plan(tmp_path, DEBIAN)
    apt = next(step for step in steps if step.startswith("apt-get install"))
    assert {"python3-venv", "python3-dev", "gcc", "libc6-dev"} <= set(apt.split())


def test_install_asks_for_liblgpio_dev_only_where_apt_has_it(tmp_path: Path) -> None:
    """Raspberry Pi OS has liblgpio-dev; plain Debian and Ubuntu do not (the lgpio wheel serves)."""
    pi_os, _ = install_plan(tmp_path / "pi", DEBIAN | {"liblgpio-dev"})
    debian, out = install_plan(tmp_path / "debian", DEBIAN)
    assert "liblgpio-dev" in next(step for step in pi_os if step.startswith("apt-get install"))
    apt = next(step for step in debian if step.startswith("apt-get install"))
    assert "liblgpio-dev" not in apt and "swig" not in apt
    assert "lgpio comes from its wheel" in out


def test_install_in_a_chroot_says_the_service_cannot_start_there(tmp_path: Path) -> None:
    steps, out = install_plan(tmp_path, DEBIAN, systemd_running=False)
    assert not any(step.startswith("systemctl") for step in steps)
    assert "systemd is not running here (a chroot or a container)" in out
    assert f"install -m 0644 {ROOT}/systemd/easel.service /etc/systemd/system/easel.service" in steps


def test_install_keeps_an_existing_config(tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "easel.toml").write_text("# mine\n")
    steps, out = install_plan(tmp_path, DEBIAN)
    assert f"keeping the existing {tmp_path}/etc/easel.toml" in out
    assert not any("systemd/easel.toml" in step for step in steps)
    assert "systemd/easel.toml" not in out
