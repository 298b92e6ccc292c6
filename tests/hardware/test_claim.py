"""One Easel at a time on the panel and pins (issue 19): a running Easel holds a lock on the
device nodes; `easel doctor` refuses to run beside it with one line saying how to stop it
(exit 2), and so does a second Easel."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from device.config import Config
from device.errors import UserError
from device.run import doctor
from device.run.cli import main
from device.run.hardware_setup import run_on_hardware
from device.settings import Settings
from hardware import claim

ROOT = Path(__file__).resolve().parents[2]
HOLD = ("import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; "
        "from hardware.claim import claim; held = claim([Path(sys.argv[2])]); "
        "print('held', flush=True); sys.stdin.read(); held.release()")


@pytest.fixture
def node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for /dev/spidev0.0 (flock treats a device node and a file alike), as the only node."""
    path = tmp_path / "spidev0.0"
    path.touch()
    monkeypatch.setattr(claim, "NODES", (path,))
    monkeypatch.setattr(doctor, "_service_state", lambda: "")
    return path


@pytest.fixture
def running(node: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process (an Easel) holding the node until its stdin closes."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(ROOT), str(node)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    yield proc
    assert proc.stdin is not None
    proc.stdin.close()
    proc.wait(timeout=10)


def test_doctor_refuses_beside_a_running_easel_in_one_line(running: subprocess.Popen[str], node: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor"]) == 2
    err = capsys.readouterr().err
    assert err == (f"easel doctor: Easel (pid {running.pid}) is using {node}: stop it first (sudo "
                   "systemctl stop easel, or quit that 'easel play'), then run doctor again\n")


def test_doctor_runs_once_that_easel_has_stopped(running: subprocess.Popen[str], node: Path) -> None:
    assert doctor.running_easel() is not None
    running.kill()  # even killed, the kernel drops its lock
    running.wait(timeout=10)
    assert doctor.running_easel() is None


def _reports(state: str) -> Callable[[], str]:
    """A stand-in for `systemctl is-active easel` that answers `state`."""
    return lambda: state


def test_doctor_refuses_while_the_service_is_running_or_starting(node: Path) -> None:
    """Between two restarts the service holds nothing, but it is about to."""
    for state in ("active", "activating", "reloading"):
        line = doctor.running_easel(service_state=_reports(state))
        assert line == (f"the easel service is {state} and drives the panel and buttons: stop it "
                        "first (sudo systemctl stop easel), then run doctor again")
    for state in ("inactive", "failed", ""):
        assert doctor.running_easel(service_state=_reports(state)) is None


def test_a_second_easel_on_the_pins_refuses_before_touching_them(running: subprocess.Popen[str],
                                                                 node: Path, tmp_path: Path) -> None:
    with pytest.raises(UserError, match=rf"{node} is in use by Easel \(pid {running.pid}\): stop it first"):
        run_on_hardware(Config(), Settings(), 1, tmp_path / "easel.db")
    assert not (tmp_path / "easel.db").exists()


def test_the_pid_comes_from_proc_locks(node: Path, tmp_path: Path) -> None:
    info = node.stat()
    locks = tmp_path / "locks"
    key = f"{(info.st_dev >> 8) & 0xfff:02x}:{info.st_dev & 0xff:02x}:{info.st_ino}"
    locks.write_text(f"1: POSIX  ADVISORY  WRITE 11 {key} 0 EOF\n2: FLOCK  ADVISORY  WRITE 4242 {key} 0 EOF\n")
    assert claim.holder_pid(node, locks) == 4242
    locks.write_text("1: FLOCK  ADVISORY  WRITE 4242 00:00:1 0 EOF\n")
    assert claim.holder_pid(node, locks) is None
    assert claim.holder_pid(node, tmp_path / "absent") is None


def test_missing_or_closed_nodes_are_skipped(tmp_path: Path) -> None:
    """On a laptop, or in a chroot, there is nothing to hold."""
    held = claim.claim([tmp_path / "gpiochip0"])
    assert held.fds == []
    assert claim.holder([tmp_path / "gpiochip0"]) is None
