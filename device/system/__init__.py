"""The system apps: the home menu, the statistics, the settings and the pause menu."""
