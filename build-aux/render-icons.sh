#!/usr/bin/env bash
# Renders our icon drawings to the PNGs that the resource bundle carries. Run it after
# changing a drawing and commit the PNGs. GTK takes the icons of the first windows from
# these PNGs; an SVG among them would load librsvg at every start (7 MiB, see
# resources/resources.gresource.xml):
# - the application icon (data/icons/hicolor/scalable) at the window-list sizes;
# - our arrow for foldable rows (data/icons/expander-arrow.svg), in place of libadwaita's
#   SVG, at 16 px and at 32 px for screens of scale 2.
# `build-aux/render-icons.sh --check` only says whether the committed PNGs are up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
app=data/icons/hicolor/scalable/apps/io.github.tonkin.Tonkin.svg
arrow=data/icons/expander-arrow.svg
stale=0
# render SOURCE PIXELS PNG
render() {
  if [ "$mode" = --check ]; then
    local fresh
    fresh=$(mktemp)
    rsvg-convert -w "$2" -h "$2" "$1" -o "$fresh"
    if ! cmp -s "$fresh" "$3"; then
      echo "render-icons: $3 is not $1 rendered at $2 px; run build-aux/render-icons.sh" >&2
      stale=1
    fi
    rm -f "$fresh"
  else
    mkdir -p "$(dirname "$3")"
    rsvg-convert -w "$2" -h "$2" "$1" -o "$3"
  fi
}
mode=${1:-}
for size in 16 32 48 64 128; do
  render "$app" "$size" "data/icons/hicolor/${size}x${size}/apps/io.github.tonkin.Tonkin.png"
done
render "$arrow" 16 data/icons/hicolor/16x16/actions/adw-expander-arrow-symbolic.symbolic.png
render "$arrow" 32 data/icons/hicolor/16x16@2/actions/adw-expander-arrow-symbolic.symbolic.png
exit $stale
