"""systemd/install.sh, update.sh, rollback.sh and uninstall.sh: their plans (EASEL_DRY_RUN), their
one-line mistakes, and the release switching they share (systemd/releases.sh), run for real in a
temporary prefix. The install itself is proven in a Debian root by systemd/prove.sh."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "systemd"
DEBIAN = {"python3", "python3-venv", "python3-pil", "python3-spidev", "python3-serial", "python3-rpi.gpio",
          "gcc", "libc6-dev", "python3-dev", "swig"}
RELEASE = r"\S+/opt/releases/\d{8}-\d{6}-(?:[0-9a-f]+|unknown)"  # EASEL_PREFIX is tmp/opt


def fake_tools(bin_dir: Path, known: set[str], installed: frozenset[str] = frozenset()) -> None:
    """`apt-cache policy` with a candidate only for `known`; `dpkg-query` that knows `installed`."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    apt_cache = bin_dir / "apt-cache"
    apt_cache.write_text(
        "#!/bin/sh\n"
        '[ "$1" = policy ] || exit 1\n'
        f'case " {" ".join(sorted(known))} " in *" $2 "*) '
        'printf "%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n" "$2" ;;\n'
        "  *) ;;\n"  # apt-cache policy prints nothing for a package no list has
        "esac\n")
    dpkg_query = bin_dir / "dpkg-query"
    dpkg_query.write_text(
        "#!/bin/sh\n"
        'for last; do :; done\n'
        f'case " {" ".join(sorted(installed))} " in *" $last "*) printf "install ok installed" ;; '
        '*) exit 1 ;; esac\n')
    for script in (apt_cache, dpkg_query):
        script.chmod(0o755)


