#!/bin/sh
# Update Easel from its git checkout and install the new version:
#   sudo sh systemd/update.sh          # git pull --ff-only on the checkout's branch
#   sudo sh systemd/update.sh REF      # or check out a branch, tag or commit (git fetch first)
# The install is systemd/install.sh of the updated checkout: the new version goes in next to the
# one in use and the service (if running) restarts on it; the one before is kept, and
# `sudo sh systemd/rollback.sh` goes back to it. /etc/easel/easel.toml and the database in
# /var/lib/easel are not touched. A mistake (not root, local changes, an unknown REF) is one line,
# exit 2, and nothing changed.

# The whole script is read before it runs: git may rewrite this file under it.
main() {
    set -eu
    SRC=$(cd "$(dirname "$0")/.." && pwd)
    PREFIX=${EASEL_PREFIX:-/opt/easel}
    usage="usage: sudo sh systemd/update.sh [REF]"
    case ${1:-} in
        -h|--help) echo "$usage"; exit 0 ;;
        -*) fail "unknown option $1; $usage" ;;
    esac
    [ $# -le 1 ] || fail "one REF at most, not '$*'; $usage"
    command -v git >/dev/null || fail "git not found: install it (sudo apt-get install git), or update by hand and run install.sh"
    # The checkout belongs to whoever cloned it: git runs as that user, never as root in it.
    owner=$(stat -c %U "$SRC")
    as_owner git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1 \
        || fail "$SRC is not a git checkout: update its files yourself, then sudo sh systemd/install.sh"
    dirty=$(as_owner git -C "$SRC" status --porcelain --untracked-files=no | head -n 3 | cut -c4- | paste -sd ' ' -)
    [ -z "$dirty" ] || fail "$SRC has local changes ($dirty): commit or stash them (git stash), then update again"
    before=$(as_owner git -C "$SRC" rev-parse HEAD)
    root="run it as root: sudo sh $0${1:+ $1}"

    if [ $# -eq 1 ]; then
        as_owner git -C "$SRC" fetch --quiet --tags 2>/dev/null || echo "git fetch failed (offline?): using what the checkout has"
        target=$(as_owner git -C "$SRC" rev-parse --verify --quiet "$1^{commit}") \
            || fail "'$1' is no branch, tag or commit in $SRC; see git -C $SRC log --oneline"
        as_owner git -C "$SRC" cat-file -e "$target:systemd/rollback.sh" 2>/dev/null \
            || fail "'$1' predates systemd/update.sh and cannot be installed by it; to go back to the version before the last update: sudo sh systemd/rollback.sh"
        [ "$(id -u)" -eq 0 ] || fail "$root"
        as_owner git -C "$SRC" checkout --quiet "$1"
    else
        as_owner git -C "$SRC" symbolic-ref --quiet HEAD >/dev/null \
            || fail "$SRC is not on a branch (detached at $(as_owner git -C "$SRC" rev-parse --short HEAD)): name one, e.g. sudo sh systemd/update.sh main"
        [ "$(id -u)" -eq 0 ] || fail "$root"
        as_owner git -C "$SRC" pull --quiet --ff-only \
            || fail "git pull --ff-only failed in $SRC (see above); nothing was changed"
    fi
    after=$(as_owner git -C "$SRC" rev-parse HEAD)
    current=""
    installed="nothing installed yet"
    if [ -f "$PREFIX/venv/easel-release" ]; then
        current=$(sed -n 's/^commit=//p' "$PREFIX/venv/easel-release")
        installed=$(sed -n 's/^describe=//p' "$PREFIX/venv/easel-release")
    fi
    if [ "$after" = "$current" ]; then
        echo "Easel is up to date: $(as_owner git -C "$SRC" describe --always) is the version installed"
        exit 0
    fi
    echo "updating Easel: $installed -> $(as_owner git -C "$SRC" describe --always)"
    if ! sh "$SRC/systemd/install.sh"; then
        echo "update.sh: the install failed (above): Easel still runs the version before;" \
            "the checkout is at $after (git -C $SRC checkout $before goes back)" >&2
        exit 1
    fi
    exit 0
}

fail() {
    echo "update.sh: $*" >&2
    exit 2
}

as_owner() {  # run a command as the checkout's owner (git refuses a repository owned by another)
    if [ "$owner" = "$(id -un)" ] || [ "$owner" = UNKNOWN ]; then
        "$@"
    else
        runuser -u "$owner" -- "$@"
    fi
}

main "$@"
