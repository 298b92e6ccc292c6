"""`easel play --web`: the simulated panel, its buttons and its refreshes in a browser page."""