def dry_run(tmp_path: Path, script: str, *args: str, known: set[str] = DEBIAN,
            installed: frozenset[str] = frozenset(), systemd_running: bool = True,
            check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run a script of systemd/ with EASEL_DRY_RUN=1 against temporary /etc/easel and state."""
    fake_tools(tmp_path / "bin", known, installed)
    run_dir = tmp_path / "run-systemd"
    if systemd_running:
        run_dir.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "EASEL_DRY_RUN": "1", "EASEL_ETC": str(tmp_path / "etc"),
           "EASEL_STATE": str(tmp_path / "state"), "EASEL_SYSTEMD_RUN": str(run_dir),
           "EASEL_UNIT_DIR": str(tmp_path / "units"), "EASEL_PREFIX": str(tmp_path / "opt"),
           "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}
    return subprocess.run(["sh", str(SYSTEMD / script), *args], capture_output=True, text=True, env=env,
                          check=check)


def install_plan(tmp_path: Path, *args: str, known: set[str] = DEBIAN, installed: frozenset[str] = frozenset(),
                 systemd_running: bool = True) -> tuple[list[str], str]:
    """install.sh's steps (the `+ ` lines) and everything it printed."""
    out = dry_run(tmp_path, "install.sh", *args, known=known, installed=installed,
                  systemd_running=systemd_running).stdout
    return [line[2:] for line in out.splitlines() if line.startswith("+ ")], out


def apt_install(steps: list[str]) -> set[str]:
    return set(next(step for step in steps if step.startswith("apt-get install")).split()[4:])


def pip_installs(steps: list[str]) -> list[str]:
    return [step for step in steps if re.match(RELEASE + r"/bin/pip install", step)]


def test_install_plan_builds_a_release_that_sees_debians_packages(tmp_path: Path) -> None:
    steps, out = install_plan(tmp_path)
    venv = next(step for step in steps if step.startswith("python3 -m venv"))
    assert re.fullmatch(r"python3 -m venv --system-site-packages " + RELEASE, venv)
    assert steps.index("apt-get update") < steps.index(venv)
    assert "usermod -aG gpio,spi,dialout easel" in steps
    assert f"install -m 0644 {ROOT}/systemd/easel.toml {tmp_path}/etc/easel.toml" in steps
    link = next(step for step in steps if step.startswith("ln -sfn"))
    assert re.fullmatch(r"ln -sfn " + RELEASE + f" {tmp_path}/opt/venv.new", link)
    assert f"mv -T {tmp_path}/opt/venv.new {tmp_path}/opt/venv" in steps
    assert steps.index(link) > max(steps.index(step) for step in pip_installs(steps))
    assert steps.index(f"install -m 0644 {ROOT}/systemd/easel.service {tmp_path}/units/easel.service") \
        < steps.index("systemctl daemon-reload")
    assert "Compiled from source: nothing" in out


def test_install_takes_debians_packages_for_what_pip_would_compile(tmp_path: Path) -> None:
    """Pillow (no armv7l wheel), spidev and RPi.GPIO (no wheels at all) come from apt; no compiler."""
    steps, _ = install_plan(tmp_path)
    assert {"python3-venv", "python3-pil", "python3-spidev", "python3-serial", "python3-rpi.gpio"} \
        <= apt_install(steps)
    assert not any(step.startswith("apt-get install") and "gcc" in step for step in steps)


def test_pip_installs_wheels_only_and_the_waveshare_driver_without_its_dependencies(tmp_path: Path) -> None:
    """--only-binary: pip compiles nothing; --no-deps: RPi.GPIO and spidev are Debian's, not built."""
    steps, _ = install_plan(tmp_path)
    installs = pip_installs(steps)
    assert installs and all("--only-binary=:all:" in step for step in installs)
    waveshare = next(step for step in installs if "waveshare-epaper" in step)
    assert "--no-deps" in waveshare.split()
    assert installs[-1].endswith(f"install --only-binary=:all: {ROOT}")


def test_install_takes_lgpio_from_apt_where_it_has_it(tmp_path: Path) -> None:
    """Raspberry Pi OS packages lgpio; plain Debian does not (a wheel, else a build)."""
    pi_os, _ = install_plan(tmp_path / "pi", known=DEBIAN | {"python3-lgpio"})
    debian, _ = install_plan(tmp_path / "debian")
    assert "python3-lgpio" in apt_install(pi_os)
    assert "python3-lgpio" not in apt_install(debian)


def test_install_keeps_raspberry_pi_oss_rpi_lgpio(tmp_path: Path) -> None:
    """Raspberry Pi OS's python3-rpi-lgpio provides RPi.GPIO: asking for python3-rpi.gpio would remove it."""
    steps, _ = install_plan(tmp_path, installed=frozenset({"python3-rpi-lgpio"}))
    assert "python3-rpi.gpio" not in apt_install(steps)


def test_install_checks_the_build_before_the_service_starts(tmp_path: Path) -> None:
    """The user starts the service after doctor passed: doctor and the service would both hold the
    panel's pins. A running service is stopped for the switch and started again."""
    steps, out = install_plan(tmp_path)
    assert not any(step.startswith(("systemctl enable", "systemctl start")) for step in steps)
    doctor = out.index(f"sudo -u easel env GPIOZERO_PIN_FACTORY=lgpio {tmp_path}/opt/venv/bin/easel doctor")
    assert doctor < out.index("sudo systemctl enable --now easel")


def test_install_in_a_chroot_says_the_service_cannot_start_there(tmp_path: Path) -> None:
    steps, out = install_plan(tmp_path, systemd_running=False)
    assert not any(step.startswith("systemctl") for step in steps)
    assert "systemd is not running here (a chroot or a container)" in out
    assert f"install -m 0644 {ROOT}/systemd/easel.service {tmp_path}/units/easel.service" in steps


def test_install_keeps_an_existing_config(tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "easel.toml").write_text("# mine\n")
    steps, out = install_plan(tmp_path)
    assert f"keeping the existing {tmp_path}/etc/easel.toml" in out
    assert not any("systemd/easel.toml" in step for step in steps)


def test_install_source_installs_another_checkout(tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / "device" / "run").mkdir(parents=True)
    (other / "pyproject.toml").write_text("")
    (other / "device" / "run" / "cli.py").write_text("")
    steps, _ = install_plan(tmp_path, "--source", str(other))
    assert pip_installs(steps)[-1].endswith(f"install --only-binary=:all: {other}")


@pytest.mark.parametrize(("script", "args", "message"), [
    ("install.sh", ["--bogus"], "install.sh: unknown option --bogus; usage: sudo sh systemd/install.sh [--source DIR]"),
    ("install.sh", ["--source"], "install.sh: --source needs a directory; usage: sudo sh systemd/install.sh"),
    ("install.sh", ["--source", "/nonexistent"], "install.sh: --source /nonexistent: not an Easel checkout"),
    ("update.sh", ["--bogus"], "update.sh: unknown option --bogus; usage: sudo sh systemd/update.sh [REF]"),
    ("update.sh", ["a", "b"], "update.sh: one REF at most, not 'a b'"),
    ("rollback.sh", ["now"], "rollback.sh: takes no arguments, not 'now'"),
    ("uninstall.sh", ["--all"], "uninstall.sh: unknown option --all; usage: sudo sh systemd/uninstall.sh [--purge]"),
])
def test_a_mistake_is_one_line_exit_2_and_nothing_done(tmp_path: Path, script: str, args: list[str],
                                                       message: str) -> None:
    result = dry_run(tmp_path, script, *args, check=False)
    assert result.returncode == 2
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1
    assert "+ " not in result.stdout


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A git checkout holding systemd/ (update.sh runs from it), with one earlier commit."""
    repo = tmp_path / "easel"
    (repo / "systemd").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("old\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "before update.sh")
    for name in ("update.sh", "rollback.sh", "releases.sh", "install.sh"):
        (repo / "systemd" / name).write_text((SYSTEMD / name).read_text())
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "with update.sh")
    return repo


def update(checkout: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", str(checkout / "systemd" / "update.sh"), *args], capture_output=True, text=True)


def test_update_refuses_local_changes_and_changes_nothing(checkout: Path) -> None:
    (checkout / "README.md").write_text("mine\n")
    head = git(checkout, "rev-parse", "HEAD")
    result = update(checkout, "HEAD~1")
    assert result.returncode == 2
    assert result.stderr == (f"update.sh: {checkout} has local changes (README.md): commit or stash them "
                             "(git stash), then update again\n")
    assert git(checkout, "rev-parse", "HEAD") == head and (checkout / "README.md").read_text() == "mine\n"


def test_update_refuses_an_unknown_ref(checkout: Path) -> None:
    result = update(checkout, "no-such-tag")
    assert result.returncode == 2
    assert result.stderr.startswith(f"update.sh: 'no-such-tag' is no branch, tag or commit in {checkout}")


def test_update_refuses_a_version_older_than_itself(checkout: Path) -> None:
    """A version without update.sh would install over the release in use: rollback.sh goes back."""
    result = update(checkout, "HEAD~1")
    assert result.returncode == 2
    assert "predates systemd/update.sh" in result.stderr and "rollback.sh" in result.stderr
    assert (checkout / "systemd" / "update.sh").exists()


def test_update_on_a_detached_checkout_asks_for_a_branch(checkout: Path) -> None:
    git(checkout, "checkout", "-q", "--detach", "HEAD")
    result = update(checkout)
    assert result.returncode == 2
    assert "is not on a branch" in result.stderr and "update.sh main" in result.stderr


def releases(prefix: Path, commands: str) -> str:
    """Run shell commands with systemd/releases.sh loaded, for real, in `prefix`."""
    script = f'set -eu\nPREFIX="{prefix}"\nrun() {{ "$@"; }}\n. "{SYSTEMD}/releases.sh"\n{commands}\n'
    return subprocess.run(["sh", "-c", script], capture_output=True, text=True, check=True).stdout


def make_release(prefix: Path, name: str) -> Path:
    release = prefix / "releases" / name
    (release / "bin").mkdir(parents=True)
    (release / "easel-release").write_text(f"commit={name}\ndescribe={name}\ninstalled=today\n")
    return release


def test_switching_keeps_the_release_before_and_deletes_older_ones(tmp_path: Path) -> None:
    one = make_release(tmp_path, "one")
    releases(tmp_path, f'switch_to "{one}"')
    two = make_release(tmp_path, "two")
    releases(tmp_path, f'switch_to "{two}"')
    assert os.readlink(tmp_path / "venv") == str(two) and os.readlink(tmp_path / "previous") == str(one)
    three = make_release(tmp_path, "three")
    releases(tmp_path, f'switch_to "{three}"')
    assert os.readlink(tmp_path / "venv") == str(three) and os.readlink(tmp_path / "previous") == str(two)
    assert not one.exists() and two.exists()


def test_a_venv_from_before_releases_becomes_one_that_rollback_can_use(tmp_path: Path) -> None:
    """install.sh used to make /opt/easel/venv a directory: it is moved, with its #! lines."""
    legacy = tmp_path / "venv"
    (legacy / "bin").mkdir(parents=True)
    (legacy / "bin" / "easel").write_text(f"#!{tmp_path}/venv/bin/python\nprint()\n")
    new = make_release(tmp_path, "new")
    releases(tmp_path, f'switch_to "{new}"')
    kept = Path(os.readlink(tmp_path / "previous"))
    assert kept.parent == tmp_path / "releases" and kept.name.startswith("legacy-")
    assert (kept / "bin" / "easel").read_text() == f"#!{kept}/bin/python\nprint()\n"
    assert os.readlink(tmp_path / "venv") == str(new)


def test_rollback_plan_swaps_the_two_releases(tmp_path: Path) -> None:
    old = make_release(tmp_path, "old")
    (old / "bin" / "easel").write_text("#!/bin/sh\n")
    (old / "bin" / "easel").chmod(0o755)
    releases(tmp_path, f'switch_to "{old}"')
    new = make_release(tmp_path, "new")
    releases(tmp_path, f'switch_to "{new}"')
    out = subprocess.run(["sh", str(SYSTEMD / "rollback.sh")], capture_output=True, text=True, check=True,
                         env={**os.environ, "EASEL_DRY_RUN": "1", "EASEL_PREFIX": str(tmp_path),
                              "EASEL_SYSTEMD_RUN": str(tmp_path / "none")}).stdout
    assert f"+ ln -sfn {old} {tmp_path}/venv.new" in out
    assert f"+ ln -sfn {new} {tmp_path}/previous.new" in out
    assert "Easel is back to old installed today" in out


def test_rollback_without_an_earlier_version_says_so(tmp_path: Path) -> None:
    releases(tmp_path, f'switch_to "{make_release(tmp_path, "only")}"')
    result = subprocess.run(["sh", str(SYSTEMD / "rollback.sh")], capture_output=True, text=True,
                            env={**os.environ, "EASEL_DRY_RUN": "1", "EASEL_PREFIX": str(tmp_path)})
    assert result.returncode == 2
    assert result.stderr == (f"rollback.sh: no earlier version kept in {tmp_path} (there is one after an "
                             "update): nothing to roll back to\n")


@pytest.mark.parametrize("purge", [False, True])
def test_uninstall_keeps_the_database_and_config_unless_purged(tmp_path: Path, purge: bool) -> None:
    for made in ("state/easel.db", "etc/easel.toml"):
        (tmp_path / made).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / made).write_text("")
    result = dry_run(tmp_path, "uninstall.sh", *(["--purge"] if purge else []))
    removes = {line[2:] for line in result.stdout.splitlines() if line.startswith("+ rm -rf")}
    wanted = {f"rm -rf {tmp_path}/state", f"rm -rf {tmp_path}/etc"}
    if purge:
        assert wanted <= removes
    else:
        assert not wanted & removes
        assert f"kept {tmp_path}/state: the database (easel.db)" in result.stdout
        assert f"kept {tmp_path}/etc: the config (easel.toml)" in result.stdout


