#!/usr/bin/env bash
# Times Tonkin's start-up (launcher up to its first drawn frame) against a bare relm4 +
# libadwaita window, both release builds, under one Xvfb server. Target: within 1.2x.
# Then the memory of the launcher with one game open (a That Others May Live position from
# tests/examples) against the bare window, both as their peak resident set. Target: within 1.3x.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin tonkin --example bare_window
runs=${RUNS:-15}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Nothing of the user's: settings and autosaves in a scratch folder.
export XDG_DATA_HOME="$scratch" XDG_CONFIG_HOME="$scratch"
cp tests/examples/csar/enemy-search-rifle-captures.json "$scratch/game.json"
export RUNS_="$runs" SAVE="$scratch/game.json"
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
  tonkin=$(measure "$RUNS_" target/release/tonkin)
  bare=$(measure "$RUNS_" target/release/examples/bare_window)
  echo "bare relm4 + libadwaita window: ${bare} ms"
  echo "tonkin launcher:                ${tonkin} ms"
  awk -v t="$tonkin" -v b="$bare" "BEGIN { printf \"ratio: %.2f (target <= 1.20)\n\", t / b }"
  # The launcher and the game window drawn and settled, then its peak resident set.
  target/release/tonkin "$SAVE" >/dev/null 2>&1 &
  pid=$!
  sleep 8
  game_kb=$(awk "/VmHWM/ { print \$2 }" /proc/$pid/status)
  kill $pid
  bare_kb=$(/usr/bin/time -f %M target/release/examples/bare_window 2>&1 >/dev/null | tail -1)
  echo "bare window, peak memory:              $((bare_kb / 1024)) MiB"
  echo "tonkin launcher + one game, peak memory: $((game_kb / 1024)) MiB"
  awk -v t="$game_kb" -v b="$bare_kb" "BEGIN { printf \"ratio: %.2f (target <= 1.30)\n\", t / b }"
'
