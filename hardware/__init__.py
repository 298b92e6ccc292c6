"""The hardware abstraction layer: displays, buttons and buzzers, real and simulated."""
