#!/bin/bash
# Prove the install on a Raspberry Pi's Debian without a Pi: build a Debian root for SUITE
# (bookworm or trixie) and ARCH (arm64 or armhf) with debootstrap under qemu-user, then in it:
#   1. systemd/install.sh, unchanged, from a git clone of this tree (what it compiled, if anything,
#      must be nothing Debian packages);
#   2. `easel doctor` (no SPI and no GPIO in a chroot: it must name both and exit 1);
#   3. a headless game with the installed venv;
#   4. the clone set back to the earlier version $EASEL_PROVE_FROM (default: 466ce20, main before
#      update.sh existed), installed with this tree's install.sh --source (that version's own
#      install.sh cannot install on trixie), an #ARTBOX game left in progress in the service's
#      database, and an edited /etc/easel/easel.toml;
#   5. `git pull` and systemd/update.sh to this tree: config and database byte-identical, and the
#      game resumes in the same state on the same screen;
#   6. systemd/rollback.sh: the earlier version is in use again, and resumes the game;
#   7. systemd/uninstall.sh: service, user and venvs gone, database and config kept; --purge
#      removes them.
#
#   sudo bash systemd/prove.sh SUITE ARCH      e.g. sudo bash systemd/prove.sh trixie arm64
#
# Prints each step's time and exits non-zero on the first failure. Each target's base root is
# cached in $EASEL_PROVE_CACHE/SUITE-ARCH (default /var/cache/easel-prove), with the .deb files and
# pip's downloads, so a second run skips debootstrap and the downloads; every run installs into
# a fresh copy of it. Needs root and a Debian or Ubuntu host (it installs debootstrap,
# qemu-user-static, binfmt-support and git if missing). Mounts are undone on exit, whatever happens.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE_ROOT=${EASEL_PROVE_CACHE:-/var/cache/easel-prove}
MIRROR=${EASEL_PROVE_MIRROR:-http://deb.debian.org/debian}
FROM=${EASEL_PROVE_FROM:-466ce20}
BINFMT=/proc/sys/fs/binfmt_misc
SCRIPT=tests/scripts/toolbox_round.txt
GAME=tests/scripts/artbox_three_players.txt
GAME_LINES=40  # the #ARTBOX game is left in progress after these lines (round 1)
CHECKOUT=/home/pi/easel
MOUNTED=()
STARTED=$(date +%s.%N)

usage="usage: sudo bash systemd/prove.sh SUITE ARCH (SUITE: bookworm or trixie; ARCH: arm64 or armhf)"
fail() { echo "prove: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "prove: $usage" >&2; exit 2; }
SUITE=$1
ARCH=$2
case $SUITE in bookworm|trixie) ;; *) echo "prove: unknown suite '$SUITE'; $usage" >&2; exit 2 ;; esac
case $ARCH in
    arm64) QEMU=aarch64; MACHINE=aarch64 ;;
    armhf) QEMU=arm; MACHINE=armv7l ;;
    *) echo "prove: unknown architecture '$ARCH'; $usage" >&2; exit 2 ;;
esac
CACHE=$CACHE_ROOT/$SUITE-$ARCH
BASE=$CACHE/base
ROOT=$CACHE/run
LOGS=$CACHE/logs

since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

CURRENT=""  # the step under way, named if the proof stops in it
CURRENT_START=0

step() {  # step NAME COMMAND...: run it and print its time; any failure in it ends the proof
    CURRENT=$1
    CURRENT_START=$(date +%s.%N)
    shift
    echo "== $CURRENT"
    "$@"
    printf -- '-- %-50s %7.1f s\n' "$CURRENT" "$(since "$CURRENT_START")"
    CURRENT=""
}

cleanup() {  # name the failed step, and unmount in reverse order, even after a failure or ^C
    local code=$? i
    if [ "$code" -ne 0 ] && [ -n "$CURRENT" ]; then
        printf -- '-- %-50s FAILED after %.1f s\n' "$CURRENT" "$(since "$CURRENT_START")" >&2
        CURRENT=""
    fi
    for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTED[i]}" 2>/dev/null || umount -l "${MOUNTED[i]}" || true
    done
    MOUNTED=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "${EASEL_PROVE_FROM:-}" ] && [ "$SUITE-$ARCH" = bookworm-armhf ]; then
    # 466ce20 asks for Pillow 10, Debian 12 has 9.4 and there is no armv7l wheel: it cannot be
    # installed there without compiling Pillow. The earlier version is then the first commit
    # that takes Debian 12's Pillow.
    FROM=$(git -C "$SRC" log --reverse --format=%h -S'"pillow>=9.4"' -- pyproject.toml | head -n 1)
    [ -n "$FROM" ] && [ "$(git -C "$SRC" rev-parse "$FROM")" != "$(git -C "$SRC" rev-parse HEAD)" ] \
        || fail "no earlier commit installs on bookworm armhf: set EASEL_PROVE_FROM"
