#!/bin/sh
# Remove Easel from this system:
#   sudo sh systemd/uninstall.sh            # the service, the easel user and the venvs
#   sudo sh systemd/uninstall.sh --purge    # and also the database and the config
# Without --purge the database and logs (/var/lib/easel) and /etc/easel stay, and the script
# says where; a later install.sh finds them again. Debian's packages that install.sh added
# (python3-pil, ...), the groups gpio, spi and dialout and the checkout stay: others may use them.
# A mistake is one line, exit 2, nothing changed.
set -eu

PREFIX=${EASEL_PREFIX:-/opt/easel}
ETC=${EASEL_ETC:-/etc/easel}
STATE=${EASEL_STATE:-/var/lib/easel}
UNIT_DIR=${EASEL_UNIT_DIR:-/etc/systemd/system}
SYSTEMD_RUN=${EASEL_SYSTEMD_RUN:-/run/systemd/system}
DRY=${EASEL_DRY_RUN:-}
usage="usage: sudo sh systemd/uninstall.sh [--purge]"

run() {
    if [ -n "$DRY" ]; then echo "+ $*"; else "$@"; fi
}
fail() {
    echo "uninstall.sh: $*" >&2
    exit 2
}

purge=""
for arg in "$@"; do
    case $arg in
        --purge) purge=yes ;;
        -h|--help) echo "$usage"; exit 0 ;;
        *) fail "unknown option $arg; $usage" ;;
    esac
done
[ -n "$DRY" ] || [ "$(id -u)" -eq 0 ] || fail "run it as root: sudo sh $0${1:+ $*}"

if [ -e "$UNIT_DIR/easel.service" ]; then
    if [ -d "$SYSTEMD_RUN" ]; then
        run systemctl disable --now easel.service
    fi
    run rm -f "$UNIT_DIR/easel.service"
    if [ -d "$SYSTEMD_RUN" ]; then run systemctl daemon-reload; fi
    echo "removed easel.service"
fi
# Only what install.sh made in $PREFIX: the releases and the two links to them.
for made in "$PREFIX/venv" "$PREFIX/previous" "$PREFIX/releases"; do
    if [ -e "$made" ] || [ -L "$made" ]; then run rm -rf "$made"; echo "removed $made"; fi
done
if [ -d "$PREFIX" ]; then run rmdir --ignore-fail-on-non-empty "$PREFIX"; fi
if id easel >/dev/null 2>&1; then
    run userdel easel
    echo "removed the user easel"
fi

if [ -n "$purge" ]; then
    for dir in "$STATE" "$ETC"; do
        if [ -e "$dir" ]; then run rm -rf "$dir"; echo "removed $dir"; fi
    done
else
    [ -e "$STATE" ] && echo "kept $STATE: the database (easel.db), the games in progress, history and logs"
    [ -e "$ETC" ] && echo "kept $ETC: the config (easel.toml)"
    echo "(sudo sh systemd/uninstall.sh --purge removes them too)"
fi
echo "Easel is uninstalled."
