"""Issue 21 item 2: every file Easel reads is a regular file read within a limit, stdin lines are
capped, and a script's `# seed N` header seeds the run (issue 20 item 6)."""

from __future__ import annotations

import io
import json
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from device.errors import UserError
from device.run.cli import main
from device.run.script import stream_lines
from device.userfiles import SCRIPT_LINE_BYTES, read_bounded

SCRIPT = "press ok\npress roll\n"


@pytest.fixture
def deadline() -> Iterator[None]:
    """Fail (rather than hang the suite) if the test blocks for 20 s, as a FIFO once did."""
    def expired(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("blocked on a read")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def easel(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run the CLI: (exit code, stdout and stderr)."""
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("role", ["config", "pack", "dice", "script"])
def test_a_fifo_is_refused_at_once(role: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   deadline: None) -> None:
    """A named pipe (which once hung start-up for 28 minutes) is refused without opening it."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    script, config = tmp_path / "s.txt", tmp_path / "easel.toml"
    script.write_text(SCRIPT, encoding="utf-8")
    config.write_text({"pack": f'[words]\npacks = ["{fifo}"]\n', "dice": f'[dice]\nfile = "{fifo}"\n'}
                      .get(role, ""), encoding="utf-8")
    frames = tmp_path / "frames"
    code, text = easel(capsys, "play", "--config", str(fifo if role == "config" else config), "--headless",
                       "--script", str(fifo if role == "script" else script), "--frames", str(frames))
    what = {"pack": "word pack", "dice": "dice"}.get(role, role)
    assert code == 2
    assert text.startswith(f"easel: {fifo}: is a named pipe (FIFO), not a {what} file; check ")
    assert text.count("\n") == 1
    assert not frames.exists()


def test_a_file_that_grows_while_read_stops_at_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size is checked again while reading: a file bigger than its size said is cut off at the limit."""
    path = tmp_path / "easel.toml"
    path.write_bytes(b"#" * 5000)
    real_fstat = os.fstat

    def stale(fd: int) -> os.stat_result:  # the size as it was before the file grew
        info = list(real_fstat(fd))
        info[6] = 10
        return os.stat_result(info)

    monkeypatch.setattr("device.userfiles.os.fstat", stale)
    with pytest.raises(UserError, match=r"grew past 1,000 bytes while being read, the most a config file holds; "
                                        r"check the --config path$"):
        read_bounded(path, "config", 1000, "check the --config path")
    assert read_bounded(path, "config", 5000, "check the --config path") == b"#" * 5000


class Endless(io.RawIOBase):
    """A stdin that sends one line of `size` bytes, then `tail`, generating it as it is read."""

    def __init__(self, size: int, tail: bytes) -> None:
        self.left = size
        self.tail = tail
        self.largest = 0  # the largest read asked of it

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        self.largest = max(self.largest, len(buffer))
        if self.left:
            n = min(len(buffer), self.left)
            buffer[:n] = b"x" * n
            self.left -= n
            return n
        n = min(len(buffer), len(self.tail))
        buffer[:n], self.tail = self.tail[:n], self.tail[n:]
        return n


def test_a_line_too_long_on_stdin_is_skipped_without_being_kept() -> None:
    """A 50 MB line (once 820 MB of memory for 400 MB) is refused in pieces of the cap; the next line runs."""
    source = Endless(50_000_000, b"\npress ok\n")
    lines = list(stream_lines(io.BufferedReader(source, buffer_size=8192)))
    assert [n for n, _ in lines] == [1, 2]
    refused, ok = lines[0][1], lines[1][1]
    assert isinstance(refused, UserError)
    assert str(refused) == (f"<stdin>:1: a line longer than {SCRIPT_LINE_BYTES:,} bytes; send one step a line, "
                            "e.g. 'press ok'")
    assert ok == "press ok\n"
    assert source.largest <= 8192


def run_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
              data: bytes) -> list[str]:
    """`easel play --headless --script -` fed `data`: the acknowledgement lines."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code, text = easel(capsys, "play", "--headless", "--script", "-", "--frames", str(tmp_path / "f"),
                       "--db", str(tmp_path / "e.db"), "--seed", "1")
    assert code == 0, text
    return [line for line in text.splitlines() if not line.endswith("state.json")]


def test_stdin_that_is_not_utf8_names_the_encoding(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Bytes that are not UTF-8 say so (not "unknown step '\\udcff\\udcfe'"); the next line runs."""
    acks = run_stdin(capsys, monkeypatch, tmp_path, b"\xff\xfe\npress ok\n")
    assert acks == ["error <stdin>:1: not UTF-8 text; send the script as UTF-8", "ok 2"]


def test_a_seed_header_on_stdin_is_refused_with_the_fix(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A streamed script has started before its lines arrive: a seed line there says to use --seed."""
    acks = run_stdin(capsys, monkeypatch, tmp_path, b"# seed 5\npress ok\n")
    assert acks == ["error <stdin>:1: a '# seed N' header is read from a script file only; give --seed N with "
                    "--script -", "ok 2"]


def final_state(tmp_path: Path, name: str, script: Path, *extra: str) -> dict[str, object]:
    """The state.json of a headless run of `script`."""
    frames = tmp_path / name
    assert main(["play", "--headless", "--script", str(script), "--frames", str(frames),
                 "--db", str(tmp_path / f"{name}.db"), *extra]) == 0
    state: dict[str, object] = json.loads((frames / "state.json").read_text(encoding="utf-8"))
    return state


def test_the_seed_header_seeds_the_run_and_the_flag_wins(tmp_path: Path) -> None:
    """`# seed N` plays as `--seed N` does; `--seed` overrides it; it overrides the config's seed."""
    script = tmp_path / "s.txt"
    script.write_text("# seed 21\n# a comment\n" + SCRIPT, encoding="utf-8")
    bare = tmp_path / "bare.txt"
    bare.write_text(SCRIPT, encoding="utf-8")
    config = tmp_path / "easel.toml"
    config.write_text("[easel]\nseed = 5\n", encoding="utf-8")
    from_header = final_state(tmp_path, "header", script)
    assert from_header["seed"] == 21
    assert from_header == final_state(tmp_path, "flag", bare, "--seed", "21")
    assert final_state(tmp_path, "both", script, "--seed", "8")["seed"] == 8
    assert final_state(tmp_path, "config", script, "--config", str(config))["seed"] == 21
