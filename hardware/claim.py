"""One Easel at a time on the Pi's panel and pins: an exclusive `flock` on the device nodes.

A running Easel (the service or an `easel play` started by hand) holds the lock on every SPI
and GPIO node it can open; `easel doctor` and a second Easel find it held and say who holds it.
The lock is on the device node itself, so it is seen across users, the service's private mounts
and a chroot, with or without systemd; the kernel drops it when the process dies, even by
SIGKILL, so a crash never leaves a stale lock.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

NODES = (Path("/dev/spidev0.0"), Path("/dev/gpiochip0"), Path("/dev/gpiochip4"))
LOCKS = Path("/proc/locks")


class DevicesBusy(OSError):
    """Another process holds the lock on a device node."""

    def __init__(self, node: Path, pid: int | None) -> None:
        self.node = node
        self.pid = pid
        by = f"Easel (pid {pid})" if pid is not None else "another Easel"
        super().__init__(f"{node} is held by {by}")


@dataclass
class Claim:
    """The open, locked device nodes; `release` (or the process's end) lets them go."""

    fds: list[int]

    def release(self) -> None:
        """Unlock and close every node."""
        for fd in self.fds:
            os.close(fd)  # closing the only descriptor drops its flock
        self.fds = []


def _open(node: Path) -> int | None:
    """A read-only descriptor of `node`, or None when it is missing or not ours to open."""
    try:
        return os.open(node, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return None


def claim(nodes: Sequence[Path] | None = None, locks: Path | None = None) -> Claim:
    """Lock every node (default NODES) that exists and opens; DevicesBusy if another process
    holds one."""
    held = Claim([])
    for node in NODES if nodes is None else nodes:
        fd = _open(node)
        if fd is None:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            held.release()
            raise DevicesBusy(node, holder_pid(node, LOCKS if locks is None else locks)) from None
        held.fds.append(fd)
    return held


def holder(nodes: Sequence[Path] | None = None, locks: Path | None = None) -> DevicesBusy | None:
    """Who holds one of the nodes (without keeping any lock), or None if nobody does."""
    try:
        claim(nodes, locks).release()
    except DevicesBusy as busy:
        return busy
    return None


def holder_pid(node: Path, locks: Path = LOCKS) -> int | None:
    """The pid /proc/locks gives for the flock on `node`, if it can be read."""
    try:
        info = node.stat()
        lines = locks.read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    # "1: FLOCK  ADVISORY  WRITE 1234 00:05:321 0 EOF": major and minor in hex, the inode in decimal
    wanted = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    for line in lines:
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == wanted and fields[4].isdigit():
            return int(fields[4])
    return None
