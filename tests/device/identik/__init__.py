"""Device tests of identik."""
