"""Issue 30 item 5 (memory): Easel's digests are hashlib's, byte for byte, without loading OpenSSL's
libcrypto (3.3 MB resident); a whole #ARTBOX game never imports it."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from device.digest import blake2b, sha256_hex
from tests.conftest import ROOT


def test_the_digests_are_hashlibs() -> None:
    for data in (b"", b"cat\ndog", "œuvre\nélan".encode(), bytes(range(256)) * 100):
        assert sha256_hex(data) == hashlib.sha256(data).hexdigest()
        ours = blake2b(20)
        ours.update(data)
        assert ours.hexdigest() == hashlib.blake2b(data, digest_size=20).hexdigest()


def test_a_game_does_not_load_openssl(tmp_path: Path) -> None:
    code = ("import sys\nfrom device.run.cli import main\n"
            f"assert main(['play', '--headless', '--script', {str(ROOT / 'tests/scripts/artbox_four_players.txt')!r}, "
            f"'--db', {str(tmp_path / 'easel.db')!r}, '--frames', {str(tmp_path / 'frames')!r}]) == 0\n"
            "print(sorted(m for m in ('_hashlib', '_ssl', 'hashlib', 'secrets') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