fi
[ "$(id -u)" -eq 0 ] || { echo "prove: run it as root: sudo bash $0 $*" >&2; exit 2; }
HOST=$(uname -m)
[ "$HOST" = x86_64 ] || [ "$HOST" = aarch64 ] || fail "made for an x86_64 (or aarch64) host, this one is $HOST"
git -C "$SRC" cat-file -e "$FROM^{commit}" 2>/dev/null \
    || fail "the earlier version $FROM is not in $SRC's history (a shallow clone? git fetch --unshallow)"
git -C "$SRC" merge-base --is-ancestor "$FROM" HEAD \
    || fail "$FROM is not an ancestor of this tree's HEAD: set EASEL_PROVE_FROM to an earlier commit of it"

native() {  # true if this host runs ARCH's programs without qemu
    [ "$HOST" = aarch64 ] && [ "$ARCH" = arm64 ]
}

host_tools() {
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    command -v git >/dev/null || missing+=(git)
    native || [ -x "/usr/bin/qemu-$QEMU-static" ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null || missing+=(binfmt-support)
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    fi
}

register_qemu() {  # binfmt_misc mounted, and ARCH's ELF files run through qemu
    native && return 0
    if [ ! -e "$BINFMT/register" ]; then
        mount -t binfmt_misc binfmt_misc "$BINFMT" || fail "cannot mount binfmt_misc at $BINFMT"
    fi
    if [ ! -e "$BINFMT/qemu-$QEMU" ]; then
        update-binfmts --enable "qemu-$QEMU" 2>/dev/null || true
    fi
    if [ ! -e "$BINFMT/qemu-$QEMU" ]; then  # no binfmt-support service here: register by hand
        grep -v '^#' "/usr/lib/binfmt.d/qemu-$QEMU.conf" >"$BINFMT/register"
    fi
    grep -q '^enabled' "$BINFMT/qemu-$QEMU" || fail "qemu-$QEMU is not enabled in $BINFMT"
    grep -q '^flags: .*F' "$BINFMT/qemu-$QEMU" \
        || fail "qemu-$QEMU lacks the F flag: the chroot could not find the interpreter"
}

base_root() {  # debootstrap once; a half-built root (no .complete) is built again
    if [ -e "$BASE/.complete" ]; then
        echo "cached: $BASE"
        return 0
    fi
    rm -rf "$BASE.tmp"
    mkdir -p "$CACHE"
    # minbase plus systemd (its systemctl is what install.sh drives), sudo (the doctor line
    # install.sh prints) and git (update.sh); python3 and the rest come from install.sh itself.
    debootstrap --arch="$ARCH" --variant=minbase --include=systemd,sudo,ca-certificates,git \
        "$SUITE" "$BASE.tmp" "$MIRROR"
    rm -f "$BASE.tmp/var/cache/apt/archives/"*.deb
    touch "$BASE.tmp/.complete"
    mv "$BASE.tmp" "$BASE"
}

fresh_copy() {  # a clean root for this run
    # A run killed hard may have left mounts in the old copy: never delete through them.
    if awk -v r="$ROOT/" 'index($2 "/", r) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        fail "something is still mounted under $ROOT (see /proc/mounts): unmount it first"
    fi
    rm -rf --one-file-system "$ROOT"
    cp -a "$BASE" "$ROOT"
    rm -rf "$LOGS"
    mkdir -p "$LOGS"
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

git_root() {  # git on the host, on a repository inside the root, as its owner would
    git -c safe.directory='*' -c user.name=prove -c user.email=prove@localhost "$@"
}

project() {  # a user's clone in $CHECKOUT: its origin (in the root) has main = this tree
    # The tree as it is, uncommitted changes included, as one commit on top of HEAD.
    local tree=$CACHE/tree.git
    rm -rf "$tree"
    git clone --quiet --bare --no-local "$SRC" "$tree"
    local work
    work=$(mktemp -d)
    git_root --git-dir="$tree" --work-tree="$work" read-tree HEAD
    tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude='__pycache__' --exclude='*.egg-info' \
        --exclude=./build --exclude=./.mypy_cache --exclude=./.pytest_cache --exclude=./.ruff_cache \
        --exclude=./.hypothesis -cf - . | tar -C "$work" -xf -
    git_root --git-dir="$tree" --work-tree="$work" add -A
    if ! git_root --git-dir="$tree" --work-tree="$work" diff --cached --quiet HEAD; then
        git_root --git-dir="$tree" --work-tree="$work" commit --quiet -m "prove: the tree under test"
    fi
    rm -rf "$work"
    git_root --git-dir="$tree" branch --quiet -f main HEAD
    git_root --git-dir="$tree" symbolic-ref HEAD refs/heads/main
    mkdir -p "$ROOT/srv"
    git clone --quiet --bare --no-local "$tree" "$ROOT/srv/easel.git"
    in_root useradd --create-home --shell /bin/bash pi
    git clone --quiet --no-local "$ROOT/srv/easel.git" "$ROOT$CHECKOUT"
    git_root -C "$ROOT$CHECKOUT" remote set-url origin /srv/easel.git
    # The origin stands for the project's server: the clone's owner reads it (git refuses a
    # repository owned by another user).
    chroot "$ROOT" chown -R pi:pi /home/pi /srv/easel.git
    TREE_COMMIT=$(git_root -C "$ROOT$CHECKOUT" rev-parse HEAD)
    FROM_COMMIT=$(git_root -C "$ROOT$CHECKOUT" rev-parse "$FROM")
    echo "tree under test: $TREE_COMMIT; earlier version: $FROM_COMMIT"
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

as_easel() {  # run a command in the root as the service's user, from its state directory
    in_root runuser -u easel -- env GPIOZERO_PIN_FACTORY=lgpio sh -c "cd /var/lib/easel && $*"
}

# What pip built from source in a log: the names after "Building wheel for", Easel's own
# (pure Python, from the checkout) left out.
built_from_source() {
    sed -n 's/.*Building wheel for \([^ ]*\) .*/\1/p' "$@" | { grep -vx 'easel-companion' || true; } \
        | sort -u | paste -sd ' ' -
}

check_compiled() {  # nothing that Debian packages may have been compiled
    local built debian
    built=$(built_from_source "$1")
    echo "compiled from source on $SUITE $ARCH: ${built:-nothing}"
    for debian in Pillow pillow spidev RPi.GPIO rpi-gpio pyserial gpiozero; do
        case " $built " in *" $debian "*) fail "pip compiled $debian, which Debian packages" ;; esac
    done
    grep -q "^Compiled from source: ${built:-nothing}" "$1" \
        || fail "install.sh did not say what it compiled (${built:-nothing}); see $1"
}

install_sh() {
    in_root sh "$CHECKOUT/systemd/install.sh" 2>&1 | tee "$LOGS/install.log"
    grep -q "systemd is not running here" "$LOGS/install.log" \
        || fail "install.sh did not say that it could not start the service in a chroot"
    in_root test -f /etc/systemd/system/easel.service || fail "easel.service was not installed"
    check_compiled "$LOGS/install.log"
}

doctor() {  # no SPI and no GPIO in a chroot: doctor must say so and exit 1
    local code=0
    in_root runuser -u easel -- env GPIOZERO_PIN_FACTORY=lgpio \
        /opt/easel/venv/bin/easel doctor --config /etc/easel/easel.toml >"$LOGS/doctor.log" 2>&1 \
        || code=$?
    cat "$LOGS/doctor.log"
    [ "$code" -eq 1 ] || fail "easel doctor exited $code, not 1"
    grep -q '^FAIL .*SPI' "$LOGS/doctor.log" || fail "easel doctor did not name the missing SPI"
    grep -q '^FAIL .*GPIO' "$LOGS/doctor.log" || fail "easel doctor did not name the missing GPIO"
}

headless_game() {
    # The clone is in pi's home, which easel cannot read (0700 on Debian 13).
    install -m 0644 "$ROOT$CHECKOUT/$SCRIPT" "$ROOT/tmp/headless-game.txt"
    in_root runuser -u easel -- sh -c "cd /tmp && /opt/easel/venv/bin/easel play --headless \
        --script /tmp/headless-game.txt --frames /tmp/easel-frames --db /tmp/easel-proof.db"
    local frames
    frames=$(find "$ROOT/tmp/easel-frames" -name '*.png' | wc -l)
    [ "$frames" -gt 0 ] || fail "the headless game wrote no frame"
    echo "$frames frames written by the $ARCH venv"
}

in_use() {  # the commit of the release /opt/easel/venv points at
    in_root sed -n 's/^commit=//p' /opt/easel/venv/easel-release  # an absolute link: read in the root
}

# Play (or resume) in the service's database as the service would: user easel, its config.
play_in_service_db() {  # play_in_service_db SCRIPT FRAMES-DIR
    as_easel "/opt/easel/venv/bin/easel play --config /etc/easel/easel.toml --headless \
        --script $1 --frames $2 --db /var/lib/easel/easel.db" >/dev/null
}

rows_of() {  # rows_of DB: the sha256 of the database's rows (its SQL dump), read as easel
    as_easel "python3 -c 'import hashlib, sqlite3, sys
print(hashlib.sha256(\"\\n\".join(sqlite3.connect(sys.argv[1]).iterdump()).encode()).hexdigest())' $1"
}

kept_files() {  # the sha256 of the config and of every file in the state directory
    (cd "$ROOT" && sha256sum etc/easel/easel.toml $(cd "$ROOT" && find var/lib/easel -type f | sort))
}

same_screen() {  # same_screen A-DIR B-DIR: B's first frame and state are A's last
    in_root /opt/easel/venv/bin/python - "$1" "$2" <<'EOF'
import json, sys
from pathlib import Path
from PIL import Image, ImageChops
a, b = Path(sys.argv[1]), Path(sys.argv[2])
before = json.loads((a / "state.json").read_text())
after = json.loads((b / "state.json").read_text())
for key in ("mode", "states", "now_ms", "games_started"):
    if before[key] != after[key]:
        sys.exit(f"resumed game differs in {key}: {str(before[key])[:200]} / {str(after[key])[:200]}")
last = sorted(a.glob("*.png"))[-1]
diff = ImageChops.difference(Image.open(last).convert("L"), Image.open(b / "0001.png").convert("L"))
print(f"resumed in mode {after['mode']} at {after['now_ms']} ms, same state;",
      "the same screen, pixel for pixel" if diff.getbbox() is None
      else f"the screen differs in {diff.getbbox()} (the two versions draw it differently)")
EOF
}

earlier_version() {  # the earlier version in use, a game in progress, an edited config
    rm -rf "$ROOT/tmp/tree-systemd"
    cp -a "$ROOT$CHECKOUT/systemd" "$ROOT/tmp/tree-systemd"
    in_root runuser -u pi -- git -C "$CHECKOUT" reset --quiet --hard "$FROM"
    in_root sh /tmp/tree-systemd/install.sh --source "$CHECKOUT" >"$LOGS/install-$FROM.log" 2>&1 \
        || { cat "$LOGS/install-$FROM.log"; fail "installing $FROM failed"; }
    tail -n 8 "$LOGS/install-$FROM.log"
    [ "$(in_use)" = "$FROM_COMMIT" ] || fail "/opt/easel/venv is not $FROM after installing it"
    # What systemd does for StateDirectory= when the service starts.
    in_root install -d -o easel -g easel -m 0700 /var/lib/easel
    sed -i 's/^panel = "epd2in7_V2"/panel = "epd2in13_V4"/' "$ROOT/etc/easel/easel.toml"
    grep -q '^panel = "epd2in13_V4"' "$ROOT/etc/easel/easel.toml" || fail "could not edit the config"
    head -n "$GAME_LINES" "$ROOT$CHECKOUT/$GAME" >"$ROOT/tmp/game-part.txt"
    printf '# resume: no press\n' >"$ROOT/tmp/resume.txt"
    chmod 0644 "$ROOT/tmp/game-part.txt" "$ROOT/tmp/resume.txt"
    play_in_service_db /tmp/game-part.txt /tmp/frames-before
    echo "#ARTBOX game left in progress by $FROM after $GAME_LINES lines of $GAME:"
    jq_mode "$ROOT/tmp/frames-before/state.json"
    kept_files | tee "$LOGS/kept-before.sha256"
    rows_of /var/lib/easel/easel.db >"$LOGS/rows-before-update"
}

jq_mode() {
    sed -n 's/^ "mode": \(.*\),$/  mode \1/p; s/^ "now_ms": \(.*\),$/  at \1 ms/p' "$1"
}

update_sh() {  # as from a version before update.sh: git pull, then update.sh
    in_root runuser -u pi -- git -C "$CHECKOUT" pull --quiet --ff-only
    in_root sh "$CHECKOUT/systemd/update.sh" 2>&1 | tee "$LOGS/update.log"
    [ "$(in_use)" = "$TREE_COMMIT" ] || fail "after update.sh the version in use is $(in_use), not the tree"
    kept_files >"$LOGS/kept-after.sha256"
    diff "$LOGS/kept-before.sha256" "$LOGS/kept-after.sha256" \
        || fail "update.sh changed the config or the database"
    echo "config and database byte-identical (sha256)"
    check_compiled "$LOGS/update.log"
    play_in_service_db /tmp/resume.txt /tmp/frames-updated
    same_screen /tmp/frames-before /tmp/frames-updated
}

rollback_sh() {
    kept_files >"$LOGS/kept-before-rollback.sha256"
    in_root sh "$CHECKOUT/systemd/rollback.sh" | tee "$LOGS/rollback.log"
    [ "$(in_use)" = "$FROM_COMMIT" ] || fail "after rollback.sh the version in use is $(in_use), not $FROM"
    local aside upgraded
    aside=$(sed -n 's/^The database was format .* it is kept as //p' "$LOGS/rollback.log")
    if [ -z "$aside" ]; then
        kept_files | diff "$LOGS/kept-before-rollback.sha256" - || fail "rollback.sh changed the config or the database"
        echo "config and database byte-identical (sha256)"
    else
        # The tree upgraded the database to a format $FROM refuses: rollback.sh keeps it aside
        # whole and puts back the copy made before the upgrade.
        kept_files | grep -v ' var/lib/easel/' | diff <(grep -v ' var/lib/easel/' "$LOGS/kept-before-rollback.sha256") - \
            || fail "rollback.sh changed the config"
        upgraded=$(awk '$2 == "var/lib/easel/easel.db" { print $1 }' "$LOGS/kept-before-rollback.sha256")
        [ "$(cd "$ROOT" && sha256sum "${aside#/}" | cut -d' ' -f1)" = "$upgraded" ] \
            || fail "the upgraded database kept aside as $aside is not the one in use before rollback.sh"
        [ "$(rows_of /var/lib/easel/easel.db)" = "$(cat "$LOGS/rows-before-update")" ] \
            || fail "the database put back has other rows than $FROM's before the update"
        echo "config byte-identical; the upgraded database kept aside byte-identical; $FROM's rows back in place"
    fi
    play_in_service_db /tmp/resume.txt /tmp/frames-rolled-back
    same_screen /tmp/frames-before /tmp/frames-rolled-back
}

uninstall_sh() {
    kept_files >"$LOGS/kept-before-uninstall.sha256"
    in_root sh "$CHECKOUT/systemd/uninstall.sh" | tee "$LOGS/uninstall.log"
    in_root test ! -e /etc/systemd/system/easel.service || fail "easel.service is still there"
    ! in_root id easel >/dev/null 2>&1 || fail "the user easel is still there"
    in_root test ! -e /opt/easel || fail "/opt/easel is still there"
    kept_files | diff "$LOGS/kept-before-uninstall.sha256" - || fail "uninstall.sh changed the config or the database"
    echo "database and config kept, byte-identical"
    in_root sh "$CHECKOUT/systemd/uninstall.sh" --purge | tee -a "$LOGS/uninstall.log"
    in_root test ! -e /var/lib/easel || fail "uninstall.sh --purge left /var/lib/easel"
    in_root test ! -e /etc/easel || fail "uninstall.sh --purge left /etc/easel"
}

# All of it in one function, read whole before it runs: bash reads a script as it goes, and a
# proof takes long enough for its file to change under it (a git checkout, an edit).
main() {
    step "host tools (debootstrap, qemu-user-static)" host_tools
    step "qemu-$QEMU registered in binfmt_misc" register_qemu
    step "Debian $SUITE $ARCH root (debootstrap)" base_root
    step "fresh copy of the root" fresh_copy
    step "mount /proc, /sys, /dev and the caches" mount_root
    in_root uname -m | grep -qx "$MACHINE" || fail "the root does not run as $MACHINE"
    step "a clone of the project, and $FROM" project
    step "systemd/install.sh" install_sh
    step "easel doctor (no SPI, no GPIO: exit 1)" doctor
    step "headless game ($SCRIPT)" headless_game
    step "$FROM installed, an #ARTBOX game in progress" earlier_version
    step "git pull, systemd/update.sh, the game resumed" update_sh
    step "systemd/rollback.sh to $FROM, the game resumed" rollback_sh
    step "systemd/uninstall.sh, then --purge" uninstall_sh
    cleanup
    printf -- '-- %-50s %7.1f s\n' "total" "$(since "$STARTED")"
    echo "prove: Easel installs, updates, rolls back and uninstalls on Debian $SUITE $ARCH"
}
main
exit
