"""Bad input gives one clear line naming the file, line and fix, exit code 2, and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_mock import MockerFixture

from device.run.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run the CLI; return the exit code and stderr."""
    code = main(list(args))
    return code, capsys.readouterr().err


def play_with_config(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str, Path]:
    """Write `text` as easel.toml and run a one-press headless game with it: (exit code, stderr, config)."""
    config = tmp_path / "easel.toml"
    config.write_text(text, encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("press ok\n", encoding="utf-8")
    code, err = run(capsys, "play", "--config", str(config), "--headless", "--script", str(script),
                    "--frames", str(tmp_path / "frames"))
    return code, err, config


CONFIG_CASES = [
    ("[easel]\nlanguage = \"en\"\ncolour = 3\n", ":3: unknown key 'colour' in [easel]; known keys: "),
    ("[easel]\nlanguage = \"de\"\n", ":2: language = 'de' is out of range; use en or fr"),
    ("[easel]\nsandglass_s = \"90\"\n", ":2: sandglass_s = '90' has the wrong type; use 30 to 300 in steps of 10"),
    ("[easel]\nsandglass_s = 500\n", ":2: sandglass_s = 500 is out of range; use 30 to 300 in steps of 10"),
    ("[easel]\nplayers = 9\n", ":2: players = 9 is out of range; use 1 to 8 (the Toolbox's table size)"),
    ("[easel]\nplayers = 2.5\n", ":2: players = 2.5 has the wrong type; use 1 to 8 (the Toolbox's table size)"),
    ("[display]\npanel = \"epd9in9\"\n", ":2: panel = 'epd9in9' is out of range; use simulator or one of "),
    ("[easel\nlanguage = 1\n", ":1: malformed TOML ("),
    ("\n[sound]\nvolume = 3\n", ":2: unknown section [sound]; known: "),
]


@pytest.mark.parametrize(("text", "expected"), CONFIG_CASES)
def test_bad_config_is_one_line_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    """A config mistake names file and line, says how to fix it, exits 2, writes no frames."""
    code, err, config = play_with_config(tmp_path, capsys, text)
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith(f"easel: {config}{expected}")
    assert not (tmp_path / "frames").exists()


SCRIPT_CASES = [
    ("press ok\npress jump\n", ":2: unknown button 'jump'; use one of up, down, ok, back, roll, timer, seat1..seat8"),
    ("wait -3\n", ":1: wait -3 is out of range; use 0 to 86400 seconds"),
    ("wait soon\n", ":1: 'soon' is not a number of seconds; write e.g. 'wait 1.5'"),
    ("# fine\n\nshake seat1\n", ":3: unknown step 'shake'; use press NAME, hold NAME or wait SECONDS"),
    ("press\n", ":1: 'press' needs one button, e.g. 'press ok'"),
]


@pytest.mark.parametrize(("text", "expected"), SCRIPT_CASES)
def test_bad_script_line_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    """An unreadable script line is reported with file and line; nothing is written."""
    script = tmp_path / "game.txt"
    script.write_text(text, encoding="utf-8")
    frames = tmp_path / "frames"
    code, err = run(capsys, "play", "--headless", "--script", str(script), "--frames", str(frames))
    assert code == 2
    assert err == f"easel: {script}{expected}\n"
    assert not frames.exists()


def test_missing_script_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A script path that does not exist is one line."""
    code, err = run(capsys, "play", "--headless", "--script", str(tmp_path / "nope.txt"))
    assert code == 2
    assert err == f"easel: {tmp_path / 'nope.txt'}: no such script file; check the --script path\n"


def test_unknown_panel_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--panel names the vendor's models when it does not know one."""
    script = tmp_path / "s.txt"
    script.write_text("press ok\n", encoding="utf-8")
    code, err = run(capsys, "play", "--panel", "epd1in0", "--headless", "--script", str(script))
    assert code == 2
    assert err.startswith("easel: --panel: unknown panel model 'epd1in0'; choose one of: epd2in13_V4")


PIN_CASES = [
    ("[buttons]\nprofile = \"hat27\"\n[buttons.pins]\nseat1 = 5\n",
     ':4: button "seat1": GPIO 5 is already used by "up"; give it its own pin such as '),
    ("[buttons]\nprofile = \"table\"\n[buttons.pins]\nseat3 = 24\n",
     ":4: button \"seat3\": GPIO 24 is the e-paper panel's BUSY pin; move it to a free pin such as "),
    ("[buttons.pins]\nseat1 = 7\n",
     ":2: button \"seat1\": GPIO 7 is the e-paper panel's SPI0 CE1 pin; move it to a free pin such as "),
    ("[buttons.pins]\njump = 12\n", ':2: unknown button "jump"; buttons are: up, down, ok'),
    ("[buttons]\nprofile = \"table\"\n[buzzer]\npin = 4\n",
     ':4: the buzzer: GPIO 4 is already used by "seat1"; give it its own pin such as '),
]


@pytest.mark.parametrize(("text", "expected"), PIN_CASES)
def test_bad_pin_map_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    """A pin used twice, a pin the panel needs, an unknown button: file, line, fix; exit 2."""
    code, err, config = play_with_config(tmp_path, capsys, text)
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith(f"easel: {config}{expected}"), err
    assert not (tmp_path / "frames").exists()


PACK_CASES = [
    ("\n".join([f"word{i}" for i in range(10)] + ["word3"] + [f"more{i}" for i in range(40)]).encode(),
     ":11: duplicate word 'word3' (first on line 4); remove one"),
    (b"# nothing here\n\n", ": the word pack is empty; add one word per line"),
    ("\n".join(f"word{i}" for i in range(12)).encode(), ": only 12 words, at least 40 are needed"),
    ("\n".join(["caf\u00e9"] * 1).encode("latin-1") + b"\n", ":1: not UTF-8 text; save the word pack as UTF-8"),
]


@pytest.mark.parametrize(("data", "expected"), PACK_CASES)
def test_broken_word_pack_stops_start_up(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         data: bytes, expected: str) -> None:
    """A duplicate, empty, too small or non-UTF-8 pack: file and line, before anything is written."""
    pack = tmp_path / "words.txt"
    pack.write_bytes(data)
    code, err, _ = play_with_config(tmp_path, capsys, '[words]\npacks = ["words.txt"]\n')
    assert code == 2
    assert err.startswith(f"easel: {pack}{expected}") and err.count("\n") == 1
    assert not (tmp_path / "frames").exists()


def test_missing_serial_pad_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        mocker: MockerFixture) -> None:
    """A serial device path that does not exist: one line naming it and the config key; exit 2."""
    mocker.patch("device.run.hardware_setup.open_display")
    config = tmp_path / "easel.toml"
    config.write_text('[display]\npanel = "epd2in7_V2"\n[buttons]\nserial = "/dev/serial/by-id/no-pad"\n',
                      encoding="utf-8")
    code, err = run(capsys, "play", "--config", str(config), "--db", str(tmp_path / "x.db"))
    assert code == 2
    assert err == (f"easel: {config}: /dev/serial/by-id/no-pad: no such serial device; "
                   "check [buttons] serial in your config\n")
    assert not (tmp_path / "x.db").exists()
