"""Data the apps read (dice faces, word decks), loaded once from the package and the config."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from device.userfiles import DICE_BYTES, read_bounded_text
from engine.dice import SHAPES, Die


class DataError(ValueError):
    """A data file that cannot be used; the message names the file and the fix."""


def _read_dice(text: str, where: str) -> tuple[Die, ...]:
    import tomllib  # only when the dice are read (#ARTBOX), not at every start

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: malformed TOML ({exc}); fix the syntax") from None
    dice = data.get("shape_dice")
    if not isinstance(dice, list) or not dice:
        raise DataError(f"{where}: needs at least one [[shape_dice]] table")
    out = []
    for i, entry in enumerate(dice, 1):
        faces = entry.get("faces") if isinstance(entry, dict) else None
        if not isinstance(faces, list) or not faces:
            raise DataError(f"{where}: shape die {i} needs a non-empty faces list")
        for face in faces:
            if face not in SHAPES:
                raise DataError(f"{where}: shape die {i} has face {face!r}; use {', '.join(SHAPES)}")
        out.append(Die(str(entry.get("name", f"shape die {i}")), tuple(faces)))
    return tuple(out)


@dataclass
class Resources:
    """Lazily loaded data; paths from the config override the packaged defaults."""

    dice_file: Path | None = None
    word_packs: tuple[Path, ...] = field(default_factory=tuple)

    @cached_property
    def shape_dice(self) -> tuple[Die, ...]:
        """The four #ARTBOX shape dice (faces from data/dice.toml or the config's file)."""
        if self.dice_file is not None:
            text = read_bounded_text(self.dice_file, "dice", DICE_BYTES,
                                     "check [dice] file in your config", DataError)
            return _read_dice(text, str(self.dice_file))
        from importlib import resources as importlib_resources

        packaged = importlib_resources.files("device") / "data" / "dice.toml"
        return _read_dice(packaged.read_text(encoding="utf-8"), "device/data/dice.toml")

    def check(self) -> None:
        """Load every configured data file now, so a broken one stops start-up with one line (the
        packaged dice are read when a game needs them: tests check them, and a start need not)."""
        from device.wordpacks import load_pack

        if self.dice_file is not None:
            _ = self.shape_dice
        for path in self.word_packs:
            load_pack(path)
