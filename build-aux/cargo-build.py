#!/usr/bin/env python3
"""Runs `cargo build` for meson and copies the binary to meson's output path.

Usage: cargo-build.py --cargo CARGO --output OUT -- [cargo build arguments]
The cargo arguments must include --target-dir and --profile; the binary is looked for in
<target-dir>/<profile dir>/<name of OUT>, where the profile dir of `dev` is `debug`.
"""

import argparse
import shutil
import subprocess
import sys
from pathlib import Path


def option_value(args: list[str], name: str) -> str:
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    sys.exit(f"cargo-build.py: the cargo arguments lack {name}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cargo", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("cargo_args", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    cargo_args = [a for a in options.cargo_args if a != "--"]

    profile = option_value(cargo_args, "--profile")
    target_dir = Path(option_value(cargo_args, "--target-dir"))
    output = Path(options.output)

    status = subprocess.call([options.cargo, "build", *cargo_args, "--bin", output.name])
    if status != 0:
        return status
    built = target_dir / ("debug" if profile == "dev" else profile) / output.name
    shutil.copy2(built, output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
