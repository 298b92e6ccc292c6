"""`easel play --web` from the command line: flags, one-line errors, q and Ctrl-C, the default."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from device.run.cli import desktop_session, main
from device.run.web.run import network_url
from device.storage.store import Store

READ_LIMIT_S = 30.0


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """main() in process: exit code and stderr."""
    code = main(list(argv))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("port", ["99999", "-1", "http", "84.21"])
def test_a_bad_port_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], port: str) -> None:
    """Exit 2, one line naming --port and the range, nothing created."""
    code, err = run(capsys, "play", "--web", "--no-browser", "--port", port, "--db", str(tmp_path / "e.db"))
    assert code == 2
    assert err == f"easel: --port {port}: not a port number; use 1-65535 (default 8421, 0 = any free port)\n"
    assert list(tmp_path.iterdir()) == []


def test_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Another program on the port: exit 2, one line saying so, nothing created."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, err = run(capsys, "play", "--web", "--no-browser", "--port", str(port), "--db", str(tmp_path / "e.db"))
    assert code == 2
    assert err == (f"easel: --port {port}: already in use on 127.0.0.1 (another easel play --web?); "
                   "choose another with --port N\n")
    assert list(tmp_path.iterdir()) == []


def test_a_foreign_bind_address_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An address this machine does not have: exit 2, one line."""
    code, err = run(capsys, "play", "--web", "--no-browser", "--bind", "192.0.2.1", "--port", "0",
                    "--db", str(tmp_path / "e.db"))
    assert code == 2 and err.startswith("easel: --bind 192.0.2.1: not an address of this machine") \
        and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_web_flags_need_the_web(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--port/--bind/--no-browser with the terminal simulator, or --web with a real panel: one line."""
    code, err = run(capsys, "play", "--terminal", "--port", "9000", "--db", str(tmp_path / "e.db"))
    assert (code, err) == (2, "easel: --port goes with the browser simulator; add --web\n")
    config = tmp_path / "easel.toml"
    config.write_text('[display]\npanel = "epd2in7_V2"\n', encoding="utf-8")
    code, err = run(capsys, "play", "--web", "--config", str(config), "--db", str(tmp_path / "e.db"))
    assert code == 2
    assert err == (f'easel: --web: {config} drives a real panel (epd2in7_V2); set [display] panel = "simulator" '
                   "to simulate one\n")
    assert not (tmp_path / "e.db").exists()


@pytest.mark.parametrize(("env", "platform", "expected"), [
    ({"DISPLAY": ":0"}, "linux", True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
    ({}, "linux", False),  # a console, a container, CI
    ({"DISPLAY": "localhost:10.0", "SSH_CONNECTION": "10.0.0.2 5000 10.0.0.3 22"}, "linux", False),  # ssh -X
    ({"SSH_TTY": "/dev/pts/1"}, "darwin", False),
    ({}, "darwin", True),
    ({}, "win32", True),
])
def test_the_default_simulator_follows_the_session(env: dict[str, str], platform: str, expected: bool) -> None:
    """A desktop gets the page; SSH and consoles get the terminal."""
    assert desktop_session(env, platform) is expected


def _start(tmp_path: Path, *argv: str, stdin: int | None = None,
           env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "device.run.cli", "play", *argv, "--db", str(tmp_path / "e.db")],
                            stdin=stdin if stdin is not None else subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)


def _read_until(stream: object, pattern: str) -> str:
    """Read a child's output until `pattern` appears (bounded, so a hang fails instead of blocking)."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    seen = b""
    while not re.search(pattern.encode(), seen):
        ready, _, _ = select.select([fd], [], [], READ_LIMIT_S)
        assert ready, f"no {pattern!r} in {seen!r}"
        chunk = os.read(fd, 4096)
        assert chunk, f"output ended before {pattern!r}: {seen!r}"
        seen += chunk
    return seen.decode()


def _press(url: str, button: str) -> None:
    request = urllib.request.Request(url + "press", data=json.dumps({"button": button}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200


def _saved_mode(tmp_path: Path) -> str:
    store = Store(tmp_path / "e.db")
    saved = store.load()
    store.close()
    assert saved is not None
    return str(saved[0]["mode"])


def test_q_on_the_terminal_stops_and_the_game_is_saved(tmp_path: Path) -> None:
    """On a terminal: the address is printed, q stops it, the press made on the page is saved."""
    controller, terminal = pty.openpty()
    proc = _start(tmp_path, "--web", "--no-browser", "--port", "0", stdin=terminal)
    os.close(terminal)
    try:
        out = _read_until(proc.stdout, r"\(q or Ctrl-C to stop\)")
        url = re.search(r"http://127\.0\.0\.1:\d+/", out)
        assert url is not None
        _press(url.group(0), "ok")
        os.write(controller, b"q")
        assert proc.wait(READ_LIMIT_S) == 0
    finally:
        os.close(controller)
        if proc.poll() is None:
            proc.kill()
    assert proc.stdout is not None and b"the game is saved" in proc.stdout.read()
    assert _saved_mode(tmp_path) == "toolbox"


def test_ctrl_c_stops_and_another_bind_address_warns(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) stops it cleanly; --bind 0.0.0.0 serves with a warning on stderr."""
    proc = _start(tmp_path, "--web", "--no-browser", "--port", "0", "--bind", "0.0.0.0")
    try:
        out = _read_until(proc.stdout, r"\(Ctrl-C to stop\)")
        url = re.search(r"http://127\.0\.0\.1:\d+/", out)
        assert url is not None
        port = int(url.group(0).rsplit(":", 1)[1].strip("/"))  # 127.0.0.1 is not the others' address:
        assert f"Others on the network: {network_url(socket.gethostname(), port)}" in out  # this machine's name
        _press(url.group(0), "ok")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(READ_LIMIT_S) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.stderr is not None
    assert proc.stderr.read().decode() == ("easel: warning: --bind 0.0.0.0 lets anyone who can reach this machine "
                                           "see the game and press its buttons\n")
    assert _saved_mode(tmp_path) == "toolbox"


def test_plain_easel_play_opens_the_page_on_a_desktop_and_the_terminal_over_ssh(tmp_path: Path) -> None:
    """The README's first command: the page on a desktop, the terminal simulator in an SSH session."""
    base = {k: v for k, v in os.environ.items() if k not in ("SSH_CONNECTION", "SSH_TTY", "DISPLAY",
                                                           "WAYLAND_DISPLAY")}
    proc = _start(tmp_path, "--no-browser", "--port", "0", env={**base, "DISPLAY": ":99"})
    try:
        assert "Easel is on http://127.0.0.1:" in _read_until(proc.stdout, r"to stop\)")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(READ_LIMIT_S) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    ssh = _start(tmp_path, env={**base, "DISPLAY": ":99", "SSH_CONNECTION": "10.0.0.2 5000 10.0.0.3 22"})
    _, err = ssh.communicate(timeout=READ_LIMIT_S)
    assert ssh.returncode == 2 and b"the terminal simulator needs a terminal" in err  # the terminal one was chosen


def test_bind_ipv6_loopback_serves_without_a_warning(tmp_path: Path) -> None:
    """--bind ::1 is an address (it was refused as "not an address"): the page is on [::1], no warning."""
    proc = _start(tmp_path, "--web", "--no-browser", "--port", "0", "--bind", "::1")
    try:
        out = _read_until(proc.stdout, r"\(Ctrl-C to stop\)")
        url = re.search(r"http://\[::1\]:\d+/", out)
        assert url is not None, out
        _press(url.group(0), "ok")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(READ_LIMIT_S) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.stderr is not None and proc.stderr.read() == b""
    assert _saved_mode(tmp_path) == "toolbox"


def test_a_name_that_is_no_address_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--bind with a name that does not resolve: exit 2, one line with examples, nothing created."""
    code, err = run(capsys, "play", "--web", "--no-browser", "--bind", "no-such-host.invalid", "--port", "0",
                    "--db", str(tmp_path / "e.db"))
    assert code == 2
    assert err == ("easel: --bind no-such-host.invalid: not an address; give an IP address of this machine, "
                   "e.g. 127.0.0.1, ::1, 0.0.0.0 or ::\n")
    assert list(tmp_path.iterdir()) == []
