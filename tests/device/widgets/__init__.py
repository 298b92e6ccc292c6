"""Tests of the shared widgets."""
