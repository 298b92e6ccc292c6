"""Drawing helpers shared by every screen: fonts, layout, shapes, soft keys."""
