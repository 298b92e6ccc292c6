"""Triangle meshes from STL files: is a mesh a closed, consistently oriented solid, and how far
is a board's outline from the walls around it (measured by casting rays at the mesh).

Used by hardware/enclosure/check.py on the printable case's parts; pure Python, no numpy.
"""

from __future__ import annotations

import math
import struct
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

Vec = tuple[float, float, float]
Triangle = tuple[Vec, Vec, Vec]
# A ray that meets an edge or a vertex exactly is ambiguous; a slightly tilted direction never
# lines up with the axis-aligned edges an OpenSCAD case is made of.
TILT = (1.3e-4, 2.9e-4)


def read_stl(path: Path) -> list[Triangle]:
    """The triangles of an ASCII or binary STL file."""
    data = path.read_bytes()
    if data[:5] == b"solid" and b"facet" in data[:400]:
        return _ascii(data.decode("ascii", "replace"))
    count = struct.unpack_from("<I", data, 80)[0]
    triangles = []
    for i in range(count):
        values = struct.unpack_from("<12f", data, 84 + 50 * i)
        a, b, c = values[3:6], values[6:9], values[9:12]
        triangles.append(((a[0], a[1], a[2]), (b[0], b[1], b[2]), (c[0], c[1], c[2])))
    return triangles


def _ascii(text: str) -> list[Triangle]:
    vertices: list[Vec] = []
    for line in text.splitlines():
        words = line.split()
        if words and words[0] == "vertex":
            vertices.append((float(words[1]), float(words[2]), float(words[3])))
    return [(vertices[i], vertices[i + 1], vertices[i + 2]) for i in range(0, len(vertices) - 2, 3)]


def solid_problems(triangles: Sequence[Triangle]) -> list[str]:
    """What keeps `triangles` from being a closed, consistently oriented solid with volume:
    every edge must belong to exactly two faces that run along it in opposite directions."""
    if not triangles:
        return ["the mesh is empty"]
    directed: Counter[tuple[Vec, Vec]] = Counter()
    for a, b, c in triangles:
        for edge in ((a, b), (b, c), (c, a)):
            directed[edge] += 1
    problems = []
    undirected: Counter[frozenset[Vec]] = Counter()
    for (p, q), n in directed.items():
        undirected[frozenset((p, q))] += n
    open_edges = sum(1 for n in undirected.values() if n == 1)
    shared = sum(1 for n in undirected.values() if n > 2)
    flipped = sum(1 for (p, q), n in directed.items() if n > 1 or directed.get((q, p), 0) != 1)
    if open_edges:
        problems.append(f"{open_edges} edges belong to one face only (a hole in the surface)")
    if shared:
        problems.append(f"{shared} edges belong to more than two faces (not a manifold)")
    if flipped and not open_edges and not shared:
        problems.append(f"{flipped} edges are run the same way by both faces (inconsistent orientation)")
    volume = signed_volume(triangles)
    if volume <= 0:
        problems.append(f"the signed volume is {volume:.3f} mm³, not positive (faces turned inward)")
    return problems


def signed_volume(triangles: Iterable[Triangle]) -> float:
    """The volume enclosed (positive when the faces' normals point outward)."""
    total = 0.0
    for a, b, c in triangles:
        total += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                  + a[2] * (b[0] * c[1] - b[1] * c[0]))
    return total / 6.0


@dataclass(frozen=True)
class Scene:
    """Several closed meshes placed together (a case's base and lid, assembled)."""

    triangles: tuple[Triangle, ...]

    @classmethod
    def of(cls, *meshes: Sequence[Triangle]) -> Scene:
        """The union of the meshes' triangles."""
        return cls(tuple(t for mesh in meshes for t in mesh))

    def hits(self, origin: Vec, direction: Vec) -> list[float]:
        """Distances along the ray at which it crosses a triangle, nearest first."""
        o, d = origin, _unit(direction)
        found = []
        for tri in self.triangles:
            if _misses_box(tri, o, d):
                continue
            t = _intersect(o, d, tri)
            if t is not None:
                found.append(t)
        return sorted(found)

    def inside(self, point: Vec) -> bool:
        """True when `point` lies inside the solid (odd number of crossings upward)."""
        return len(self.hits(point, (TILT[0], TILT[1], 1.0))) % 2 == 1

    def distance(self, origin: Vec, direction: Vec) -> float:
        """How far a ray goes before it meets the surface (inf when it meets nothing)."""
        hits = self.hits(origin, direction)
        return hits[0] if hits else math.inf


