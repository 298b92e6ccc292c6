"""Issue 14's bad-input battery: every case runs the real `easel` command line and must give
exit code 2 and exactly one line (stdout and stderr together) of at most 200 characters that
names the file, line or flag and the fix, quotes at most 40 characters of the bad value, and
leaves every file as it was (names, contents and times of the whole temporary tree).

The database-path, lock and read-only-command cases live with the storage tests.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from device.run.cli import main
from engine.rng import Rng

GOOD_SCRIPT = "press ok\n"
PLAY = ("play", "--config", "{t}/easel.toml", "--headless", "--script", "{t}/s.txt",
        "--frames", "{t}/frames")
HEADLESS = ("play", "--headless", "--script", "{t}/s.txt", "--frames", "{t}/frames")


@dataclass(frozen=True)
class Case:
    """One bad input: the files to lay out, the command, and a pattern the line must match."""

    name: str
    args: tuple[str, ...]
    expected: str  # a regular expression searched in the line ({t} is the temporary directory)
    files: dict[str, str | bytes] = field(default_factory=dict)  # a name ending in / is a directory


def config_case(name: str, toml: str | bytes, expected: str, **files: str | bytes) -> Case:
    """A config mistake, met by a one-press headless game."""
    return Case(name, PLAY, r"^easel: \{t\}/easel\.toml" + expected,
                {"easel.toml": toml, "s.txt": GOOD_SCRIPT, **files})


def words(n: int, prefix: str = "word") -> str:
    """`n` distinct words of letters, one a line."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return "".join(f"{prefix}{letters[i // 26 % 26]}{letters[i % 26]}{letters[i // 676]}\n" for i in range(n))


def pack_case(name: str, data: str | bytes, expected: str) -> Case:
    """A broken word pack named by the config."""
    return Case(name, PLAY, r"^easel: \{t\}/words\.txt" + expected,
                {"easel.toml": '[words]\npacks = ["words.txt"]\n', "s.txt": GOOD_SCRIPT, "words.txt": data})


def script_case(name: str, text: str | bytes, expected: str) -> Case:
    """A broken button script."""
    return Case(name, HEADLESS, r"^easel: \{t\}/s\.txt" + expected, {"s.txt": text})


def flag_case(name: str, extra: tuple[str, ...], expected: str, **files: str | bytes) -> Case:
    """A bad command-line flag on a one-press headless game."""
    return Case(name, (*HEADLESS, *extra), expected, {"s.txt": GOOD_SCRIPT, **files})


FIFTY_MB = b"x" * 50_000_000
BIG = 2**70

CONFIG = [
    config_case("toml-unclosed-table", "[easel\nlanguage = 1\n", r":1: malformed TOML \(.*\); fix"),
    config_case("toml-missing-value", "[easel]\nlanguage =\n", r":2: malformed TOML"),
    config_case("toml-unclosed-string", '[easel]\nlanguage = "en\n', r":2: malformed TOML"),
    config_case("toml-duplicate-key", '[easel]\nlanguage = "en"\nlanguage = "fr"\n', r":3: malformed TOML"),
    config_case("toml-not-utf8", b"[easel]\nlanguage = \"\xe9\"\n",
                r":2: not UTF-8 text; save the config file as UTF-8"),
    config_case("unknown-key", "[easel]\ncolour = 3\n", r":2: unknown key 'colour' in \[easel\]; known keys: "),
    config_case("unknown-section", "[sound]\nvolume = 3\n", r":1: unknown section \[sound\]; known: "),
    config_case("key-outside-section", "language = 'en'\n", r":1: .*section"),
    config_case("section-not-table", "easel = 3\n", r":1: .*\[easel\]"),
    config_case("language-type", "[easel]\nlanguage = 1\n", r":2: language = 1 has the wrong type; use en or fr"),
    config_case("language-range", "[easel]\nlanguage = \"de\"\n", r":2: language = 'de' is out of range; use en or fr"),
    config_case("word-language", "[easel]\nword_language = \"xx\"\n", r":2: word_language = 'xx' is out of range"),
    config_case("sandglass-string", "[easel]\nsandglass_s = \"90\"\n", r":2: sandglass_s = '90' has the wrong type"),
    config_case("sandglass-range", "[easel]\nsandglass_s = 500\n", r":2: sandglass_s = 500 is out of range; use 30"),
    config_case("sandglass-step", "[easel]\nsandglass_s = 35\n", r":2: sandglass_s = 35 is out of range; use 30"),
    config_case("buzzer-type", "[easel]\nbuzzer = \"yes\"\n",
                r":2: buzzer = 'yes' has the wrong type; use true or false"),
    config_case("players-range", "[easel]\nplayers = 9\n", r":2: players = 9 is out of range; use 1 to 8"),
    config_case("players-zero", "[easel]\nplayers = 0\n", r":2: players = 0 is out of range; use 1 to 8"),
    config_case("players-float", "[easel]\nplayers = 2.5\n", r":2: players = 2.5 has the wrong type"),
    config_case("config-seed-negative", "[easel]\nseed = -5\n",
                r":2: seed = -5 is out of range; use a whole number from 0 to 18446744073709551615"),
    config_case("config-seed-2-64", f"[easel]\nseed = {2**64}\n",
                r":2: .*out of range; use a whole number from 0 to 18446744073709551615"),
    config_case("config-seed-2-70", f"[easel]\nseed = {BIG}\n", r":2: .*use a whole number from 0 to"),
    config_case("config-seed-string", "[easel]\nseed = \"five\"\n",
                r":2: seed = 'five' has the wrong type; use a whole number"),
    config_case("config-seed-float", "[easel]\nseed = 1.5\n", r":2: seed = 1.5 has the wrong type"),
    config_case("config-seed-bool", "[easel]\nseed = true\n", r":2: seed = True has the wrong type"),
    config_case("panel-unknown", "[display]\npanel = \"epd9in9\"\n",
                r":2: panel = 'epd9in9' is out of range; use simulator or one of "),
    config_case("simulator-panel", "[display]\nsimulator_panel = \"simulator\"\n",
                r":2: simulator_panel = 'simulator' is out of range"),
    config_case("sleep-after", "[display]\nsleep_after_s = 5\n",
                r":2: sleep_after_s = 5 is out of range; use 10 to 86400"),
    config_case("profile-unknown", "[buttons]\nprofile = \"joystick\"\n",
                r":2: profile = 'joystick' is out of range; use none, hat27 or table"),
    config_case("packs-not-list", "[words]\npacks = \"words.txt\"\n", r":2: packs .*(wrong type|list of file paths)"),
    config_case("packs-number", "[words]\npacks = [3]\n", r":2: packs must be a list of file paths"),
    Case("pack-missing", PLAY, r"^easel: \{t\}/nope\.txt: no such word pack file; check the path in your config$",
         {"easel.toml": '[words]\npacks = ["nope.txt"]\n', "s.txt": GOOD_SCRIPT}),
    Case("dice-missing", PLAY, r"^easel: \{t\}/nope\.toml: no such dice file; check \[dice\] file in your config$",
         {"easel.toml": '[dice]\nfile = "nope.toml"\n', "s.txt": GOOD_SCRIPT}),
    Case("dice-no-faces", PLAY, r"^easel: \{t\}/d\.toml: needs at least one \[\[shape_dice\]\] table",
         {"easel.toml": '[dice]\nfile = "d.toml"\n', "s.txt": GOOD_SCRIPT, "d.toml": "x = 1\n"}),
    config_case("long-unknown-key", "[easel]\n" + "k" * 300 + " = 1\n", r":2: unknown key 'k{1,40}…?' in \[easel\]"),
    config_case("long-bad-value", "[easel]\nlanguage = \"" + "z" * 300 + "\"\n",
                r":2: language = 'z{1,40}…?' is out of range"),
]

PINS = [
    config_case("pin-used-twice", "[buttons]\nprofile = \"hat27\"\n[buttons.pins]\nseat1 = 5\n",
                r':4: button "seat1": GPIO 5 is already used by "up"; give it its own pin such as '),
    config_case("pin-panel-busy", "[buttons]\nprofile = \"table\"\n[buttons.pins]\nseat3 = 24\n",
                r":4: button \"seat3\": GPIO 24 is the e-paper panel's BUSY pin; move it to a free pin"),
    config_case("pin-panel-ce1", "[buttons.pins]\nseat1 = 7\n",
                r":2: button \"seat1\": GPIO 7 is the e-paper panel's SPI0 CE1 pin; move it"),
    config_case("pin-out-of-range", "[buttons.pins]\nseat1 = 99\n", r":2: .*seat1.*99.*(0|2)"),
    config_case("pin-negative", "[buttons.pins]\nseat1 = -1\n", r":2: .*seat1.*-1"),
    config_case("pin-string", "[buttons.pins]\nseat1 = \"12\"\n", r":2: .*seat1"),
    config_case("pin-unknown-button", "[buttons.pins]\njump = 12\n",
                r':2: unknown button "jump"; buttons are: up, down, ok'),
    config_case("buzzer-pin-taken", "[buttons]\nprofile = \"table\"\n[buzzer]\npin = 4\n",
                r':4: the buzzer: GPIO 4 is already used by "seat1"; give it its own pin'),
    config_case("buzzer-pin-range", "[buzzer]\npin = 40\n",
                r":2: pin = 40 is out of range; use a BCM pin number 2-27, or 0 for no buzzer"),
    # Issue 21 item 5: GPIO 0 and 1 are the HAT ID EEPROM's (the buzzer's 0 still means none).
    config_case("pin-eeprom-0", "[buttons.pins]\nseat1 = 0\n",
                r":2: button \"seat1\": GPIO 0 is the HAT ID EEPROM's ID_SD pin; use a BCM number 2-27, e\.g\. 2, 3"),
    config_case("pin-eeprom-1", "[buttons]\nprofile = \"hat27\"\n[buttons.pins]\nseat2 = 1\n",
                r":4: button \"seat2\": GPIO 1 is the HAT ID EEPROM's ID_SC pin; use a BCM number 2-27"),
    config_case("buzzer-pin-eeprom", "[buzzer]\npin = 1\n",
                r":2: the buzzer: GPIO 1 is the HAT ID EEPROM's ID_SC pin; use a BCM number 2-27"),
]

PACKS = [
    pack_case("pack-duplicate", words(10) + "wordaaa\n" + words(40, "more"),
              r":11: duplicate word 'wordaaa' \(first on line 1\); remove one"),
    pack_case("pack-empty", "# nothing here\n\n", r": the word pack is empty; add one word per line"),
    pack_case("pack-zero-bytes", b"", r": the word pack is empty; add one word per line"),
    pack_case("pack-too-few", words(12), r": only 12 words, at least 40 are needed for an 8-player game; add more"),
    pack_case("pack-long-word", words(40) + "supercalifragilistic\n",
              r":41: 'supercalifragilistic' is 20 characters, at most 14 fit"),
    pack_case("pack-not-utf8", "café\n".encode("latin-1") + words(40).encode(),
              r":1: not UTF-8 text; save the word pack as UTF-8"),
    pack_case("pack-nul", words(40) + "ca\x00t\n", r":41: 'ca\\x00t' has U\+0000 control character; words use letters"),
    pack_case("pack-escape", words(40) + "\x1b[31mred\n", r":41: '\\x1b\[31mred' has U\+001B control character"),
    pack_case("pack-zero-width", words(40) + "ca\u200bt\n", r":41: 'ca\\u200bt' has U\+200B ZERO WIDTH SPACE"),
    pack_case("pack-emoji", words(40) + "cat\U0001f431\n", r":41: 'cat.' has U\+1F431 CAT FACE; words use letters"),
    pack_case("pack-bell", words(3) + "\x07\n", r":4: '\\x07' has U\+0007 control character"),
    pack_case("pack-line-separator", "one\u2028two\n" + words(40), r":1: 'one\\u2028two' has U\+2028 LINE SEPARATOR"),
    pack_case("pack-cr-only-duplicate", (words(5) + "wordaaa\n").replace("\n", "\r"),
              r":6: duplicate word 'wordaaa' \(first on line 1\)"),
    pack_case("pack-50mb-one-line", FIFTY_MB,
              r": 50,000,000 bytes, a word pack file holds at most 1,000,000; split it"),
    pack_case("pack-over-word-cap", words(17_576) + words(2_500, "extra"),
              r":20001: more than 20,000 words, the most a pack holds"),
    pack_case("pack-long-line", words(40) + "y" * 5_000 + "\n", r":41: 'y{40}…' is 5000 characters"),
    Case("pack-is-directory", PLAY,
         r"^easel: \{t\}/words\.txt: is a directory, not a word pack file; check the path in your config$",
         {"easel.toml": '[words]\npacks = ["words.txt"]\n', "s.txt": GOOD_SCRIPT, "words.txt/": ""}),
]

SCRIPTS = [
    script_case("script-unknown-step", "# fine\n\nshake seat1\n",
                r":3: unknown step 'shake'; use press NAME, hold NAME or wait SECONDS"),
    script_case("script-bad-button", "press ok\npress jump\n", r":2: unknown button 'jump'; use one of up, down, ok"),
    script_case("script-hold-bad-button", "hold seat9\n", r":1: unknown button 'seat9'"),
    script_case("script-press-alone", "press\n", r":1: 'press' needs one button, e.g. 'press ok'"),
    script_case("script-press-two", "press ok back\n", r":1: 'press ok back' needs one button, e.g. 'press ok'"),
    script_case("script-wait-negative", "wait -3\n", r":1: wait -3 is out of range; use 0 to 86400 seconds"),
    script_case("script-wait-word", "wait soon\n", r":1: 'soon' is not a number of seconds; write e.g. 'wait 1.5'"),
    script_case("script-wait-huge", "wait 1e9\n", r":1: wait 1e9 is out of range"),
    script_case("script-wait-nan", "wait nan\n", r":1: .*nan"),
    script_case("script-wait-inf", "wait inf\n", r":1: .*inf"),
    script_case("script-not-utf8", b"press \xff\n", r":1: not UTF-8 text; save the script file as UTF-8"),
    script_case("script-long-button", "press " + "q" * 500 + "\n", r":1: unknown button 'q{1,40}…?'"),
    Case("script-missing", HEADLESS, r"^easel: \{t\}/s\.txt: no such script file", {}),
    Case("script-is-directory", HEADLESS,
         r"^easel: \{t\}/s\.txt: is a directory, not a script file; check the --script path$", {"s.txt/": ""}),
]

FLAGS = [
    flag_case("seed-minus-one", ("--seed", "-1"),
              r"^easel: --seed: '-1' is out of range; give a seed from 0 to 18446744073709551615"),
    flag_case("seed-2-70", ("--seed", str(BIG)),
              r"^easel: --seed: '1180591620717411303424' is out of range; give a seed"),
    flag_case("seed-2-64", ("--seed", str(2**64)), r"^easel: --seed: '18446744073709551616' is out of range"),
    flag_case("seed-expression", ("--seed", "2**70"), r"^easel: --seed: '2\*\*70' is not a whole number; give a seed"),
    flag_case("seed-word", ("--seed", "abc"), r"^easel: --seed: 'abc' is not a whole number"),
    flag_case("seed-float", ("--seed", "1.5"), r"^easel: --seed: '1.5' is not a whole number"),
    flag_case("seed-hex", ("--seed", "0x10"), r"^easel: --seed: '0x10' is not a whole number"),
    flag_case("seed-empty", ("--seed", ""), r"^easel: --seed: '' is not a whole number"),
    flag_case("seed-long", ("--seed", "9" * 300), r"^easel: --seed: '9{40}…' is out of range"),
    flag_case("flag-panel-unknown", ("--panel", "epd1in0"),
              r"^easel: --panel: unknown panel model 'epd1in0'; choose one of"),
    flag_case("lang-xx", ("--lang", "xx"),
              r"^easel: --lang: invalid choice: 'xx' \(choose from 'en', 'fr'\); see 'easel play --help'"),
    flag_case("unknown-flag", ("--colour", "red"), r"^easel: unrecognized arguments: --colour red; see 'easel --help'"),
    flag_case("frames-is-a-file", (),
              r"^easel: --frames \{t\}/frames: is a file; give a directory", frames="not a folder"),
    flag_case("frames-inside-a-file", ("--frames", "{t}/notes.txt/frames"),
              r"^easel: --frames \{t\}/notes\.txt/frames: is inside \{t\}/notes\.txt, which is a file",
              **{"notes.txt": "mine"}),
    flag_case("frames-file-with-db", ("--db", "{t}/e.db"), r"^easel: --frames \{t\}/frames: is a file", frames="x"),
    Case("script-without-headless", ("play", "--script", "{t}/s.txt", "--db", "{t}/e.db"),
         r"^easel: --script and --frames go with --headless; add --headless", {"s.txt": GOOD_SCRIPT}),
    Case("simulator-missing-serial-pad", ("play", "--config", "{t}/easel.toml", "--db", "{t}/e.db"),
         r"^easel: \{t\}/easel\.toml: /dev/serial/by-id/no-pad: no such serial device; check \[buttons\] serial",
         {"easel.toml": '[buttons]\nserial = "/dev/serial/by-id/no-pad"\n'}),
    Case("simulator-dev-null-serial-pad", ("play", "--config", "{t}/easel.toml", "--db", "{t}/e.db"),
         r"^easel: \{t\}/easel\.toml: /dev/null: is a memory device \(like /dev/null\), not a serial device",
         {"easel.toml": '[buttons]\nserial = "/dev/null"\n'}),
    Case("headless-without-script", ("play", "--headless", "--frames", "{t}/frames"),
         r"^easel: --headless needs --script FILE", {}),
    Case("config-missing", ("play", "--config", "{t}/nope.toml", *HEADLESS[1:]),
         r"^easel: \{t\}/nope\.toml: no such config file", {"s.txt": GOOD_SCRIPT}),
    Case("config-is-directory", ("play", "--config", "{t}/conf", *HEADLESS[1:]),
         r"^easel: \{t\}/conf: is a directory, not a config file; check the --config path$",
         {"s.txt": GOOD_SCRIPT, "conf/": ""}),
    Case("unknown-command", ("fly",),
         r"^easel: command: invalid choice: 'fly' \(choose from 'play', .*; see 'easel --help'", {}),
]

OUTPUTS = [
    Case("history-csv-missing-folder", ("history", "--csv", "{t}/no/such/dir/x.csv", "--db", "{t}/e.db"),
         r"^easel: --csv \{t\}/no/such/dir/x\.csv: folder \{t\}/no/such/dir does not exist; create it", {}),
    Case("history-json-directory", ("history", "--json", "{t}/out", "--db", "{t}/e.db"),
         r"^easel: --json \{t\}/out: is a directory; give a file name", {"out/": ""}),
    Case("history-csv-directory", ("history", "--csv", "{t}/out", "--db", "{t}/e.db"),
         r"^easel: --csv \{t\}/out: is a directory", {"out/": ""}),
    Case("history-json-under-file", ("history", "--json", "{t}/notes.txt/x.json", "--db", "{t}/e.db"),
         r"^easel: --json \{t\}/notes\.txt/x\.json: folder \{t\}/notes\.txt does not exist", {"notes.txt": "mine"}),
    Case("gallery-out-file", ("gallery", "--out", "{t}/notes.txt"),
         r"^easel: --out \{t\}/notes\.txt: is a file; give a directory", {"notes.txt": "mine"}),
    Case("gallery-out-under-file", ("gallery", "--out", "{t}/notes.txt/shots"),
         r"^easel: --out \{t\}/notes\.txt/shots: is inside \{t\}/notes\.txt, which is a file", {"notes.txt": "mine"}),
    Case("gallery-no-out", ("gallery",),
         r"^easel: the following arguments are required: --out; see 'easel gallery --help'", {}),
]

# Issue 21 item 2: a device is refused before it is opened (/dev/zero once read to MemoryError).
DEVICES = [
    Case("config-dev-zero", ("play", "--config", "/dev/zero", *HEADLESS[1:]),
         r"^easel: /dev/zero: is a character device, not a config file; check the --config path$",
         {"s.txt": GOOD_SCRIPT}),
    Case("pack-dev-zero", PLAY, r"^easel: /dev/zero: is a character device, not a word pack file; check the path "
         r"in your config$", {"easel.toml": '[words]\npacks = ["/dev/zero"]\n', "s.txt": GOOD_SCRIPT}),
    Case("dice-dev-zero", PLAY, r"^easel: /dev/zero: is a character device, not a dice file; check \[dice\] file",
         {"easel.toml": '[dice]\nfile = "/dev/zero"\n', "s.txt": GOOD_SCRIPT}),
    Case("script-dev-zero", ("play", "--headless", "--script", "/dev/zero", "--frames", "{t}/frames"),
         r"^easel: /dev/zero: is a character device, not a script file; check the --script path$", {}),
    Case("config-dev-null", ("play", "--config", "/dev/null", *HEADLESS[1:]),
         r"^easel: /dev/null: is a character device, not a config file", {"s.txt": GOOD_SCRIPT}),
    config_case("config-too-big", "[easel]\n" + "#" * 1_000_000 + "\n",
                r": 1,000,009 bytes, a config file holds at most 1,000,000; check the --config path$"),
    script_case("script-too-big", "wait 1\n" * 600_000,
                r": 4,200,000 bytes, a script file holds at most 4,000,000; check the --script path$"),
    script_case("script-not-utf8-line-3", b"press ok\nwait 1\npress \xff\n", r":3: not UTF-8 text"),
    script_case("script-seed-word", "# seed abc\npress ok\n", r":1: '# seed abc' is not a seed; write '# seed N'"),
    script_case("script-seed-2-64", f"# seed {2**64}\npress ok\n", r":1: '# seed 18446744073709551616' is not a seed"),
    script_case("script-seed-negative", "# seed -1\npress ok\n", r":1: '# seed -1' is not a seed"),
    script_case("script-seed-twice", "# seed 1\n# seed 2\npress ok\n",
                r":2: a second '# seed' header \(the first is on line 1\); keep one$"),
    script_case("script-seed-after-a-step", "press ok\n# seed 2\n",
                r":2: the '# seed' header comes after the first step; move it to the top$"),
]

# Issue 20 item 5: a word the bundled font cannot draw (once dealt as empty boxes) is refused.
UNDRAWABLE = [
    pack_case(f"pack-{script}", words(40) + word + "\n",
              rf":41: '{word}' has U\+{ord(word[0]):04X} .*, which the panel's font cannot draw; use Latin, "
              r"Greek or Cyrillic letters$")
    for script, word in (("chinese", "熊猫"), ("japanese", "ねこ"), ("arabic", "قطة"), ("hebrew", "חתול"),
                         ("thai", "แมว"), ("devanagari", "बिल्ली"))
]

CASES = CONFIG + PINS + PACKS + SCRIPTS + FLAGS + OUTPUTS + DEVICES + UNDRAWABLE


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Every file and folder under `root`: its digest (or "dir") and its modification time."""
    out: dict[str, tuple[str, int]] = {}
    for path in sorted(root.rglob("*")):
        stat = path.lstat()
        digest = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
        out[str(path.relative_to(root))] = (digest, stat.st_mtime_ns)
    return out


def test_the_battery_is_large_and_distinct() -> None:
    """At least 70 cases, no two with the same name or the same files and command."""
    assert len(CASES) >= 70
    assert len({c.name for c in CASES}) == len(CASES)
    def key(case: Case) -> tuple[object, ...]:
        files = sorted((k, hashlib.sha256(str(v).encode()).hexdigest()) for k, v in case.files.items())
        return (case.args, tuple(files))

    assert len({key(c) for c in CASES}) == len(CASES)


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A temporary folder with a short name, as a user's would be (pytest's run to 70 characters)."""
    with tempfile.TemporaryDirectory(prefix="easel-") as name:
        yield Path(name)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_one_line_exit_2_and_changes_nothing(
    case: Case, short_tmp: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit 2, one line <= 200 characters naming where and the fix, at most 40 characters of
    the bad value quoted, and the temporary tree (home and state folders included) unchanged."""
    tmp_path = short_tmp
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.chdir(tmp_path)
    for name, content in case.files.items():
        if name.endswith("/"):
            (tmp_path / name).mkdir()
        elif isinstance(content, bytes):
            (tmp_path / name).write_bytes(content)
        else:
            (tmp_path / name).write_text(content, encoding="utf-8", newline="")
    before = snapshot(tmp_path)
    args = [a.replace("{t}", str(tmp_path)) for a in case.args]
    try:
        code = main(args)
    except SystemExit as exc:  # only argparse's own --help/--version may exit
        code = exc.code if isinstance(exc.code, int) else 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert code == 2, text
    assert text.count("\n") == 1 and text.endswith("\n"), text
    line = text.rstrip("\n")
    assert len(line) <= 200, line
    assert re.search(case.expected.replace(r"\{t\}", re.escape(str(tmp_path))), line), line
    for quoted in re.findall(r"'([^']*)'", line):
        assert len(quoted) <= 41, line  # 40 characters and an ellipsis
    assert snapshot(tmp_path) == before


def test_a_64_bit_seed_plays_the_same_from_the_flag_and_the_config(tmp_path: Path) -> None:
    """Seeds run 0..2^64-1 everywhere, unmasked: --seed and [easel] seed give the same game."""
    script = tmp_path / "s.txt"
    script.write_text("press ok\npress roll\n", encoding="utf-8")
    config = tmp_path / "easel.toml"
    config.write_text(f"[easel]\nseed = {2**64 - 1}\n", encoding="utf-8")
    states = []
    for name, extra in (("flag", ["--seed", str(2**64 - 1)]), ("config", ["--config", str(config)])):
        frames = tmp_path / name
        assert main(["play", "--headless", "--script", str(script), "--frames", str(frames), *extra]) == 0
        states.append(json.loads((frames / "state.json").read_text(encoding="utf-8")))
    assert states[0] == states[1] and states[0]["seed"] == 2**64 - 1


def test_the_generator_keeps_all_64_bits_of_a_seed() -> None:
    """A seed above 2^32 is not folded onto a smaller one."""
    assert Rng.from_seed(2**64 - 1).next_u64() != Rng.from_seed(2**32 - 1).next_u64()
    assert Rng.from_seed(2**32).next_u64() != Rng.from_seed(0).next_u64()
