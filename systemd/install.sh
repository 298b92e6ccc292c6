#!/bin/sh
# Install Easel as a service on Raspberry Pi OS, from a checkout of the project:
#   sudo sh systemd/install.sh
# Creates the venv under /opt/easel with the `pi` extra, the `easel` user and its groups,
# /etc/easel/easel.toml (only if absent), and installs and enables easel.service.
# EASEL_DRY_RUN=1 prints the steps instead of running them (used by the tests).
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${EASEL_PREFIX:-/opt/easel}
ETC=${EASEL_ETC:-/etc/easel}
UNIT_DIR=${EASEL_UNIT_DIR:-/etc/systemd/system}
DRY=${EASEL_DRY_RUN:-}

run() {
    if [ -n "$DRY" ]; then echo "+ $*"; else "$@"; fi
}

# gpiozero must use lgpio: RPi.GPIO, which waveshare-epaper pulls in, fails on a Raspberry Pi 5.
# easel.service sets the same for the service.
GPIOZERO_PIN_FACTORY=lgpio
export GPIOZERO_PIN_FACTORY

if [ -z "$DRY" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root: sudo sh $0" >&2
    exit 1
fi

# Python venv support, and what building lgpio needs if no wheel fits this Pi.
run apt-get update
run apt-get install -y python3-venv python3-dev swig liblgpio-dev

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
    echo "install.sh: lgpio did not install into $PREFIX/venv; see the pip output above" >&2
    exit 1
fi

run install -d -m 0755 "$ETC"
if [ -e "$ETC/easel.toml" ]; then
    echo "keeping the existing $ETC/easel.toml"
else
    run install -m 0644 "$SRC/systemd/easel.toml" "$ETC/easel.toml"
fi

run install -m 0644 "$SRC/systemd/easel.service" "$UNIT_DIR/easel.service"
run systemctl daemon-reload
run systemctl enable easel.service

if [ ! -e /dev/spidev0.0 ]; then
    echo "SPI is off: enable it with 'sudo raspi-config nonint do_spi 0', then reboot."
fi
echo "Check the build:  sudo -u easel env GPIOZERO_PIN_FACTORY=$GPIOZERO_PIN_FACTORY $PREFIX/venv/bin/easel doctor --config $ETC/easel.toml"
echo "Start Easel:      sudo systemctl start easel   (logs: journalctl -u easel -f)"
