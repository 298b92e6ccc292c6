"""What the Settings screen changes (languages, simulated panel, buzzer, sandglass length, screen
cleaning) and the config's default table size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hardware.panels import DEFAULT_PANEL, PANELS

SANDGLASS_CHOICES_S: tuple[int, ...] = tuple(range(30, 301, 10))
Cleaning = Literal["often", "normal", "rarely"]
# The Settings row "Screen cleaning": how many partials a pixel takes before cleaning is due,
# as a multiple of the vendor's `cleaning_every` (device/display/refresh.py applies it).
CLEANING_FACTOR: dict[Cleaning, float] = {"often": 0.5, "normal": 1.0, "rarely": 2.0}


@dataclass(frozen=True)
class Settings:
    """The player-changeable settings (persisted with the session)."""

    language: str = "en"
    word_language: str = "en"
    panel: str = DEFAULT_PANEL
    buzzer: bool = True
    sandglass_s: int = 90
    players: int = 4
    screen_cleaning: Cleaning = "normal"  # how soon the panel is cleaned of ghosts

    def __post_init__(self) -> None:
        if self.language not in ("en", "fr"):
            raise ValueError(f"language must be en or fr, not {self.language!r}")
        if self.word_language not in ("en", "fr"):
            raise ValueError(f"word language must be en or fr, not {self.word_language!r}")
        if self.panel not in PANELS:
            raise ValueError(f"unknown panel model {self.panel!r}")
        if not 1 <= self.players <= 8:
            raise ValueError(f"players must be 1 to 8, not {self.players}")
        if self.screen_cleaning not in CLEANING_FACTOR:
            raise ValueError(f"screen cleaning must be one of {', '.join(CLEANING_FACTOR)}, "
                             f"not {self.screen_cleaning!r}")
        if self.sandglass_s not in SANDGLASS_CHOICES_S:
            raise ValueError(f"sandglass length must be 30-300 s in steps of 10, not {self.sandglass_s}")
