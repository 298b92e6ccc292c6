#!/bin/bash
# The install proven on Debian 12 (bookworm) arm64: systemd/prove.sh for that one target (kept
# for the commands that name it). `sudo bash systemd/prove.sh SUITE ARCH` proves any of them.
exec bash "$(dirname "$0")/prove.sh" bookworm arm64 "$@"
