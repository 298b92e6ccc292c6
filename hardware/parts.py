"""The parts of each build (hardware/parts.toml) as Markdown tables with their totals, written
into docs/build.md and README.md between their `<!-- parts:begin -->` / `<!-- parts:end -->` markers.

    python -m hardware.parts            # rewrite both tables
    python -m hardware.parts --check    # exit 1 if either is out of step with parts.toml
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PARTS = ROOT / "hardware" / "parts.toml"
BEGIN, END = "<!-- parts:begin -->", "<!-- parts:end -->"
MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")


class PartsError(ValueError):
    """parts.toml says something that cannot be priced; one line naming the entry and the fix."""


@dataclass(frozen=True)
class Part:
    """One line of a build's list."""

    what: str
    item: str
    qty: float
    unit: str
    low: float
    high: float
    looked_up: str
    source: str


@dataclass(frozen=True)
class Build:
    """A build: its name, title, one-line summary, config and parts."""

    name: str
    title: str
    summary: str
    config: str
    parts: tuple[Part, ...]

    @property
    def total(self) -> tuple[float, float]:
        """The build's lowest and highest typical cost."""
        return (sum(p.qty * p.low for p in self.parts), sum(p.qty * p.high for p in self.parts))

    @property
    def months(self) -> str:
        """The months its prices were looked up."""
        return ", ".join(sorted({p.looked_up for p in self.parts}))


def load(path: Path = PARTS) -> tuple[list[Build], list[dict[str, Any]]]:
    """The builds and the panel choices; PartsError names the entry and what to fix."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    builds = []
    for name, body in data.get("builds", {}).items():
        parts = tuple(_part(path, name, i, raw) for i, raw in enumerate(body.get("parts", []), 1))
        if not parts:
            raise PartsError(f"{path}: build {name} lists no parts; add [[builds.{name}.parts]] entries")
        builds.append(Build(name, str(body["title"]), str(body["summary"]), str(body["config"]), parts))
    panels = list(data.get("panels", []))
    for i, panel in enumerate(panels, 1):
        _price(path, f"panel {i} ({panel.get('model')})", panel)
    return builds, panels


def _part(path: Path, build: str, index: int, raw: dict[str, Any]) -> Part:
    where = f"build {build}, part {index} ({raw.get('what', '?')})"
    for key in ("what", "item", "source"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise PartsError(f"{path}: {where}: '{key}' must be a non-empty string")
    qty = raw.get("qty")
    if isinstance(qty, bool) or not isinstance(qty, int | float) or qty <= 0:
        raise PartsError(f"{path}: {where}: qty = {qty!r}; use a number above 0")
    low, high = _price(path, where, raw)
    return Part(raw["what"], raw["item"], float(qty), str(raw.get("unit", "")), low, high,
                raw["looked_up"], raw["source"])


def _price(path: Path, where: str, raw: dict[str, Any]) -> tuple[float, float]:
    price = raw.get("price")
    if (not isinstance(price, list) or len(price) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in price)
            or not 0 <= price[0] <= price[1]):
        raise PartsError(f"{path}: {where}: price = {price!r}; use [low, high] in dollars, low <= high")
    if not isinstance(raw.get("looked_up"), str) or not MONTH.fullmatch(raw["looked_up"]):
        raise PartsError(f"{path}: {where}: looked_up = {raw.get('looked_up')!r}; use the month as YYYY-MM")
    if not isinstance(raw.get("source"), str) or not raw["source"].strip():
        raise PartsError(f"{path}: {where}: say where the price comes from in 'source'")
    return float(price[0]), float(price[1])


def money(value: float) -> str:
    """$12, $0.35: cents only where they matter."""
    return f"${value:.0f}" if abs(value - round(value)) < 0.005 or value >= 20 else f"${value:.2f}"


def span(low: float, high: float) -> str:
    """A price range."""
    return f"{money(low)}–{money(high)}"


def build_tables(builds: list[Build], panels: list[dict[str, Any]]) -> str:
    """The full parts tables of docs/build.md: one per build with its total, then the panel choice."""
    lines = []
    for build in builds:
        low, high = build.total
        lines += [f"### {build.title}", "", f"{build.summary[0].upper()}{build.summary[1:]}. "
                  f"Config: `{build.config}`.", "",
                  "| Part | Exact item | Qty | Unit price | Source (looked up) |", "|---|---|---|---|---|"]
        for p in build.parts:
            qty = f"{p.qty:g}{' ' + p.unit if p.unit else ''}"
            lines.append(f"| {p.what} | {p.item} | {qty} | {span(p.low, p.high)} | {p.source} ({p.looked_up}) |")
        lines += ["", f"**Total: {span(low, high)}** (typical, US dollars, {build.months}).", ""]
    lines += ["### The panel choice", "",
              "Every supported panel has its case. Only the 2.7\" HAT has keys: with another panel the "
              "table build adds four 12 mm push buttons (up, down, ok, back; about $0.30–$1 each).", "",
              "| Driver name | Exact item | Price | Source (looked up) |", "|---|---|---|---|"]
    for panel in panels:
        lines.append(f"| `{panel['model']}` | {panel['item']} | {span(*panel['price'])} | "
                     f"{panel['source']} ({panel['looked_up']}) |")
    return "\n".join(lines) + "\n"


def readme_table(builds: list[Build]) -> str:
    """The README's summary: each build with its total and a link to its full list."""
    lines = ["| Build | What it is | Parts | Typical total |", "|---|---|---|---|"]
    for build in builds:
        anchor = re.sub(r"[^a-z0-9 -]", "", build.title.lower()).replace(" ", "-")
        lines.append(f"| [{build.title}](docs/build.md#{anchor}) | {build.summary} | "
                     f"{len(build.parts)} lines | {span(*build.total)} ({build.months}) |")
    return "\n".join(lines) + "\n"


def splice(text: str, body: str, path: Path) -> str:
    """`text` with what lies between the markers replaced by `body`."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise PartsError(f"{path}: needs one '{BEGIN}' line and, after it, one '{END}' line")
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    return f"{head}{BEGIN}\n{body}{END}{tail}"


def targets() -> dict[Path, str]:
    """Each file the tables go into, and its text with the tables as parts.toml says now."""
    builds, panels = load()
    out = {}
    for path, body in ((ROOT / "docs" / "build.md", build_tables(builds, panels)),
                       (ROOT / "README.md", readme_table(builds))):
        out[path] = splice(path.read_text(encoding="utf-8"), body, path)
    return out


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) the tables; 2 on a bad parts.toml."""
    parser = argparse.ArgumentParser(description="write the parts tables from hardware/parts.toml")
    parser.add_argument("--check", action="store_true", help="exit 1 if a table is out of step")
    args = parser.parse_args(argv)
    try:
        wanted = targets()
    except (PartsError, tomllib.TOMLDecodeError, KeyError) as exc:
        print(f"parts: {exc}", file=sys.stderr)
        return 2
    stale = [path for path, text in wanted.items() if path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)}: parts table out of step; run: python -m hardware.parts")
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
