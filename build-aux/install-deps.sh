#!/usr/bin/env bash
# Installs the system packages Tonkin needs to build, test and run, when they are missing.
# Debian 12 / Ubuntu: apt-get (through sudo when not root). Elsewhere: prints what to install.
set -euo pipefail

DEBIAN_PACKAGES=(
  libgtk-4-dev libadwaita-1-dev libcairo2-dev gettext pkg-config build-essential
  xvfb xauth dbus poppler-utils librsvg2-bin imagemagick meson ninja-build libglib2.0-dev-bin
  libxml2-utils desktop-file-utils appstream
  at-spi2-core python3-gi gir1.2-atspi-2.0 xdotool
)
PKG_CONFIG_MODULES=(gtk4 libadwaita-1 cairo cairo-pdf cairo-svg pangocairo)
COMMANDS=(pkg-config cc msgfmt xgettext xvfb-run xauth dbus-run-session pdftoppm rsvg-convert
  convert meson ninja glib-compile-resources xmllint desktop-file-validate appstreamcli xdotool)

missing=()
for cmd in "${COMMANDS[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("command $cmd")
done
if command -v pkg-config >/dev/null 2>&1; then
  for module in "${PKG_CONFIG_MODULES[@]}"; do
    pkg-config --exists "$module" || missing+=("library $module")
  done
fi
# The end-to-end window test (tests/e2e/) drives the app over the accessibility bus from
# Debian's Python.
if ! /usr/bin/python3 -c "import gi; gi.require_version('Atspi', '2.0')" >/dev/null 2>&1; then
  missing+=("python3 module gi.repository.Atspi")
fi
launchers=(/usr/libexec/at-spi-bus-launcher /usr/lib/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher)
found=""
for launcher in "${launchers[@]}"; do [ -x "$launcher" ] && found=yes; done
[ -n "$found" ] || missing+=("program at-spi-bus-launcher")

if [ ${#missing[@]} -gt 0 ]; then
  echo "Missing: ${missing[*]}"
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${DEBIAN_PACKAGES[@]}" >/dev/null
  else
    cat >&2 <<'MSG'
This system has no apt-get. Install these with your package manager, then run make again:
  Fedora:    gtk4-devel libadwaita-devel cairo-devel gettext pkgconf gcc
             xorg-x11-server-Xvfb xorg-x11-xauth dbus-daemon poppler-utils librsvg2-tools
             ImageMagick meson ninja-build glib2-devel libxml2 desktop-file-utils appstream
             at-spi2-core python3-gobject xdotool
  Arch:      gtk4 libadwaita cairo gettext pkgconf base-devel xorg-server-xvfb
             xorg-xauth dbus poppler librsvg imagemagick meson ninja glib2 libxml2
             desktop-file-utils appstream at-spi2-core python-gobject xdotool
  openSUSE:  gtk4-devel libadwaita-devel cairo-devel gettext-tools pkgconf gcc
             xvfb-run xauth dbus-1 poppler-tools rsvg-convert ImageMagick meson ninja
             glib2-devel libxml2-tools desktop-file-utils AppStream
             at-spi2-core python3-gobject typelib-1_0-Atspi-2_0 xdotool
MSG
    exit 1
  fi
fi

# The Rust tool-chain's own parts used by `make test`.
if command -v rustup >/dev/null 2>&1; then
  for component in rustfmt clippy; do
    rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
  done
fi
command -v cargo >/dev/null 2>&1 || { echo "cargo is missing: install Rust 1.93 or newer (https://rustup.rs)" >&2; exit 1; }
