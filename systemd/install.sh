#!/bin/sh
# Install Easel as a service on Raspberry Pi OS or plain Debian 12 (bookworm) / 13 (trixie),
# 64-bit (arm64) or 32-bit (armhf), from a checkout of the project:
#   sudo sh systemd/install.sh [--source DIR]
# Run again (or through systemd/update.sh) it installs the checkout's version next to the one
# in use, then switches to it; the version before is kept for systemd/rollback.sh.
#
# Where the distribution packages a dependency, it is used (the venv sees the system's site
# packages): Pillow, spidev, pyserial, RPi.GPIO (only imported, by the 4.2" panel's driver),
# and lgpio where apt has it (Raspberry Pi OS). The rest comes from wheels: gpiozero 2 (Debian's
# is 1.6, without the lgpio pin factory), the Waveshare driver (without its dependencies: they
# are the packages above), the font, and lgpio where a wheel fits this Python. Only lgpio is
# ever compiled, when neither exists (plain Debian 13: Python 3.13); then the tools its build
# needs are installed first, and the install says what it compiled.
#
# Layout: /opt/easel/releases/<id> is one installed version (a venv with Easel in it),
# /opt/easel/venv points at the one in use, /opt/easel/previous at the one before. Also: the
# `easel` user and its groups, /etc/easel/easel.toml (only if absent: never overwritten), and
# easel.service. The database (/var/lib/easel) is never touched.
# EASEL_DRY_RUN=1 prints the steps instead of running them (used by the tests).
set -eu

usage="usage: sudo sh systemd/install.sh [--source DIR]"
SRC=$(cd "$(dirname "$0")/.." && pwd)
while [ $# -gt 0 ]; do
    case $1 in
        --source)
            [ $# -ge 2 ] || { echo "install.sh: --source needs a directory; $usage" >&2; exit 2; }
            [ -f "$2/pyproject.toml" ] && [ -f "$2/device/run/cli.py" ] || {
                echo "install.sh: --source $2: not an Easel checkout (no pyproject.toml and device/); give the directory of a clone" >&2
                exit 2
            }
            SRC=$(cd "$2" && pwd)
            shift 2 ;;
        -h|--help) echo "$usage"; exit 0 ;;
        *) echo "install.sh: unknown option $1; $usage" >&2; exit 2 ;;
    esac
done

PREFIX=${EASEL_PREFIX:-/opt/easel}
ETC=${EASEL_ETC:-/etc/easel}
UNIT_DIR=${EASEL_UNIT_DIR:-/etc/systemd/system}
DRY=${EASEL_DRY_RUN:-}
# Where systemd, when it is the running init, keeps its state (sd_booted(3)); absent in a chroot.
SYSTEMD_RUN=${EASEL_SYSTEMD_RUN:-/run/systemd/system}
STARTED=$(date +%s)

run() {
    if [ -n "$DRY" ]; then echo "+ $*"; else "$@"; fi
}
. "$(dirname "$0")/releases.sh"

# True if apt knows a package that it could install (apt-cache policy shows a candidate).
available() {
    apt-cache policy "$1" 2>/dev/null | grep -q '^ *Candidate: [^(]'
}

# git, read-only, in a checkout that may belong to another user than root.
src_git() {
    git -c safe.directory="$SRC" -C "$SRC" "$@" 2>/dev/null
}

# True if dpkg has the package installed.
installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q ' installed$'
}

# gpiozero must use lgpio: only lgpio drives a Raspberry Pi 5's pins. easel.service sets the
# same for the service.
GPIOZERO_PIN_FACTORY=lgpio
export GPIOZERO_PIN_FACTORY

