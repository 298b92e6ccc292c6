"""The SQLite game database: steps, undo, history, word history and its file checks."""
