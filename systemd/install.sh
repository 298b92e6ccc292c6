#!/bin/sh
# Install Easel as a service on Raspberry Pi OS (or plain Debian or Ubuntu on arm64), from a
# checkout of the project:
#   sudo sh systemd/install.sh
# Creates the venv under /opt/easel with the `pi` extra, the `easel` user and its groups,
# /etc/easel/easel.toml (only if absent), and installs easel.service; it prints the next steps
# (check the build with `easel doctor`, then enable and start the service).
# EASEL_DRY_RUN=1 prints the steps instead of running them (used by the tests).
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${EASEL_PREFIX:-/opt/easel}
ETC=${EASEL_ETC:-/etc/easel}
UNIT_DIR=${EASEL_UNIT_DIR:-/etc/systemd/system}
DRY=${EASEL_DRY_RUN:-}
# Where systemd, when it is the running init, keeps its state (sd_booted(3)); absent in a chroot.
SYSTEMD_RUN=${EASEL_SYSTEMD_RUN:-/run/systemd/system}

run() {
    if [ -n "$DRY" ]; then echo "+ $*"; else "$@"; fi
}

# True if apt knows a package that it could install (apt-cache policy shows a candidate).
available() {
    apt-cache policy "$1" 2>/dev/null | grep -q '^ *Candidate: [^(]'
}

# gpiozero must use lgpio: RPi.GPIO, which waveshare-epaper pulls in, fails on a Raspberry Pi 5.
# easel.service sets the same for the service.
GPIOZERO_PIN_FACTORY=lgpio
export GPIOZERO_PIN_FACTORY

if [ -z "$DRY" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root: sudo sh $0" >&2
    exit 1
fi

# Python venv support, and a C compiler with Python's headers: RPi.GPIO and spidev (which
# waveshare-epaper needs) build from source. lgpio comes from its wheel where one fits; only
# Raspberry Pi OS has liblgpio-dev, which lets pip build lgpio when none does.
run apt-get update
packages="python3-venv python3-dev gcc libc6-dev"
if available liblgpio-dev; then
    packages="$packages liblgpio-dev swig"
else
    echo "liblgpio-dev is not in this system's package lists (it is Raspberry Pi OS's): lgpio comes from its wheel"
fi
# shellcheck disable=SC2086  # one word per package
run apt-get install -y --no-install-recommends $packages

for group in gpio spi dialout; do
    if ! getent group "$group" >/dev/null; then run groupadd --system "$group"; fi
done
if ! id easel >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir /var/lib/easel --no-create-home \
        --shell /usr/sbin/nologin easel
fi
run usermod -aG gpio,spi,dialout easel

run python3 -m venv "$PREFIX/venv"
run "$PREFIX/venv/bin/pip" install --upgrade pip
run "$PREFIX/venv/bin/pip" install "$SRC[pi]"
if ! run "$PREFIX/venv/bin/python" -c "import lgpio"; then
    echo "install.sh: lgpio did not install into $PREFIX/venv: no wheel fits this Python and" \
        "liblgpio-dev was not there to build one; see the pip output above" >&2
    exit 1
fi

run install -d -m 0755 "$ETC"
if [ -e "$ETC/easel.toml" ]; then
    echo "keeping the existing $ETC/easel.toml"
else
    run install -m 0644 "$SRC/systemd/easel.toml" "$ETC/easel.toml"
fi

run install -m 0644 "$SRC/systemd/easel.service" "$UNIT_DIR/easel.service"
if [ -d "$SYSTEMD_RUN" ]; then
    run systemctl daemon-reload
    # An upgrade: a running Easel restarts on the new code (a stopped one stays stopped).
    run systemctl try-restart easel.service
else
    echo "systemd is not running here (a chroot or a container): easel.service is installed;" \
        "enable and start it on the Pi itself"
fi

echo
echo "Next steps:"
if [ ! -e /dev/spidev0.0 ]; then
    echo "  SPI is off: enable it with 'sudo raspi-config nonint do_spi 0', then reboot."
fi
echo "  Check the build:  sudo -u easel env GPIOZERO_PIN_FACTORY=$GPIOZERO_PIN_FACTORY $PREFIX/venv/bin/easel doctor --config $ETC/easel.toml"
echo "  Then start Easel, now and at every boot:  sudo systemctl enable --now easel   (logs: journalctl -u easel -f)"
