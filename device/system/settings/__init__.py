"""The settings system app."""
