"""One package per game, each with the same modules (see docs/framework.md); device.framework.registry lists them."""
