"""The home system app."""
