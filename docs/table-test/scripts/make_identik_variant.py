"""Write docs/table-test/scripts/identik_four_keys_variant.txt: an IDENTIK game on the four keys
that no reading has seen (another first narrator, other super criteria, other ticks), with
tests/scripts/identik_make_scripts.py's own writer.

    PYTHONPATH=. .venv/bin/python docs/table-test/scripts/make_identik_variant.py
"""

from __future__ import annotations

from pathlib import Path

import tests.scripts.identik_make_scripts as maker
from tests.scripts.identik_make_scripts import Round

maker.FIRST = 4
maker.GAME = (
    Round(4, 7, False, "right", {1: (2,), 2: (1, 3), 4: (2, 3), 6: (1,), 7: (3,), 9: (1, 2)}),
    Round(1, 2, False, "left", {2: (2, 4), 3: (3,), 5: (4,), 8: (2, 3, 4)}),
    Round(2, 6, False, "right", {1: (1,), 4: (3, 4), 6: (1, 4), 10: (3,)}),
    Round(3, 1, False, "left", {1: (1, 2, 4), 3: (4,), 7: (2,)}),
)

if __name__ == "__main__":
    out = Path(__file__).resolve().parent / "identik_four_keys_variant.txt"
    maker.write(out, four_keys=True)
    text = out.read_text(encoding="utf-8")  # the maker's header names its own game's order and winner
    text = text.replace("then 3, 4, 1;", "then 1, 2, 3;").replace("seat 3 wins", "seat 1 wins")
    out.write_text(text.replace("# seed 4\n", "# seed 12\n", 1), encoding="utf-8")