if [ -z "$DRY" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root: sudo sh $0" >&2
    exit 2
fi
if ! command -v apt-get >/dev/null; then
    echo "install.sh: apt-get not found: this install is for Raspberry Pi OS, Debian or Ubuntu" >&2
    exit 2
fi

# Debian's packages where they exist (armhf has no Pillow wheel; spidev and RPi.GPIO none at
# all), so that pip compiles none of them.
run apt-get update
packages="python3 python3-venv python3-pil python3-spidev python3-serial"
# Raspberry Pi OS replaces RPi.GPIO by rpi-lgpio, which provides the same module: keep either.
if ! installed python3-rpi-lgpio && ! installed python3-rpi.gpio; then
    packages="$packages python3-rpi.gpio"
fi
if available python3-lgpio; then
    packages="$packages python3-lgpio"  # Raspberry Pi OS
fi
# shellcheck disable=SC2086  # one word per package
run apt-get install -y --no-install-recommends $packages

if [ -z "$DRY" ] && ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "install.sh: Easel needs Python 3.11 or newer; this system has $(python3 -V 2>&1)" \
        "(Debian 12 or Raspberry Pi OS 12 and later have it)" >&2
    exit 2
fi

for group in gpio spi dialout; do
    if ! getent group "$group" >/dev/null; then run groupadd --system "$group"; fi
done
if ! id easel >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir /var/lib/easel --no-create-home \
        --shell /usr/sbin/nologin easel
fi
run usermod -aG gpio,spi,dialout easel

# The new version goes into a release of its own; the one in use keeps running meanwhile.
commit=$(src_git rev-parse --short=12 HEAD || echo unknown)
id=$(date -u +%Y%m%d-%H%M%S)-$commit
REL=$PREFIX/releases/$id
PIP="$REL/bin/pip"
run mkdir -p "$PREFIX/releases"
run python3 -m venv --system-site-packages "$REL"
# The venv's own pip (23.0 on Debian 12, 25.1 on 13) is used as it is: upgrading it costs a
# minute on a Pi Zero and brings nothing install.sh needs.

# lgpio: Debian's package (Raspberry Pi OS), else a wheel, else built from its source release,
# which links the C library in statically when PYPI=1.
compiled=""
if [ -z "$DRY" ] && "$REL/bin/python" -c "import lgpio" 2>/dev/null; then
    echo "lgpio: the distribution's package"
elif run "$PIP" install --quiet --only-binary=:all: 'lgpio>=0.2' 2>/dev/null; then
    echo "lgpio: a wheel"
else
    echo "lgpio: no package here and no wheel for $(python3 -V) on $(uname -m): building it from source"
    run apt-get install -y --no-install-recommends gcc libc6-dev python3-dev swig
    if [ -n "$DRY" ]; then
        run env PYPI=1 "$PIP" install --no-binary=lgpio 'lgpio>=0.2'
    else
        env PYPI=1 "$PIP" install --no-binary=lgpio 'lgpio>=0.2' >"$REL/lgpio-build.log" 2>&1 \
            || { cat "$REL/lgpio-build.log"; echo "install.sh: building lgpio failed (above); the version in use is unchanged" >&2; exit 1; }
        cat "$REL/lgpio-build.log"
        if grep -q "Building wheel for lgpio" "$REL/lgpio-build.log"; then
            compiled="lgpio $("$REL/bin/python" -c 'from importlib.metadata import version; print(version("lgpio"))')"
        else
            echo "lgpio: built by an earlier install (pip's cache)"
        fi
    fi
fi
# The Waveshare driver without its dependencies (RPi.GPIO and spidev, from apt above), then
# Easel; --only-binary: nothing else may be compiled (pure-Python wheels only).
run "$PIP" install --only-binary=:all: --no-deps 'waveshare-epaper>=1.3'
# Built from a copy: pip would leave build/ and *.egg-info, owned by root, in the user's checkout.
if [ -n "$DRY" ]; then
    build=$SRC
else
    build=$(mktemp -d)
    tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build -cf - . | tar -C "$build" -xf -
fi
run "$PIP" install --only-binary=:all: "$build"
if [ "$build" != "$SRC" ]; then rm -rf "$build"; fi
if [ -z "$DRY" ]; then
    missing=$("$REL/bin/python" -c 'import importlib.util as u
print(" ".join(m for m in ("lgpio", "spidev", "PIL", "serial", "gpiozero", "epaper", "RPi.GPIO",
                            "device") if u.find_spec(m) is None))')
    if [ -n "$missing" ]; then
        echo "install.sh: $REL lacks $missing; see the output above (the version in use is unchanged)" >&2
        exit 1
    fi
fi
{
    echo "commit=$(src_git rev-parse HEAD || echo unknown)"
    echo "describe=$(src_git describe --always || echo unknown)"
    echo "source=$SRC"
    echo "installed=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} | if [ -n "$DRY" ]; then cat >/dev/null; else cat >"$REL/easel-release"; fi
run install -m 0644 "$SRC/systemd/easel.service" "$REL/easel.service"

run install -d -m 0755 "$ETC"
if [ -e "$ETC/easel.toml" ]; then
    echo "keeping the existing $ETC/easel.toml"
else
    run install -m 0644 "$SRC/systemd/easel.toml" "$ETC/easel.toml"
fi

# Switch: stop a running Easel, point venv at the new release and previous at the old one.
active=""
if [ -d "$SYSTEMD_RUN" ] && [ -z "$DRY" ] && systemctl is-active --quiet easel.service; then
    active=yes
    run systemctl stop easel.service
fi
switch_to "$REL"
run install -m 0644 "$SRC/systemd/easel.service" "$UNIT_DIR/easel.service"
if [ -d "$SYSTEMD_RUN" ]; then
    run systemctl daemon-reload
    if [ -n "$active" ]; then run systemctl start easel.service; fi
else
    echo "systemd is not running here (a chroot or a container): easel.service is installed;" \
        "enable and start it on the Pi itself"
fi

echo
echo "Installed $(src_git describe --always || echo "$SRC") as $REL in $(($(date +%s) - STARTED)) s"
if [ -n "$compiled" ]; then
    echo "Compiled from source: $compiled (no package in this distribution, no wheel for this Python)"
else
    echo "Compiled from source: nothing"
fi
echo
echo "Next steps:"
if [ ! -e /dev/spidev0.0 ]; then
    echo "  SPI is off: enable it with 'sudo raspi-config nonint do_spi 0', then reboot."
fi
echo "  Check the build:  sudo -u easel env GPIOZERO_PIN_FACTORY=$GPIOZERO_PIN_FACTORY $PREFIX/venv/bin/easel doctor --config $ETC/easel.toml"
echo "  Then start Easel, now and at every boot:  sudo systemctl enable --now easel   (logs: journalctl -u easel -f)"