def rollback_with_database(tmp_path: Path, reads: int, has: int,
                           kept: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """rollback.sh's plan from a release whose database is format `has` to one that reads `reads`."""
    old = make_release(tmp_path, "old")
    (old / "bin" / "easel").write_text("#!/bin/sh\n")
    (old / "bin" / "python").write_text(f"#!/bin/sh\necho {reads}\n")  # what the older Easel answers
    for tool in ("easel", "python"):
        (old / "bin" / tool).chmod(0o755)
    releases(tmp_path, f'switch_to "{old}"')
    releases(tmp_path, f'switch_to "{make_release(tmp_path, "new")}"')
    state = tmp_path / "state"
    state.mkdir()
    with sqlite3.connect(state / "easel.db") as conn:
        conn.execute(f"PRAGMA user_version={has}")
    conn.close()
    for name in kept:
        (state / name).write_bytes(b"")
    return subprocess.run(["sh", str(SYSTEMD / "rollback.sh")], capture_output=True, text=True,
                          env={**os.environ, "EASEL_DRY_RUN": "1", "EASEL_PREFIX": str(tmp_path),
                               "EASEL_STATE": str(state), "EASEL_SYSTEMD_RUN": str(tmp_path / "none")})


def test_rollback_puts_back_the_copy_an_upgrade_kept_when_the_older_version_refuses_the_format(tmp_path: Path) -> None:
    """An older Easel refuses a newer format (store_file.py): the newest copy in its format goes
    back in place, the upgraded database is kept aside whole."""
    result = rollback_with_database(tmp_path, reads=4, has=5, kept=(
        "easel.db.format4-20261101-100000", "easel.db.format4-20261128-100000", "easel.db.format3-20261129-000000"))
    db = tmp_path / "state" / "easel.db"
    assert result.returncode == 0, result.stderr
    assert re.search(rf"^\+ mv {db} {db}\.rolled-back-\d{{8}}-\d{{6}}$", result.stdout, re.M)
    assert f"+ cp -p {db}.format4-20261128-100000 {db}\n" in result.stdout
    assert "The database was format 5, which old installed today cannot read" in result.stdout


def test_rollback_leaves_a_database_the_older_version_reads(tmp_path: Path) -> None:
    result = rollback_with_database(tmp_path, reads=5, has=5, kept=("easel.db.format4-20261128-100000",))
    assert result.returncode == 0 and "easel.db" not in result.stdout.split("Easel is back")[0]
    assert "the database and the checkout were not touched" in result.stdout


def test_rollback_without_a_copy_in_the_older_format_changes_nothing(tmp_path: Path) -> None:
    result = rollback_with_database(tmp_path, reads=4, has=5, kept=())
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"rollback.sh: {tmp_path}/state/easel.db is format 5, which old installed today cannot "
                             "read (it reads 4), and no copy in format 4 is kept beside it: nothing changed "
                             "(the games stay with this version)\n")
