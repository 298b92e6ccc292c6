"""Device tests of artbox."""
