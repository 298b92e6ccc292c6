"""hardware/parts.toml is the one list of parts: the tables in docs/build.md and README.md and
each build's total are generated from it and kept in step; a bad entry is named in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware import parts
from hardware.panels import PANELS


def test_the_tables_in_the_guide_and_the_readme_are_in_step_with_parts_toml() -> None:
    stale = [path.name for path, text in parts.targets().items()
             if path.read_text(encoding="utf-8") != text]
    assert not stale, f"{stale}: parts tables out of step with hardware/parts.toml; run: python -m hardware.parts"


def test_each_build_is_listed_with_its_total_and_every_price_says_where_it_comes_from() -> None:
    builds, panels = parts.load()
    assert [b.name for b in builds] == ["hat27", "table", "pico"]
    guide = (parts.ROOT / "docs" / "build.md").read_text(encoding="utf-8")
    for build in builds:
        low, high = build.total
        assert low == sum(p.qty * p.low for p in build.parts) > 0
        assert f"**Total: {parts.span(low, high)}**" in guide
        assert all(p.source and p.looked_up for p in build.parts)
    assert sorted(p["model"] for p in panels) == sorted(PANELS)  # every supported panel is offered
    table = next(b for b in builds if b.name == "table")
    assert sum(p.qty for p in table.parts if p.what == "arcade buttons") == 10  # 8 seats, roll, timer


def test_a_bad_entry_is_named_with_its_fix(tmp_path: Path) -> None:
    path = tmp_path / "parts.toml"
    entry = ('[builds.x]\ntitle = "X"\nsummary = "x"\nconfig = ""\n[[builds.x.parts]]\nwhat = "Pi"\n'
             'item = "a Pi"\nqty = 1\nsource = "estimate"\nlooked_up = "2026-11"\n')
    path.write_text(entry + "price = [20, 10]\n")
    with pytest.raises(parts.PartsError, match=r"build x, part 1 \(Pi\): price = \[20, 10\]; use \[low, high\]"):
        parts.load(path)
    path.write_text(entry.replace('"2026-11"', '"Nov 2026"') + "price = [1, 2]\n")
    with pytest.raises(parts.PartsError, match="looked_up = 'Nov 2026'; use the month as YYYY-MM"):
        parts.load(path)
    path.write_text(entry.replace("qty = 1", "qty = 0") + "price = [1, 2]\n")
    with pytest.raises(parts.PartsError, match=r"qty = 0; use a number above 0"):
        parts.load(path)


def test_a_file_without_its_markers_is_refused(tmp_path: Path) -> None:
    with pytest.raises(parts.PartsError, match="needs one '<!-- parts:begin -->' line"):
        parts.splice("no markers here", "table", tmp_path / "README.md")
    assert parts.splice("a\n<!-- parts:begin -->\nold\n<!-- parts:end -->\nb", "new\n", tmp_path) == (
        "a\n<!-- parts:begin -->\nnew\n<!-- parts:end -->\nb")