def _unit(v: Vec) -> Vec:
    n = math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
    return (v[0] / n, v[1] / n, v[2] / n)


def _misses_box(tri: Triangle, o: Vec, d: Vec) -> bool:
    """A quick reject: the triangle lies wholly behind the ray or beside it on an axis the ray
    barely moves along."""
    for axis in range(3):
        lo = min(tri[0][axis], tri[1][axis], tri[2][axis])
        hi = max(tri[0][axis], tri[1][axis], tri[2][axis])
        if abs(d[axis]) < 1e-3:
            # the ray drifts by under 1e-3 per unit: it can only meet what spans its coordinate
            if o[axis] < lo - 1.0 or o[axis] > hi + 1.0:
                return True
        elif (d[axis] > 0 and hi < o[axis]) or (d[axis] < 0 and lo > o[axis]):
            return True
    return False


def _intersect(o: Vec, d: Vec, tri: Triangle) -> float | None:
    """Möller-Trumbore: the distance to the triangle along the ray, or None."""
    a, b, c = tri
    e1 = (b[0] - a[0], b[1] - a[1], b[2] - a[2])
    e2 = (c[0] - a[0], c[1] - a[1], c[2] - a[2])
    p = (d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0])
    det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2]
    if abs(det) < 1e-12:
        return None
    inv = 1.0 / det
    s = (o[0] - a[0], o[1] - a[1], o[2] - a[2])
    u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) * inv
    if u < 0.0 or u > 1.0:
        return None
    q = (s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0])
    v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) * inv
    if v < 0.0 or u + v > 1.0:
        return None
    t = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) * inv
    return t if t > 1e-9 else None


@dataclass(frozen=True)
class Box:
    """An axis-aligned outline: a board, a panel."""

    name: str
    lo: Vec
    hi: Vec


@dataclass(frozen=True)
class Fit:
    """What the rays found around a box: overlap points and each side's nearest wall."""

    overlaps: tuple[Vec, ...]
    sides: dict[str, float]

    @property
    def clearance(self) -> float:
        """The smallest gap between the outline and any wall beside it."""
        return min(self.sides.values())


SIDES: dict[str, tuple[int, float]] = {"-x": (0, -1.0), "+x": (0, 1.0), "-y": (1, -1.0), "+y": (1, 1.0)}


def measure_box(scene: Scene, box: Box, samples: int = 7, inset: float = 0.05) -> Fit:
    """Cast rays from a box: points inside it that lie in the solid (it does not fit), and from
    each side face outward, the nearest wall (the clearance on that side)."""
    zs = _spread(box.lo[2] + inset, box.hi[2] - inset, 3)
    overlaps = [
        (x, y, z)
        for x in _spread(box.lo[0] + inset, box.hi[0] - inset, samples)
        for y in _spread(box.lo[1] + inset, box.hi[1] - inset, samples)
        for z in zs
        if scene.inside((x, y, z))
    ]
    sides = {}
    for side, (axis, sign) in SIDES.items():
        other = 1 - axis
        face = box.hi[axis] if sign > 0 else box.lo[axis]
        nearest = math.inf
        for s in _spread(box.lo[other] + inset, box.hi[other] - inset, samples):
            for z in zs:
                origin = [0.0, 0.0, z]
                origin[axis], origin[other] = face, s
                direction = [0.0, 0.0, 0.0]
                direction[axis] = sign
                direction[other] = TILT[0]
                direction[2] = TILT[1]
                nearest = min(nearest, scene.distance((origin[0], origin[1], origin[2]),
                                                      (direction[0], direction[1], direction[2])))
        sides[side] = nearest
    return Fit(tuple(overlaps), sides)


def measure_ring(scene: Scene, centre: tuple[float, float], radius: float, z: float,
                 rays: int = 24) -> float:
    """The smallest gap from a circle (a button's body) outward to the wall of its hole."""
    nearest = math.inf
    for i in range(rays):
        angle = 2 * math.pi * (i + 0.37) / rays
        dx, dy = math.cos(angle), math.sin(angle)
        origin = (centre[0] + radius * dx, centre[1] + radius * dy, z)
        nearest = min(nearest, scene.distance(origin, (dx, dy, TILT[1])))
    return nearest


def _spread(lo: float, hi: float, n: int) -> list[float]:
    """`n` values from lo to hi, evenly spaced."""
    if n == 1:
        return [(lo + hi) / 2]
    return [lo + (hi - lo) * i / (n - 1) for i in range(n)]
