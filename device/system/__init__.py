"""The system apps: the home menu, the statistics and the settings."""
