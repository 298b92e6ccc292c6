"""Every way Easel runs: the command line, the loops, headless play, the simulators and the doctor."""
