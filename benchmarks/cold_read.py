"""Cold-read material and score: the frame before each press of a committed script, and how often
a reader who knows only the rulebook guessed the press the table really made.

    .venv/bin/python benchmarks/cold_read.py frames artem_three_players OUT_DIR [--presses 30]
    .venv/bin/python benchmarks/cold_read.py frames docs/table-test/scripts/X.txt OUT_DIR --lang fr
    .venv/bin/python benchmarks/cold_read.py score docs/table-test/artem_three_players

`frames` writes OUT_DIR/NN-small.png (2.13") and NN-large.png (7.5") for the first presses of the
script (`--presses 0`: all of them), through the real runner, NN.png with both side by side (the
2.13" at twice its size, as it looks at arm's length next to the 7.5"), and OUT_DIR.presses.json
(what the table pressed and the script's comment on it; keep it from the reader). `score` reads
NAME.presses.json (or NAME.readN.presses.json, the presses of that reading's own frames) and
NAME.read1.json (`--read 2`: NAME.read2.json; the reader's answers: frame, who,
up to three guesses, what was unclear; from the second read on, also up to three guesses made after
reading NN.txt, what the table does next without its button, as `told_guesses`) and prints the
hits and each miss; `--who` also prints, frame by frame, who the reader said acts next to the
script's own comment, to check the person named. A script is a committed one's name or the path
of a `.txt` (the readings' own scripts are in docs/table-test/scripts/); `--lang fr` shows the
screens (and deals the words) in French. `score` also prints the presses that do not depend on
what only a player knows (the card in their hand, the icons on their painting) counted apart.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.clock import VirtualClock  # noqa: E402
from device.framework.resources import Resources  # noqa: E402
from device.framework.runner import DeviceSetup, Runner, RunnerDeps  # noqa: E402
from device.run.headless import FrameRecorder, run_script  # noqa: E402
from device.run.script import Wait, read_four_keys, read_seeded  # noqa: E402
from device.settings import Settings  # noqa: E402
from device.storage.store import Store  # noqa: E402

PANELS = {"small": "epd2in13_V4", "large": "epd7in5_V2"}


def script_path(script: str) -> Path:
    """A committed script's name, or the path of a script file."""
    return Path(script) if script.endswith(".txt") else ROOT / "tests" / "scripts" / f"{script}.txt"


def write_frames(script: str, out: Path, presses: int, lang: str = "en") -> int:
    """The frame shown before each of the first `presses` presses, on both panels, in `lang`."""
    path = script_path(script)
    seed, steps = read_seeded(path)
    seat_buttons = not read_four_keys(path)  # a `# buttons: four keys` script reads as that build
    out.mkdir(parents=True, exist_ok=True)
    tables = []
    for size, panel in PANELS.items():
        clock = VirtualClock(0)
        runner = Runner(RunnerDeps(store=Store(None), resources=Resources(), sink=FrameRecorder(None), clock=clock),
                        DeviceSetup(settings=Settings(panel=panel, language=lang, word_language=lang), seed=seed or 1,
                                    forced={"panel": panel},
                                    seat_buttons=seat_buttons))
        runner.show()
        tables.append((size, runner, clock))
    made: list[dict[str, object]] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    meanwhile: list[str] = []
    for line, step in steps:
        if isinstance(step, Wait):
            meanwhile.append(f"{step.ms / 1000:g} s pass: {intent(lines[line - 1])}".rstrip(": "))
        elif presses <= 0 or len(made) < presses:
            pictures = []
            for size, runner, _ in tables:
                picture = runner.render()[0].convert("RGB")
                picture.save(out / f"{len(made) + 1:02d}-{size}.png")
                pictures.append(picture)
            side_by_side(pictures).save(out / f"{len(made) + 1:02d}.png")
            told = [f"Meanwhile at the table: {m}." for m in meanwhile] + [f"The table now: {intent(lines[line - 1])}."]
            (out / f"{len(made) + 1:02d}.txt").write_text("\n".join(told) + "\n", encoding="utf-8")
            meanwhile = []
            comment = lines[line - 1].partition("#")[2].strip()
            made.append({"frame": len(made) + 1, "press": f"{step.kind} {step.button}", "script_line": line,
                         "comment": comment, "hand": bool(HAND.search(comment))})
        for _, runner, clock in tables:
            run_script(runner, clock, [step])
    out.with_name(f"{out.name}.presses.json").write_text(json.dumps(made, indent=1) + "\n", encoding="utf-8")
    return len(made)


BUTTON_WORDS = re.compile(r"\s*\([^)]*\b(up|down|ok|roll|timer|button|press\w*|seat \d)\b[^)]*\)"
                          r"|^(rule|setup|extra):\s*", re.IGNORECASE)


