"""The toolbox game on the device (see docs/framework.md for what each module does)."""
