#!/usr/bin/env bash
# Times Tonkin's start-up (launcher up to its first drawn frame) against a bare relm4 +
# libadwaita window, both release builds, under one Xvfb server. Target: within 1.2x.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin tonkin --example bare_window
runs=${RUNS:-15}
xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- bash -c '
  measure() {
    local start end total=0
    for _ in $(seq "$1"); do
      start=$(date +%s%N)
      TONKIN_EXIT_AFTER_FIRST_FRAME=1 "$2" >/dev/null 2>&1
      end=$(date +%s%N)
      total=$((total + end - start))
    done
    echo $((total / $1 / 1000000))
  }
  measure 2 target/release/tonkin >/dev/null  # warm the caches
  tonkin=$(measure '"$runs"' target/release/tonkin)
  bare=$(measure '"$runs"' target/release/examples/bare_window)
  echo "bare relm4 + libadwaita window: ${bare} ms"
  echo "tonkin launcher:                ${tonkin} ms"
  awk -v t="$tonkin" -v b="$bare" "BEGIN { printf \"ratio: %.2f (target <= 1.20)\n\", t / b }"
'
