#!/bin/sh
# Regenerates po/tonkin.pot (see make-pot.sh) and merges it into every language of
# po/LINGUAS, then prints each catalogue's statistics. New strings come out untranslated,
# changed ones fuzzy: translate them, then run build-aux/check-translations.sh.
#
# Usage: build-aux/update-po.sh [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

"$root/build-aux/make-pot.sh" "$@"
for lang in $(grep -v '^#' "$root/po/LINGUAS"); do
    msgmerge --quiet --update --backup=none --previous "$root/po/$lang.po" "$root/po/tonkin.pot"
    # Messages gone from the sources leave no obsolete (#~) entries behind.
    msgattrib --no-obsolete -o "$root/po/$lang.po" "$root/po/$lang.po"
    printf '%s: ' "$lang"
    msgfmt --check --statistics -o /dev/null "$root/po/$lang.po"
done
