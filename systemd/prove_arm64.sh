#!/bin/bash
# Prove the install on arm64 from this machine: build a Debian bookworm arm64 root with
# debootstrap under qemu-user-static, run systemd/install.sh in it unchanged, then `easel doctor`
# (which must name the missing SPI and GPIO and exit 1) and a headless game with the installed venv.
#
#   sudo bash systemd/prove_arm64.sh
#
# Prints each step's time and exits non-zero on the first failure. The base root is cached in
# $EASEL_ARM64_CACHE (default /var/cache/easel-arm64), with the .deb files and pip's wheels, so a
# second run skips debootstrap and the downloads; every run installs into a fresh copy of it.
# Needs root and a Debian or Ubuntu host (it installs debootstrap, qemu-user-static and
# binfmt-support if missing). Mounts inside the root are undone on exit, whatever happens.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${EASEL_ARM64_CACHE:-/var/cache/easel-arm64}
MIRROR=${EASEL_ARM64_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm
BASE=$CACHE/base-$SUITE
ROOT=$CACHE/run
BINFMT=/proc/sys/fs/binfmt_misc
SCRIPT=tests/scripts/toolbox_round.txt
MOUNTED=()
STARTED=$(date +%s.%N)

fail() { echo "prove_arm64: $*" >&2; exit 1; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

CURRENT=""  # the step under way, named if the proof stops in it
CURRENT_START=0

step() {  # step NAME COMMAND...: run it and print its time; any failure in it ends the proof
    CURRENT=$1
    CURRENT_START=$(date +%s.%N)
    shift
    echo "== $CURRENT"
    "$@"
    printf -- '-- %-41s %6.1f s\n' "$CURRENT" "$(since "$CURRENT_START")"
    CURRENT=""
}

cleanup() {  # name the failed step, and unmount in reverse order, even after a failure or ^C
    local code=$? i
    if [ "$code" -ne 0 ] && [ -n "$CURRENT" ]; then
        printf -- '-- %-41s FAILED after %.1f s\n' "$CURRENT" "$(since "$CURRENT_START")" >&2
        CURRENT=""
    fi
    for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTED[i]}" 2>/dev/null || umount -l "${MOUNTED[i]}" || true
    done
    MOUNTED=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM

[ "$(id -u)" -eq 0 ] || fail "run it as root: sudo bash $0"
[ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = aarch64 ] \
    || fail "made for an x86_64 (or aarch64) host, this one is $(uname -m)"

host_tools() {
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    [ -x /usr/bin/qemu-aarch64-static ] || [ "$(uname -m)" = aarch64 ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null || missing+=(binfmt-support)
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    fi
}

register_qemu() {  # binfmt_misc mounted, and aarch64 ELF files run through qemu
    [ "$(uname -m)" = aarch64 ] && return 0
    if [ ! -e "$BINFMT/register" ]; then
        mount -t binfmt_misc binfmt_misc "$BINFMT" || fail "cannot mount binfmt_misc at $BINFMT"
    fi
    if [ ! -e "$BINFMT/qemu-aarch64" ]; then
        update-binfmts --enable qemu-aarch64 2>/dev/null || true
    fi
    if [ ! -e "$BINFMT/qemu-aarch64" ]; then  # no binfmt-support service here: register by hand
        grep -v '^#' /usr/lib/binfmt.d/qemu-aarch64.conf >"$BINFMT/register"
    fi
    grep -q '^enabled' "$BINFMT/qemu-aarch64" || fail "qemu-aarch64 is not enabled in $BINFMT"
    grep -q '^flags: .*F' "$BINFMT/qemu-aarch64" \
        || fail "qemu-aarch64 lacks the F flag: the chroot could not find the interpreter"
}

base_root() {  # debootstrap once; a half-built root (no .complete) is built again
    if [ -e "$BASE/.complete" ]; then
        echo "cached: $BASE"
        return 0
    fi
    rm -rf "$BASE.tmp"
    mkdir -p "$CACHE"
    # minbase plus systemd (its systemctl is what install.sh drives) and sudo (the doctor line
    # install.sh prints); python3 and the rest come from install.sh itself.
    debootstrap --arch=arm64 --variant=minbase --include=systemd,sudo,ca-certificates \
        "$SUITE" "$BASE.tmp" "$MIRROR"
    rm -f "$BASE.tmp/var/cache/apt/archives/"*.deb
    touch "$BASE.tmp/.complete"
    mv "$BASE.tmp" "$BASE"
}

fresh_copy() {  # a clean root for this run, the project's files in /usr/local/src/easel
    # A run killed hard may have left mounts in the old copy: never delete through them.
    if awk -v r="$ROOT/" 'index($2 "/", r) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        fail "something is still mounted under $ROOT (see /proc/mounts): unmount it first"
    fi
    rm -rf --one-file-system "$ROOT"
    cp -a "$BASE" "$ROOT"
    mkdir -p "$ROOT/usr/local/src/easel"
    tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude='__pycache__' \
        --exclude=./.mypy_cache --exclude=./.pytest_cache --exclude=./.ruff_cache -cf - . \
        | tar -C "$ROOT/usr/local/src/easel" -xf -
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    # The host's own certificate authorities (a network that inspects TLS has one): the root
    # trusts what the host trusts, and pip (which has its own bundle) is given the result. Added
    # as update-ca-certificates would, without running it under qemu (minutes: a process a CA).
    local crt
    for crt in /usr/local/share/ca-certificates/*.crt; do
        [ -e "$crt" ] || continue
        cp "$crt" "$ROOT/usr/local/share/ca-certificates/"
        cat "$crt" >>"$ROOT/etc/ssl/certs/ca-certificates.crt"
    done
}

bind() {  # bind SOURCE TARGET-IN-ROOT, remembered for cleanup
    mkdir -p "$ROOT$2"
    mount --bind "$1" "$ROOT$2"
    MOUNTED+=("$ROOT$2")
}

mount_root() {
    mount -t proc proc "$ROOT/proc" && MOUNTED+=("$ROOT/proc")
    mount -t sysfs sysfs "$ROOT/sys" && MOUNTED+=("$ROOT/sys")
    bind /dev /dev
    bind /dev/pts /dev/pts
    mkdir -p "$CACHE/apt-archives/partial" "$CACHE/pip"
    bind "$CACHE/apt-archives" /var/cache/apt/archives
    bind "$CACHE/pip" /root/.cache/pip
}

in_root() {  # run a command in the root with a plain environment
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
        ${PIP_CERT:+PIP_CERT=/etc/ssl/certs/ca-certificates.crt} "$@"
}

install_sh() {
    in_root sh /usr/local/src/easel/systemd/install.sh | tee "$CACHE/install.log"
    grep -q "systemd is not running here" "$CACHE/install.log" \
        || fail "install.sh did not say that it could not start the service in a chroot"
    in_root test -f /etc/systemd/system/easel.service || fail "easel.service was not installed"
}

doctor() {  # no SPI and no GPIO in a chroot: doctor must say so and exit 1
    local code=0
    in_root runuser -u easel -- env GPIOZERO_PIN_FACTORY=lgpio \
        /opt/easel/venv/bin/easel doctor --config /etc/easel/easel.toml >"$CACHE/doctor.log" 2>&1 \
        || code=$?
    cat "$CACHE/doctor.log"
    [ "$code" -eq 1 ] || fail "easel doctor exited $code, not 1"
    grep -q '^FAIL .*SPI' "$CACHE/doctor.log" || fail "easel doctor did not name the missing SPI"
    grep -q '^FAIL .*GPIO' "$CACHE/doctor.log" || fail "easel doctor did not name the missing GPIO"
}

headless_game() {
    in_root runuser -u easel -- sh -c "cd /tmp && /opt/easel/venv/bin/easel play --headless \
        --script /usr/local/src/easel/$SCRIPT --frames /tmp/easel-frames --db /tmp/easel-proof.db"
    local frames
    frames=$(find "$ROOT/tmp/easel-frames" -name '*.png' | wc -l)
    [ "$frames" -gt 0 ] || fail "the headless game wrote no frame"
    echo "$frames frames written by the arm64 venv"
}

step "host tools (debootstrap, qemu-user-static)" host_tools
step "qemu-aarch64 registered in binfmt_misc" register_qemu
step "Debian $SUITE arm64 root (debootstrap)" base_root
step "fresh copy of the root, with the project" fresh_copy
step "mount /proc, /sys, /dev and the caches" mount_root
in_root uname -m | grep -qx aarch64 || fail "the root does not run as aarch64"
step "systemd/install.sh" install_sh
step "easel doctor (no SPI, no GPIO: exit 1)" doctor
step "headless game ($SCRIPT)" headless_game
cleanup
printf -- '-- %-41s %6.1f s\n' "total" "$(since "$STARTED")"
echo "prove_arm64: the install works on Debian $SUITE arm64"
