"""Simulated panel time for a whole #ARTBOX game and per round, on every supported panel.

Plays tests/scripts/artbox_four_players.txt headless at each panel size, sends every frame
through the refresh planner, and adds up the refresh times of the capability table
(hardware/panels.py), against a naive device that does a full refresh for every frame.

    python benchmarks/artbox_panel_time.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.clock import VirtualClock  # noqa: E402
from device.headless import run_script  # noqa: E402
from device.refresh import PanelState, RefreshPlanner  # noqa: E402
from device.resources import Resources  # noqa: E402
from device.runner import Runner  # noqa: E402
from device.script import read_script  # noqa: E402
from device.settings import Settings  # noqa: E402
from device.store import Store  # noqa: E402
from hardware.display import PanelSpec  # noqa: E402
from hardware.panels import PANELS  # noqa: E402

SCRIPT = ROOT / "tests" / "scripts" / "artbox_four_players.txt"


class PlannedPanel:
    """A frame sink that plans each refresh as the display worker would and adds up panel time."""

    def __init__(self, spec: PanelSpec) -> None:
        self.spec = spec
        self.planner = RefreshPlanner(spec)
        self.state = PanelState()
        self.shown: Image.Image | None = None
        self.kinds: Counter[str] = Counter()
        self.ms = 0
        self.frames = 0

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False) -> None:
        """Plan and 'perform' the refresh."""
        self.frames += 1
        plan = self.planner.plan(self.state, self.shown, image, screen_key, hide_secret)
        self.kinds[plan.kind] += 1
        if plan.kind == "full":
            self.ms += self.spec.full_ms
        elif plan.kind == "partial":
            self.ms += self.spec.partial_ms
        if plan.kind != "none":
            self.shown = image
        self.state = self.state.after(plan, screen_key)


def main() -> None:
    """Print panel time per game and per round for each model."""
    first = SCRIPT.read_text(encoding="utf-8").splitlines()[0]
    seed = int(first.split()[2]) if first.startswith("# seed") else 1
    steps = read_script(SCRIPT)
    print(f"#ARTBOX 4-player game ({SCRIPT.name}), refresh times from hardware/panels.py")
    print(f"{'model':12s} {'frames':>6s} {'full':>5s} {'partial':>7s} {'none':>5s} "
          f"{'panel time':>10s} {'per round':>9s} {'naive':>9s}")
    for model, spec in PANELS.items():
        sink = PlannedPanel(spec)
        clock = VirtualClock(0)
        runner = Runner(store=Store(None), resources=Resources(), sink=sink, clock=clock,
                        settings=Settings(panel=model), seed=seed)
        runner.show()
        run_script(runner, clock, steps)
        rounds = max(1, runner.session.states["artbox"].game.round)
        naive_ms = sink.frames * spec.full_ms
        print(f"{model:12s} {sink.frames:6d} {sink.kinds['full']:5d} {sink.kinds['partial']:7d} "
              f"{sink.kinds['none']:5d} {sink.ms / 1000:9.1f}s {sink.ms / 1000 / rounds:8.1f}s "
              f"{naive_ms / 1000:8.1f}s")


if __name__ == "__main__":
    main()