# A press that depends on what only a player knows (the card in their hand, the icons on their
# painting, the ribbons they count): no screen can show it; scored apart (issue 28's target).
HAND = re.compile(r"plays an? [\w ]+ card|first tile|last tile|in row \d|swapped with|slides row|run starts at"
                  r"|ends at [A-F]\d|slot \d+ shows|slot \d+:|takes card \d", re.IGNORECASE)


def intent(line: str) -> str:
    """What the script's comment says the table does, without the button it presses."""
    return BUTTON_WORDS.sub("", line.partition("#")[2].strip()).strip()


def side_by_side(pictures: list[Image.Image]) -> Image.Image:
    """The small panel at twice its size, then the large one, on a grey sheet."""
    small, large = pictures
    small = small.resize((small.width * 2, small.height * 2), Image.Resampling.NEAREST)
    gap = 24
    sheet = Image.new("RGB", (small.width + large.width + 3 * gap, max(small.height, large.height) + 2 * gap),
                      (160, 160, 160))
    sheet.paste(small, (gap, gap))
    sheet.paste(large, (small.width + 2 * gap, gap))
    return sheet


def presses_of(stem: Path, read_name: str) -> Path:
    """The presses a reading is scored against: NAME.readN.presses.json where that reading saw
    frames of its own (the screens changed between readings), else NAME.presses.json."""
    own = stem.with_name(f"{stem.name}.{read_name}.presses.json")
    return own if own.exists() else stem.with_name(f"{stem.name}.presses.json")


def who(stem: Path, read_name: str) -> None:
    """Frame by frame: who the reader said acts, next to the script's comment on the press."""
    made = json.loads(presses_of(stem, read_name).read_text(encoding="utf-8"))
    read = {entry["frame"]: entry for entry in
            json.loads(stem.with_name(f"{stem.name}.{read_name}.json").read_text(encoding="utf-8"))}
    for press in made:
        said = read.get(press["frame"], {}).get("who", "")
        comment = press.get("comment", "")[:70]
        print(f"{press['frame']:3d} {press['press']:<12} reader: {said[:60]:<60} script: {comment}")


def score(stem: Path, read_name: str, field: str = "guesses", apart: bool = False) -> tuple[int, int]:
    """(hits, frames): the press made among the reader's guesses; prints each miss. `apart`:
    only the presses that do not depend on a player's hand (marked `hand` in the presses file)."""
    made = json.loads(presses_of(stem, read_name).read_text(encoding="utf-8"))
    if apart:
        made = [press for press in made if not press.get("hand", False)]
    read = {entry["frame"]: entry for entry in
            json.loads(stem.with_name(f"{stem.name}.{read_name}.json").read_text(encoding="utf-8"))}
    hits = 0
    for press in made:
        guesses = [g.strip().lower() for g in read.get(press["frame"], {}).get(field, [])]
        if press["press"] in guesses:
            hits += 1
        else:
            print(f"  frame {press['frame']:2d}: pressed {press['press']!r}, guessed {guesses}")
    return hits, len(made)


def told_in(stem: Path, read_name: str) -> bool:
    """The reading has the second step (guesses once told what the table does)."""
    entries = json.loads(stem.with_name(f"{stem.name}.{read_name}.json").read_text(encoding="utf-8"))
    return any(entry.get("told_guesses") for entry in entries)


def main() -> None:
    """Make frames, or score a reading."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    frames = sub.add_parser("frames")
    frames.add_argument("script")
    frames.add_argument("out", type=Path)
    frames.add_argument("--presses", type=int, default=30)
    frames.add_argument("--lang", choices=("en", "fr"), default="en")
    scored = sub.add_parser("score")
    scored.add_argument("stem", type=Path)
    scored.add_argument("--who", action="store_true")
    scored.add_argument("--read", type=int, default=1)
    args = parser.parse_args()
    if args.command == "frames":
        print(f"{write_frames(args.script, args.out, args.presses, args.lang)} frames in {args.out}")
    else:
        if args.who:
            who(args.stem, f"read{args.read}")
        for field, how in (("guesses", "shown the frame alone"), ("told_guesses", "then told what the table does")):
            hits, total = score(args.stem, f"read{args.read}", field)
            print(f"{args.stem.name}, {how}: {hits}/{total} = {100 * hits / total:.0f} % of presses among the "
                  "reader's guesses")
            hits, total = score(args.stem, f"read{args.read}", field, apart=True)
            if total:
                print(f"  without the presses that depend on a player's hand: {hits}/{total} = "
                      f"{100 * hits / total:.0f} %")
            if not told_in(args.stem, f"read{args.read}"):  # the oldest readings had no told step
                break


if __name__ == "__main__":
    main()
