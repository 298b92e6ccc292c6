"""Render every part of Easel's printable case with Debian's openscad, then check each one.

    python hardware/enclosure/check.py [--out DIR] [--previews DIR] [--jobs N] [--only NAME]

For every supported panel with each Pi (Zero 2 W; Pi 4/5) a case (base + lid, the table build;
the 2.7" HAT also alone with its four keys), and the seat-button pod (pod + bottom): each part
to STL, each case to a PNG preview (an exploded view, under xvfb-run when there is no display).
Every STL must be a closed, consistently oriented solid with volume (hardware/mesh.py). Then,
with base and lid assembled, rays cast from each outline the .scad reports (its FIT and RING
lines) measure the fit: no point of a board or panel inside the case, the panel's pocket wall
at the stated clearance on all four sides, the Pi's outline at least that far from any wall
and resting on its four standoffs, each arcade button's body that far from its hole's edge.
Prints one line a part and exits 1 if anything fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hardware.mesh import Box, Scene, measure_box, measure_ring, read_stl, solid_problems
from hardware.panels import PANELS

SCAD = Path(__file__).resolve().parent / "easel.scad"
PIS = ("zero2w", "pi4")
TOLERANCE = 0.02  # mm: a 72-sided hole's flats sit 0.011 mm inside its circle
SEATED = 0.1      # mm: the Pi's underside is on its standoff when a ray down meets it this soon


@dataclass(frozen=True)
class Case:
    """One case to render: its panel, Pi and build, or the pod."""

    name: str
    defines: dict[str, str]
    parts: tuple[str, ...]
    preview: str


def cases() -> list[Case]:
    """Every case: each panel with each Pi in the table build, the 2.7" HAT alone, the pod."""
    found = []
    for model in PANELS:
        builds = ("table", "hat27") if model == "epd2in7_V2" else ("table",)
        for pi in PIS:
            for build in builds:
                found.append(Case(f"case-{model}-{pi}-{build}",
                                  {"panel": model, "pi": pi, "build": build},
                                  ("base", "lid"), "exploded"))
    found.append(Case("pod", {}, ("pod", "pod_bottom"), "pod_exploded"))
    return found


@dataclass
class Result:
    """What the check found for one case."""

    case: Case
    seconds: float = 0.0
    faces: int = 0
    problems: list[str] = field(default_factory=list)
    measured: list[str] = field(default_factory=list)


def openscad(out: Path, defines: dict[str, str], part: str, png: bool = False) -> str:
    """Run openscad on one part; its echo output (stderr). RuntimeError names the part."""
    args = ["openscad", "-o", str(out)]
    for key, value in {**defines, "part": part}.items():
        args += ["-D", f'{key}="{value}"']
    if png:
        args += ["--imgsize=960,640", "--viewall", "--autocenter", "--colorscheme=Tomorrow",
                 "--camera=0,0,0,55,0,205,0"]
        if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
            args = ["xvfb-run", "-a", *args]
    done = subprocess.run([*args, str(SCAD)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not out.exists() or out.stat().st_size == 0:
        tail = " ".join(done.stderr.strip().splitlines()[-2:])
        raise RuntimeError(f"openscad failed on {out.name}: {tail}")
    return done.stderr


def echoes(log: str, key: str) -> list[list[object]]:
    """The values of `ECHO: KEY = [...]` lines."""
    found = []
    for match in re.finditer(rf"^ECHO: {key} = (.*)$", log, re.M):
        value = json.loads(match.group(1))
        found.append(value if isinstance(value, list) else [value])
    return found


def check_case(case: Case, out: Path, previews: Path) -> Result:
    """Render a case's parts and preview; check every mesh and every fit."""
    result = Result(case)
    start = time.monotonic()
    logs = {}
    meshes = []
    for part in case.parts:
        stl = out / f"{case.name}-{part}.stl"
        logs[part] = openscad(stl, case.defines, part)
        triangles = read_stl(stl)
        result.faces += len(triangles)
        result.problems += [f"{part}: {p}" for p in solid_problems(triangles)]
        meshes.append(triangles)
    openscad(previews / f"{case.name}.png", case.defines, case.preview, png=True)
    log = logs[case.parts[0]]
    scene = Scene.of(*meshes)
    clearance = float(str(echoes(log, "CLEARANCE")[0][0])) if echoes(log, "CLEARANCE") else 0.0
    for name, *box, pocket in echoes(log, "FIT"):
        numbers = [float(str(v)) for v in box]
        fit = measure_box(scene, Box(str(name), (numbers[0], numbers[1], numbers[2]),
                                     (numbers[3], numbers[4], numbers[5])))
        if fit.overlaps:
            result.problems.append(f"{name}: {len(fit.overlaps)} points of its outline lie inside "
                                   f"the case, e.g. {tuple(round(c, 2) for c in fit.overlaps[0])}")
        sides = ", ".join(f"{side} {gap:.3f}" for side, gap in fit.sides.items())
        result.measured.append(f"{name} {sides}")
        if pocket and any(abs(gap - clearance) > TOLERANCE for gap in fit.sides.values()):
            result.problems.append(f"{name}: pocket gaps {sides} mm, not {clearance} mm on every side")
        elif fit.clearance < clearance - TOLERANCE:
            result.problems.append(f"{name}: only {fit.clearance:.3f} mm from a wall, under {clearance} mm")
    for x, y, z in echoes(log, "HOLE"):
        drop = scene.distance((float(str(x)) + 2.0, float(str(y)), float(str(z)) + 0.05), (1e-4, 2e-4, -1.0))
        if drop > SEATED:
            result.problems.append(f"pi: no standoff under the hole at ({x}, {y}) (first wall {drop:.2f} mm down)")
    for name, cx, cy, radius, z, gap in echoes(log, "RING"):
        found = measure_ring(scene, (float(str(cx)), float(str(cy))), float(str(radius)), float(str(z)))
        result.measured.append(f"{name} ring {found:.3f}")
        if abs(found - float(str(gap))) > TOLERANCE:
            result.problems.append(f"{name}: {found:.3f} mm around the button's body, not {gap}")
    result.seconds = time.monotonic() - start
    return result


def main(argv: list[str] | None = None) -> int:
    """Render and check everything; one line a case; 0 when all pass."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="where the STLs go (default: a temporary folder)")
    parser.add_argument("--previews", type=Path, help="where the PNG previews go (default: --out)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", help="only the cases whose name contains this")
    args = parser.parse_args(argv)
    if shutil.which("openscad") is None:
        print("openscad is not installed: sudo apt-get install openscad xvfb", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        previews = args.previews or out
        previews.mkdir(parents=True, exist_ok=True)
        chosen = [c for c in cases() if not args.only or args.only in c.name]
        start = time.monotonic()
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(lambda case: check_case(case, out, previews), chosen))
        failed = 0
        for result in results:
            verdict = "FAIL" if result.problems else "ok  "
            failed += bool(result.problems)
            print(f"{verdict} {result.case.name}: {result.faces} faces, {result.seconds:.1f} s; "
                  + "; ".join(result.measured))
            for problem in result.problems:
                print(f"       {problem}")
        print(f"{len(results)} cases, {len(results) - failed} pass, in {time.monotonic() - start:.0f} s "
              f"with {args.jobs} jobs")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
