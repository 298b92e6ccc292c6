"""From frame to glass: the refresh planner, the display worker and the simulated panel."""
