"""The press pipeline and the app contract every game and system app plugs into."""
