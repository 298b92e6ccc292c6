"""Issue 31 item 4: one Easel per database, whatever path names it. The lock is on the database
file itself and on DB.lock beside its real path, so a symbolic link (to the file or to its
directory), a `..` path, a hard link and a bind mount all meet the same lock; issue 28: a second
Easel is told at once who holds the database, with one line and exit 2, instead of waiting 10 s
in silence. Real files, real locks and (for two Easels) real processes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from device.errors import UserError
from device.storage import store_file
from device.storage.store import Store
from tests.conftest import ROOT
from tests.device.test_store_faults import headless, rolls_on_disk, send

IN_USE = r"the database is in use by another Easel"


def _symlink_to_file(real: Path, base: Path) -> Path:
    if not real.exists():
        Store(real).close()  # a link to nothing is refused (test_bad_input_storage.py)
    (base / "link.db").symlink_to(real)
    return base / "link.db"


def _symlink_to_directory(real: Path, base: Path) -> Path:
    (base / "linkdir").symlink_to(real.parent, target_is_directory=True)
    return base / "linkdir" / real.name


def _dotdot(real: Path, base: Path) -> Path:
    (base / "elsewhere").mkdir()
    return base / "elsewhere" / ".." / real.parent.name / real.name


def _hard_link(real: Path, base: Path) -> Path:
    Store(real).close()  # a hard link needs the file to exist
    os.link(real, base / "hard.db")
    return base / "hard.db"


ALIASES: dict[str, Callable[[Path, Path], Path]] = {
    "symlink to the file": _symlink_to_file, "symlink to its directory": _symlink_to_directory,
    "a .. path": _dotdot, "a hard link": _hard_link,
}


@pytest.fixture
def real(tmp_path: Path) -> Path:
    """Where the database really is (not created yet)."""
    (tmp_path / "data").mkdir()
    return tmp_path / "data" / "easel.db"


@pytest.mark.parametrize("alias", ALIASES, ids=list(ALIASES))
@pytest.mark.parametrize("first", ["real path first", "alias first"])
def test_another_path_to_the_same_database_meets_the_lock(real: Path, tmp_path: Path, alias: str, first: str) -> None:
    other = ALIASES[alias](real, tmp_path)
    holder, second = (real, other) if first == "real path first" else (other, real)
    held = Store(holder)
    with pytest.raises(UserError, match=IN_USE):
        Store(second)
    held.close()
    Store(second).close()  # the lock goes with the Easel that held it


def test_a_bind_mount_of_the_directory_meets_the_lock(real: Path, tmp_path: Path) -> None:
    """The same directory mounted at another place (root only: mount --bind)."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "--bind", str(real.parent), str(mount)],
                                           capture_output=True).returncode:
        pytest.skip("a bind mount needs root")
    try:
        held = Store(real)
        with pytest.raises(UserError, match=IN_USE):
            Store(mount / real.name)
        held.close()
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_another_database_in_the_same_directory_is_free(real: Path) -> None:
    """The lock is per database, not per directory."""
    held = Store(real)
    Store(real.with_name("other.db")).close()
    held.close()


def test_a_second_easel_is_refused_at_once(real: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: no silent wait before saying the database is in use (nothing sleeps)."""
    held = Store(real)
    link = _symlink_to_file(real, tmp_path)

    def no_wait(seconds: float) -> None:
        raise AssertionError(f"the second Easel waited {seconds} s")

    monkeypatch.setattr("time.sleep", no_wait)
    with pytest.raises(UserError, match=IN_USE + r"; stop the other one first"):
        Store(link)
    held.close()


@pytest.fixture
def first_easel(real: Path, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """A real `easel play --headless` on the real path, one press in."""
    proc = headless(real, tmp_path / "f1")
    assert send(proc, "press ok") == "ok 1"
    yield proc
    if proc.poll() is None:
        proc.kill()
        proc.communicate(timeout=30)


def test_a_second_easel_process_through_a_symlink_is_refused(real: Path, tmp_path: Path,
                                                            first_easel: subprocess.Popen[str]) -> None:
    """The case the issue found: two Easels on one database through a link, one overwriting the
    other's acknowledged presses. The second now stops at once with one line naming the first's
    pid, exit 2; the first's presses stay its own."""
    link = _symlink_to_file(real, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", "-", "--db", str(link),
         "--frames", str(tmp_path / "f2")], cwd=ROOT, input="press roll\npress roll\n", capture_output=True,
        text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"easel: --db {store_file.shown(link)}: the database is in use by another Easel (pid {first_easel.pid}); "
        "stop the other one first (q, or sudo systemctl stop easel) or give another --db"]
    assert [send(first_easel, "press roll") for _ in range(3)] == ["ok 2", "ok 3", "ok 4"]
    first_easel.communicate("", timeout=60)
    assert rolls_on_disk(link) == 3


def test_the_lock_dies_with_a_killed_easel_whatever_the_path(real: Path, tmp_path: Path,
                                                             first_easel: subprocess.Popen[str]) -> None:
    """SIGKILL leaves no stale lock: the next Easel opens the database through the link."""
    link = _symlink_to_directory(real, tmp_path)
    with pytest.raises(UserError, match=IN_USE + r" \(pid \d+\)"):
        Store(link)
    first_easel.kill()
    first_easel.communicate(timeout=30)
    Store(link).close()
