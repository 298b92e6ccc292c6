"""The pause menu: Resume, Undo, Home, Settings over a game under way."""
