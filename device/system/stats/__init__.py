"""The stats system app."""
