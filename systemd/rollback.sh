#!/bin/sh
# Go back to the version of Easel installed before the last install or update:
#   sudo sh systemd/rollback.sh
# Swaps /opt/easel/venv and /opt/easel/previous (run it again to return), puts back that
# version's easel.service, and restarts a running service on it. /etc/easel/easel.toml, the
# database in /var/lib/easel and the git checkout are not touched: the next update.sh or
# install.sh installs the checkout's version again. A mistake is one line, exit 2, nothing changed.
set -eu

PREFIX=${EASEL_PREFIX:-/opt/easel}
UNIT_DIR=${EASEL_UNIT_DIR:-/etc/systemd/system}
SYSTEMD_RUN=${EASEL_SYSTEMD_RUN:-/run/systemd/system}
DRY=${EASEL_DRY_RUN:-}

run() {
    if [ -n "$DRY" ]; then echo "+ $*"; else "$@"; fi
}
fail() {
    echo "rollback.sh: $*" >&2
    exit 2
}
. "$(dirname "$0")/releases.sh"

case ${1:-} in
    "") ;;
    -h|--help) echo "usage: sudo sh systemd/rollback.sh"; exit 0 ;;
    *) fail "takes no arguments, not '$*'; usage: sudo sh systemd/rollback.sh" ;;
esac
[ -n "$DRY" ] || [ "$(id -u)" -eq 0 ] || fail "run it as root: sudo sh $0"
current=$(release_of "$PREFIX/venv")
before=$(release_of "$PREFIX/previous")
[ -n "$current" ] || fail "no Easel installed by install.sh in $PREFIX: nothing to roll back"
[ -n "$before" ] && [ -x "$before/bin/easel" ] \
    || fail "no earlier version kept in $PREFIX (there is one after an update): nothing to roll back to"

active=""
if [ -d "$SYSTEMD_RUN" ] && [ -z "$DRY" ] && systemctl is-active --quiet easel.service; then
    active=yes
    run systemctl stop easel.service
fi
point "$PREFIX/venv" "$before"
point "$PREFIX/previous" "$current"
if [ -f "$before/easel.service" ]; then
    run install -m 0644 "$before/easel.service" "$UNIT_DIR/easel.service"
fi
if [ -d "$SYSTEMD_RUN" ]; then
    run systemctl daemon-reload
    if [ -n "$active" ]; then run systemctl start easel.service; fi
fi
echo "Easel is back to $(release_name "$before") ($before)."
echo "The version rolled back from, $(release_name "$current"), is kept: rollback.sh again returns to it."
echo "/etc/easel/easel.toml, the database and the checkout were not touched."
