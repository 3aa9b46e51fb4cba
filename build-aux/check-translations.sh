#!/bin/sh
# Fails unless the catalogues are complete and current:
#  - po/game-content.pot matches data/games/**/*.toml;
#  - every language of po/LINGUAS passes `msgfmt --check`, has every msgid of po/tonkin.pot,
#    and has no fuzzy or untranslated entry.
# Run by `meson test` (test "translations").
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
status=0

python3 "$root/build-aux/extract-content.py" --root "$root" --check || status=1

for lang in $(grep -v '^#' "$root/po/LINGUAS"); do
    po="$root/po/$lang.po"
    if ! msgcmp --use-untranslated --use-fuzzy "$po" "$root/po/tonkin.pot"; then
        echo "po/$lang.po lacks strings of po/tonkin.pot: run build-aux/update-po.sh" >&2
        status=1
    fi
    stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || status=1
    echo "$lang: $stats"
    case "$stats" in
        *fuzzy* | *untranslated*)
            echo "po/$lang.po is not complete" >&2
            status=1
            ;;
    esac
done
exit $status
