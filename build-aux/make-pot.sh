#!/bin/sh
# Regenerates po/POTFILES.in and po/tonkin.pot: first the game content (data/games/**/*.toml) into
# po/game-content.pot, then xgettext over po/POTFILES.in through meson's tonkin-pot target,
# so the xgettext arguments live in one place (po/meson.build).
#
# Usage: build-aux/make-pot.sh [BUILD_DIR]
# Without BUILD_DIR a scratch meson build dir is set up (no compilation) and removed after.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

# The list of source files xgettext reads, from the sources themselves (tests/packaging.rs
# holds the rule and checks the list is current).
(cd "$root" && cargo test -q --test packaging -- --ignored --exact write_potfiles >/dev/null)
python3 "$root/build-aux/extract-content.py" --root "$root"

build=${1:-}
if [ -z "$build" ]; then
    build=$(mktemp -d)
    trap 'rm -rf "$build"' EXIT
    meson setup -Dgui=false "$build" "$root" >/dev/null
fi
meson compile -C "$build" tonkin-pot
echo "po/tonkin.pot: $(grep -c '^msgid ' "$root/po/tonkin.pot") entries (with the header)"
