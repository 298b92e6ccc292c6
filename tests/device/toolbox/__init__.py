"""Device tests of toolbox."""
