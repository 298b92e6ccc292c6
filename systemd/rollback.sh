#!/bin/sh
# Go back to the version of Easel installed before the last install or update:
#   sudo sh systemd/rollback.sh
# Swaps /opt/easel/venv and /opt/easel/previous (run it again to return), puts back that
# version's easel.service, and restarts a running service on it. /etc/easel/easel.toml and the
# git checkout are not touched: the next update.sh or install.sh installs the checkout's version
# again. The database in /var/lib/easel stays as it is when the earlier version reads its format;
# when the newer version has upgraded it to a format the earlier one refuses, it is kept aside
# (easel.db.rolled-back-STAMP) and the copy Easel made before that upgrade (easel.db.formatN-STAMP)
# is put back. A mistake is one line, exit 2, nothing changed.
set -eu

PREFIX=${EASEL_PREFIX:-/opt/easel}
DB=${EASEL_STATE:-/var/lib/easel}/easel.db
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

# The database format a release reads (empty if it cannot say: a release from before formats).
format_read_by() {
    "$1/bin/python" -c 'from device.storage.store_file import FORMAT_VERSION; print(FORMAT_VERSION)' 2>/dev/null || true
}

# The format of a database, read as the file's owner (so SQLite's -shm stays the service's).
db_format() {
    read_it="import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute('PRAGMA user_version').fetchone()[0])"
    owner=$(stat -c %U "$1")
    if [ "$(id -u)" -eq 0 ] && [ "$owner" != root ] && [ "$owner" != UNKNOWN ]; then
        runuser -u "$owner" -- python3 -c "$read_it" "$1"
    else
        python3 -c "$read_it" "$1"
    fi
}

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

# The database: decided before anything changes.
restore=""
if [ -f "$DB" ]; then
    reads=$(format_read_by "$before")
    has=$(db_format "$DB") || fail "cannot read the format of $DB (above): nothing changed"
    if [ -n "$reads" ] && [ "$has" -gt "$reads" ]; then
        restore=$(find "$(dirname "$DB")" -maxdepth 1 -name "$(basename "$DB").format$reads-*" \
                  ! -name '*-wal' ! -name '*-shm' | sort | tail -n 1)
        [ -n "$restore" ] || fail "$DB is format $has, which $(release_name "$before") cannot read (it reads $reads), and no copy in format $reads is kept beside it: nothing changed (the games stay with this version)"
        aside=$DB.rolled-back-$(date +%Y%m%d-%H%M%S)
    fi
fi

active=""
if [ -d "$SYSTEMD_RUN" ] && [ -z "$DRY" ] && systemctl is-active --quiet easel.service; then
    active=yes
    run systemctl stop easel.service
fi
if [ -n "$restore" ]; then
    for part in "" -wal -shm; do
        if [ -e "$DB$part" ]; then run mv "$DB$part" "$aside$part"; fi
    done
    run cp -p "$restore" "$DB"
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
if [ -n "$restore" ]; then
    echo "The database was format $has, which $(release_name "$before") cannot read: it is kept as $aside"
    echo "(the games played since the upgrade: easel history --db $aside, with the newer version)."
    echo "In use again: the copy made when it was upgraded from format $reads, $restore."
    echo "/etc/easel/easel.toml and the checkout were not touched."
else
    echo "/etc/easel/easel.toml, the database and the checkout were not touched."
fi
