"""String tables, one module per app; `ALL` merges them (a key defined twice is an error)."""
