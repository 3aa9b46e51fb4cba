#!/usr/bin/env bash
# Times Tonkin's start-up (launcher up to its first drawn frame) against a bare relm4 +
# libadwaita window, both release builds, under one Xvfb server. Target: within 1.2x.
# Tonkin is timed twice: as a first launch (no saved games), and with five games in progress
# waiting in its autosave folder (the launcher lists them after its first frame).
# The memory figures are build-aux/memory.sh's. The programs take turns, round after round,
# so that a change in the machine's load falls on all alike; the figures are medians over
# the rounds (RUNS, 15 by default). The bare window
# is timed twice: as it is, and registered on the session bus as a single-instance
# application (BARE_UNIQUE=1), which Tonkin is and the plain yardstick is not.
# CARGO_TARGET_DIR is honoured (the shared optimised build, say); TONKIN and BARE name other
# builds of the two programs, which are then used as they are; BASELINE names an older
# Tonkin, timed in the same rounds (first launch and with the games in progress).
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
mkdir -p "$scratch/waiting/tonkin/autosave"
for n in 1 2 3 4 5; do
  cp tests/examples/csar/enemy-units-turn-up.json "$scratch/waiting/tonkin/autosave/csar-$n.json"
done
export RUNS_="$runs"
export TONKIN="${TONKIN:-$target/release/tonkin}" BARE="${BARE:-$target/release/examples/bare_window}"
export SCRATCH="$scratch" BASELINE="${BASELINE:-}"
echo "load before: $(uptime)"
xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- bash -c '
  # Milliseconds from exec to the first frame (each program quits after it); $2 is
  # BARE_UNIQUE, $3 the data folder.
  once() {
    local start end
    start=$(date +%s%N)
    XDG_DATA_HOME=${3:-$XDG_DATA_HOME} BARE_UNIQUE=${2:-0} TONKIN_EXIT_AFTER_FIRST_FRAME=1 \
      "$1" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
  }
  median() { sort -n | awk "{ v[NR] = \$1 } END { print v[int((NR + 1) / 2)] }"; }
  once "$TONKIN" >/dev/null; once "$BARE" >/dev/null  # warm the caches
  for _ in $(seq "$RUNS_"); do
    echo "tonkin $(once "$TONKIN")"
    echo "bare $(once "$BARE")"
    echo "registered $(once "$BARE" 1)"
    echo "waiting $(once "$TONKIN" 0 "$SCRATCH/waiting")"
    if [ -n "$BASELINE" ]; then
      echo "old $(once "$BASELINE")"
      echo "oldwaiting $(once "$BASELINE" 0 "$SCRATCH/waiting")"
    fi
  done > "$SCRATCH/times"
  tonkin=$(awk "/^tonkin/ { print \$2 }" "$SCRATCH/times" | median)
  bare=$(awk "/^bare/ { print \$2 }" "$SCRATCH/times" | median)
  registered=$(awk "/^registered/ { print \$2 }" "$SCRATCH/times" | median)
  waiting=$(awk "/^waiting/ { print \$2 }" "$SCRATCH/times" | median)
  echo "start-up, median of $RUNS_ alternating rounds:"
  echo "  bare relm4 + libadwaita window: ${bare} ms ($(awk "/^bare/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  echo "  tonkin launcher:                ${tonkin} ms ($(awk "/^tonkin/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  echo "  bare window, single-instance:   ${registered} ms ($(awk "/^registered/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  awk -v t="$tonkin" -v b="$bare" "BEGIN { printf \"  ratio: %.2f (target <= 1.20)\n\", t / b }"
  awk -v t="$tonkin" -v b="$registered" "BEGIN { printf \"  ratio to the single-instance bare window: %.2f\n\", t / b }"
  echo "  tonkin, five games in progress: ${waiting} ms ($(awk "/^waiting/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  if [ -n "$BASELINE" ]; then
    old=$(awk "/^old / { print \$2 }" "$SCRATCH/times" | median)
    oldwaiting=$(awk "/^oldwaiting/ { print \$2 }" "$SCRATCH/times" | median)
    echo "  baseline tonkin launcher:       ${old} ms ($(awk "/^old / { printf \"%s \", \$2 }" "$SCRATCH/times"))"
    awk -v t="$old" -v b="$bare" "BEGIN { printf \"  baseline ratio: %.2f\n\", t / b }"
    echo "  baseline, five games in progress: ${oldwaiting} ms ($(awk "/^oldwaiting/ { printf \"%s \", \$2 }" "$SCRATCH/times"))"
  fi
'
echo "load after: $(uptime)"
