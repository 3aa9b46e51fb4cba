#!/usr/bin/env bash
# Times Tonkin's start-up (launcher up to its first drawn frame) against a bare relm4 +
# libadwaita window, both release builds, under one Xvfb server. Target: within 1.2x.
# Then the memory of the launcher with one game open (a That Others May Live position from
# tests/examples) against the bare window, both as their peak resident set. Target: within 1.3x.
# The programs take turns, round after round, so that a change in the machine's load falls
# on all alike; the figures are medians over the rounds (RUNS, 15 by default). The bare window
# is timed twice: as it is, and registered on the session bus as a single-instance
# application (BARE_UNIQUE=1), which Tonkin is and the plain yardstick is not.
# CARGO_TARGET_DIR is honoured (the shared optimised build, say); TONKIN and BARE name other
# builds of the two programs, which are then used as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TONKIN:-}" ] || [ -z "${BARE:-}" ]; then
  cargo build --release --quiet --bin tonkin --example bare_window
fi
runs=${RUNS:-15}
target=${CARGO_TARGET_DIR:-target}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Nothing of the user's: settings and autosaves in a scratch folder.
export XDG_DATA_HOME="$scratch" XDG_CONFIG_HOME="$scratch"
cp tests/examples/csar/enemy-search-rifle-captures.json "$scratch/game.json"
export RUNS_="$runs" SAVE="$scratch/game.json"
export TONKIN="${TONKIN:-$target/release/tonkin}" BARE="${BARE:-$target/release/examples/bare_window}"
export SCRATCH="$scratch"
echo "load before: $(uptime)"
xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- bash -c '
  # Milliseconds from exec to the first frame (each program quits after it).
  once() {
    local start end
    start=$(date +%s%N)
    BARE_UNIQUE=${2:-0} TONKIN_EXIT_AFTER_FIRST_FRAME=1 "$1" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
  }
  median() { sort -n | awk "{ v[NR] = \$1 } END { print v[int((NR + 1) / 2)] }"; }
  once "$TONKIN" >/dev/null; once "$BARE" >/dev/null  # warm the caches
  for _ in $(seq "$RUNS_"); do
    echo "tonkin $(once "$TONKIN")"
    echo "bare $(once "$BARE")"
    echo "registered $(once "$BARE" 1)"
  done > "$SCRATCH/times"
  tonkin=$(awk "/^tonkin/ { print \$2 }" "$SCRATCH/times" | median)
  bare=$(awk "/^bare/ { print \$2 }" "$SCRATCH/times" | median)
  registered=$(awk "/^registered/ { print \$2 }" "$SCRATCH/times" | median)
  echo "start-up, median of $RUNS_ alternating rounds:"
  echo "  bare relm4 + libadwaita window: ${bare} ms ($(awk "/^bare/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  echo "  tonkin launcher:                ${tonkin} ms ($(awk "/^tonkin/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  echo "  bare window, single-instance:   ${registered} ms ($(awk "/^registered/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  awk -v t="$tonkin" -v b="$bare" "BEGIN { printf \"  ratio: %.2f (target <= 1.20)\n\", t / b }"
  awk -v t="$tonkin" -v b="$registered" "BEGIN { printf \"  ratio to the single-instance bare window: %.2f\n\", t / b }"
  # The launcher and the game window drawn and settled, then its peak resident set; the
  # bare window up to its first frame. Three rounds, medians.
  for _ in 1 2 3; do
    "$TONKIN" "$SAVE" >/dev/null 2>&1 &
    pid=$!
    sleep 8
    echo "tonkin $(awk "/VmHWM/ { print \$2 }" /proc/$pid/status)"
    kill $pid
    wait $pid 2>/dev/null || true
    echo "bare $(/usr/bin/time -f %M "$BARE" 2>&1 >/dev/null | tail -1)"
  done > "$SCRATCH/memory"
  game_kb=$(awk "/^tonkin/ { print \$2 }" "$SCRATCH/memory" | median)
  bare_kb=$(awk "/^bare/ { print \$2 }" "$SCRATCH/memory" | median)
  echo "peak memory, median of 3 rounds:"
  echo "  bare window:                $((bare_kb / 1024)) MiB"
  echo "  tonkin launcher + one game: $((game_kb / 1024)) MiB"
  awk -v t="$game_kb" -v b="$bare_kb" "BEGIN { printf \"  ratio: %.2f (target <= 1.30)\n\", t / b }"
'
echo "load after: $(uptime)"
