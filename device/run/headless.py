"""`easel play --headless`: run a button script in virtual time, saving every frame shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import BinaryIO, TextIO

from PIL import Image

from device.clock import VirtualClock
from device.display.refresh import NO_ACTIVITY, Activity
from device.errors import UserError
from device.framework.runner import Runner
from device.framework.session import session_to_dict
from device.run.script import Step, Wait, is_seed_line, parse_script, stream_lines
from hardware.buzzer import Sound


class FrameRecorder:
    """A frame sink that writes each new frame as NNNN.png (identical frames are not refreshes).

    It keeps only the last frame and its key, so memory stays flat however long a run lasts.
    """

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.count = 0
        self.last: bytes | None = None
        self.last_key: tuple[str, bool] | None = None  # (screen key, hide_secret) of the last frame
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True)

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        """Record the frame if it differs from the one shown."""
        data = image.tobytes()
        if data == self.last and not hide_secret:
            return
        self.last = data
        self.count += 1
        self.last_key = (screen_key, hide_secret)
        if self.directory is not None:
            image.save(self.directory / f"{self.count:04d}.png")


class SoundLog:
    """Writes each sound to sounds.txt as `<ms> <sound>` when it plays (nothing kept in memory)."""

    def __init__(self, directory: Path) -> None:
        self._file = (directory / "sounds.txt").open("w", encoding="utf-8")

    def play(self, ms: int, sound: Sound) -> None:
        """Append one sound."""
        self._file.write(f"{ms} {sound}\n")

    def close(self) -> None:
        """Flush and close the file."""
        self._file.close()


def run_script(runner: Runner, clock: VirtualClock, steps: list[Step]) -> None:
    """Feed the steps to the runner, firing every deadline that falls inside a wait."""
    for step in steps:
        if isinstance(step, Wait):
            target = clock.now_ms() + step.ms
            while (deadline := runner.next_deadline()) is not None and deadline <= target:
                clock.set(deadline)
                runner.tick()
            clock.set(target)
        else:
            runner.handle(step)


def run_stream(runner: Runner, clock: VirtualClock, lines: BinaryIO, acks: TextIO) -> None:
    """Run steps as they arrive (`--script -`), answering each in order: `ok N` once step N is on
    disk, `unsaved N` when the disk refused it (it may be written later; only `ok` is a promise),
    `resumed N` when the press only let a sandglass held after a stop run again (not applied).

    A bad line is reported as `error <message>` and skipped, so a feeding program sees
    exactly which steps were acknowledged. Lines are read as bytes, at most SCRIPT_LINE_BYTES each.
    """
    for number, line in stream_lines(lines):
        try:
            if isinstance(line, UserError):
                raise line
            if is_seed_line(line):
                raise UserError(f"<stdin>:{number}: a '# seed N' header is read from a script file only; "
                                "give --seed N with --script -")
            steps = parse_script(line, "<stdin>", first_line=number)
        except UserError as exc:
            acks.write(f"error {exc}\n")
            acks.flush()
            continue
        resumes = runner.held and any(not isinstance(step, Wait) for step in steps)  # a wait passes no time held
        run_script(runner, clock, steps)
        saved = not runner.store.pending
        if saved and any(isinstance(step, Wait) for step in steps):
            saved = runner.store.save_tick(clock.now_ms())  # the time a wait passed is on disk before `ok`
        acks.write(f"{'resumed' if resumes else 'ok' if saved else 'unsaved'} {number}\n")
        acks.flush()


def write_state(runner: Runner, directory: Path) -> None:
    """Write the final session (every app's state) as state.json."""
    data = session_to_dict(runner.session)
    data["now_ms"] = runner.clock.now_ms()
    (directory / "state.json").write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                                          encoding="utf-8")
