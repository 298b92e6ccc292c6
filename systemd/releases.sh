# Installed versions of Easel, shared by install.sh, rollback.sh and uninstall.sh (sourced:
# `. systemd/releases.sh`; the caller defines run()). $PREFIX/releases/<id> is one version (a
# venv with Easel in it and an easel-release file saying where it came from); $PREFIX/venv points
# at the one in use, $PREFIX/previous at the one before. Only these two are kept.

# The release a link points at (empty if the link is absent).
release_of() {
    if [ -L "$1" ]; then readlink "$1"; fi
}

# What a release says about itself: "<describe> (installed <date>)".
release_name() {
    if [ -f "$1/easel-release" ]; then
        sed -n 's/^describe=//p; s/^installed=/installed /p' "$1/easel-release" | paste -sd ' ' -
    else
        basename "$1"
    fi
}

# A venv made by install.sh before releases existed (a directory at $PREFIX/venv) becomes the
# release "legacy-<date>": its scripts' #! lines are moved with it, so rollback.sh can go back.
adopt_legacy_venv() {
    [ -d "$PREFIX/venv" ] && [ ! -L "$PREFIX/venv" ] || return 0
    legacy=$PREFIX/releases/legacy-$(date -u -r "$PREFIX/venv" +%Y%m%d-%H%M%S)
    echo "the venv installed before $PREFIX/releases existed is kept as $legacy"
    run mv "$PREFIX/venv" "$legacy"
    for script in "$legacy"/bin/*; do
        [ -f "$script" ] && [ ! -L "$script" ] || continue
        if head -n 1 "$script" | grep -q "^#!$PREFIX/venv/bin/"; then
            run sed -i "1s|^#!$PREFIX/venv/bin/|#!$legacy/bin/|" "$script"
        fi
    done
    if [ -z "${DRY:-}" ]; then
        printf 'commit=unknown\ndescribe=the version installed before releases\nsource=unknown\n' \
            >"$legacy/easel-release"
    fi
    run ln -s "$legacy" "$PREFIX/venv"
}

# Atomically point the link $1 at the release $2 (a rename over the old link).
point() {
    run ln -sfn "$2" "$1.new"
    run mv -T "$1.new" "$1"
}

# Delete every release but the one in use and the one before.
prune_releases() {
    current=$(release_of "$PREFIX/venv")
    before=$(release_of "$PREFIX/previous")
    for rel in "$PREFIX"/releases/*; do
        [ -d "$rel" ] || continue
        [ "$rel" = "$current" ] || [ "$rel" = "$before" ] || run rm -rf "$rel"
    done
}

# Make $1 the release in use; the one in use becomes the one before.
switch_to() {
    adopt_legacy_venv
    old=$(release_of "$PREFIX/venv")
    point "$PREFIX/venv" "$1"
    if [ -n "$old" ] && [ "$old" != "$1" ]; then point "$PREFIX/previous" "$old"; fi
    prune_releases
}
