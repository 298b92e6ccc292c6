"""The Pi Zero 2 W estimate of a press's wait: what the simulated panel says (the waveform, the
driver's fixed delays and the SPI transfer at 4 MHz, hardware/panels.py), plus the host's time
for the press and the SD card's sync.

- Host: the press's CPU time measured here (handled, rendered, saved; recording PNGs excluded)
  times this machine's single-core speed over a Zero 2 W's (benchmarks/pi_speed.py). It comes
  before the frame reaches the display, so it adds to the wait one for one.
- SD card: every press is one commit with `fdatasync`, made while the panel refreshes
  (docs/architecture.md, Storage). The glass waits for none of it; the next press waits for
  what is left of it once the glass answered: max(0, sync - wait). A countdown second writes
  nothing (its time is derived from the saved start and the clock), so no commit of its own holds
  a press. The order before issue 30 (commit, then the frame) is shown beside it: + sync on every
  press.

The default sync, 25 ms, is a typical card's: Easel's largest commit writes 33 KB into the WAL
(8-33 KB, issue 30's measure) in 4 KB pages, and a typical card's 4K random writes run at
1.52 MB/s (SanDisk Ultra 16 GB on a Pi, pidramble.com/wiki/benchmarks/microsd-cards): 22 ms,
rounded up. A cheap or worn card (Kingston C10 8 GB there, 0.17 MB/s) takes about 200 ms:
`--sd-ms 200`.
"""

from __future__ import annotations

from dataclasses import dataclass

SD_MS = 25
SD_SOURCE = ("33 KB of WAL at a typical card's 4K random writes, 1.52 MB/s "
             "(SanDisk Ultra 16 GB, pidramble.com microSD benchmarks), rounded up")


@dataclass(frozen=True)
class ZeroModel:
    """Host time scaled by `factor` and an SD sync of `sd_ms`, added to the panel's waits."""

    factor: float
    sd_ms: int = SD_MS

    def press_ms(self, wait_ms: float, host_ms: float, glass_ms: float | None = None) -> float:
        """A press's wait on a Zero 2 W, its commit beside the refresh that takes `glass_ms` to
        show it (default `wait_ms`; longer for a secret, whose hand-on is not counted as a wait)."""
        beside = wait_ms if glass_ms is None else glass_ms
        return wait_ms + host_ms * self.factor + max(0.0, self.sd_ms - beside)

    def naive_ms(self, wait_ms: float, host_ms: float) -> float:
        """The same press with the commit before the frame (the order before issue 30)."""
        return wait_ms + host_ms * self.factor + self.sd_ms

    def statement(self) -> str:
        """The SD figure, once, with its source."""
        return f"SD card sync {self.sd_ms} ms per commit ({SD_SOURCE if self.sd_ms == SD_MS else '--sd-ms'})"
