"""Device tests of canvas."""
