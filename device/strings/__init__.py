"""The shared string tables (common, web) and the catalog every screen reads (`all.STRINGS`),
which each app's own table joins when the app loads (a key defined twice is an error)."""
