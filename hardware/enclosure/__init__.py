"""Easel's printable case: easel.scad and the check that renders it (check.py)."""
