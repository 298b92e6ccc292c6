"""Easel's pure rules engine: no clock, no global random, no I/O."""
