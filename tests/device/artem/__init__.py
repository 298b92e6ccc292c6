"""Device tests of artem."""
