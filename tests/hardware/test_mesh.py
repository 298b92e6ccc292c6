"""hardware/mesh.py: what makes a mesh a closed solid, and clearances measured by rays."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from hardware.mesh import Box, Scene, Triangle, Vec, measure_box, measure_ring, read_stl, solid_problems


def cuboid(lo: Vec, hi: Vec) -> list[Triangle]:
    """A closed box, faces turned outward (12 triangles)."""
    x0, y0, z0 = lo
    x1, y1, z1 = hi
    p = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
         (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    quads = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (2, 3, 7, 6), (1, 2, 6, 5), (3, 0, 4, 7)]
    return [t for a, b, c, d in quads for t in ((p[a], p[b], p[c]), (p[a], p[c], p[d]))]


def test_a_box_is_a_solid_with_its_volume() -> None:
    assert solid_problems(cuboid((0, 0, 0), (2, 3, 4))) == []


def test_a_hole_a_flipped_face_and_an_inside_out_mesh_are_named() -> None:
    box = cuboid((0, 0, 0), (1, 1, 1))
    assert solid_problems(box[:-1])[0] == "3 edges belong to one face only (a hole in the surface)"
    a, b, c = box[0]
    flipped = [(a, c, b), *box[1:]]
    assert any("inconsistent orientation" in p for p in solid_problems(flipped))
    inside_out = [(a, c, b) for a, b, c in box]
    assert solid_problems(inside_out) == ["the signed volume is -1.000 mm³, not positive (faces turned inward)"]
    touching = box + cuboid((1, 1, 0), (2, 2, 1))  # two boxes sharing one edge only
    assert solid_problems(touching) == ["1 edges belong to more than two faces (not a manifold)"]


def test_binary_and_ascii_stl_read_the_same(tmp_path: Path) -> None:
    box = cuboid((0, 0, 0), (1, 2, 3))
    ascii_text = "solid t\n" + "".join(
        "facet normal 0 0 0\nouter loop\n" + "".join(f"vertex {x} {y} {z}\n" for x, y, z in t)
        + "endloop\nendfacet\n" for t in box) + "endsolid t\n"
    (tmp_path / "a.stl").write_text(ascii_text)
    data = b"\0" * 80 + struct.pack("<I", len(box)) + b"".join(
        struct.pack("<12fH", 0, 0, 0, *[c for v in t for c in v], 0) for t in box)
    (tmp_path / "b.stl").write_bytes(data)
    assert read_stl(tmp_path / "a.stl") == read_stl(tmp_path / "b.stl") == box


def pocket(gap_x: float, gap_y: float) -> Scene:
    """A 10 x 6 board's pocket: four walls, `gap_x` and `gap_y` from the board's outline."""
    x0, x1, y0, y1 = -gap_x, 10 + gap_x, -gap_y, 6 + gap_y
    return Scene.of(cuboid((x0 - 2, y0 - 2, 0), (x0, y1 + 2, 2)), cuboid((x1, y0 - 2, 0), (x1 + 2, y1 + 2, 2)),
                    cuboid((x0, y0 - 2, 0), (x1, y0, 2)), cuboid((x0, y1, 0), (x1, y1 + 2, 2)))


def test_the_gap_on_each_side_is_measured() -> None:
    fit = measure_box(pocket(0.5, 0.3), Box("board", (0, 0, 0.5), (10, 6, 1.5)))
    assert fit.overlaps == ()
    assert fit.sides == pytest.approx({"-x": 0.5, "+x": 0.5, "-y": 0.3, "+y": 0.3}, abs=1e-3)
    assert fit.clearance == pytest.approx(0.3, abs=1e-3)


def test_a_board_larger_than_its_pocket_overlaps() -> None:
    fit = measure_box(pocket(0.5, 0.3), Box("board", (-1, 0, 0.5), (10, 6, 1.5)))
    assert fit.overlaps and all(x < -0.5 for x, _, _ in fit.overlaps)


def test_a_ring_gap_around_a_cylinder_in_a_square_hole() -> None:
    scene = pocket(0.0, 0.0)  # a 10 x 6 opening; a circle of radius 2.5 at its centre
    # flat walls: the nearest of 24 rays runs 5.5 degrees off their normal, 0.514 for 0.5
    assert measure_ring(scene, (5, 3), 2.5, 1.0) == pytest.approx(0.5, abs=0.02)
