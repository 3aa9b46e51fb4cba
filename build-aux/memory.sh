#!/usr/bin/env bash
# The memory of Tonkin's launcher with one game open (a That Others May Live game in
# progress from tests/examples) against a bare relm4 + libadwaita window, both release
# builds, under one Xvfb server and session bus. Target: within 1.3x. For comparison, also
# Tonkin with a finished game open (its window, and the dialog that says how it ended).
# Both are measured alike: started, left alone for SETTLE seconds (8 by default) so that
# they have drawn and gone idle, then read from /proc: the peak resident set (VmHWM, the
# figure compared with the target), the resident set then (VmRSS) and the proportional set
# (Pss, shared pages divided among the processes that map them). The programs take turns,
# round after round, the first of each round alternating; the figures are medians over the
# rounds (ROUNDS, 5 by default).
# CARGO_TARGET_DIR is honoured; TONKIN and BARE name other builds of the two programs;
# BASELINE names an older Tonkin, measured in the same rounds with the game in progress.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TONKIN:-}" ] || [ -z "${BARE:-}" ]; then
  cargo build --release --quiet --bin tonkin --example bare_window
fi
target=${CARGO_TARGET_DIR:-target}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Nothing of the user's: settings and autosaves in a scratch folder.
export XDG_DATA_HOME="$scratch" XDG_CONFIG_HOME="$scratch"
cp tests/examples/csar/enemy-units-turn-up.json "$scratch/game.json"
cp tests/examples/csar/enemy-search-rifle-captures.json "$scratch/finished.json"
export ROUNDS_="${ROUNDS:-5}" SETTLE_="${SETTLE:-8}" SCRATCH="$scratch" BASELINE="${BASELINE:-}"
export TONKIN="${TONKIN:-$target/release/tonkin}" BARE="${BARE:-$target/release/examples/bare_window}"
echo "load before: $(uptime)"
xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- bash -c '
  # "name peak-KiB resident-KiB proportional-KiB" of a program left open for SETTLE_ s.
  measure() {
    local name=$1 pid
    shift
    rm -rf "$SCRATCH/tonkin"  # no autosave or setting of an earlier round
    "$@" >/dev/null 2>&1 &
    pid=$!
    sleep "$SETTLE_"
    echo "$name $(awk "/VmHWM/ { print \$2 }" /proc/$pid/status)" \
      "$(awk "/VmRSS/ { print \$2 }" /proc/$pid/status)" \
      "$(awk "/^Pss:/ { print \$2 }" /proc/$pid/smaps_rollup)"
    kill $pid
    wait $pid 2>/dev/null || true
  }
  tonkin() { measure tonkin "$TONKIN" "$SCRATCH/game.json"; }
  finished() { measure finished "$TONKIN" "$SCRATCH/finished.json"; }
  bare() { measure bare env BARE_KEEP_OPEN=1 "$BARE"; }
  baseline() { [ -z "$BASELINE" ] || measure baseline "$BASELINE" "$SCRATCH/game.json"; }
  for round in $(seq "$ROUNDS_"); do
    if [ $((round % 2)) = 1 ]; then tonkin; bare; finished; baseline; else baseline; finished; bare; tonkin; fi
  done > "$SCRATCH/memory"
  median() { sort -n | awk "{ v[NR] = \$1 } END { print v[int((NR + 1) / 2)] }"; }
  figure() { awk -v n="$1" -v c="$2" "\$1 == n { print \$c }" "$SCRATCH/memory" | median; }
  all() { awk -v n="$1" -v c="$2" "\$1 == n { printf \"%d \", \$c / 1024 }" "$SCRATCH/memory"; }
  echo "memory after ${SETTLE_} s, median of $ROUNDS_ alternating rounds, MiB (each round):"
  for c in "2 peak resident set (VmHWM)" "3 resident set (VmRSS)    " "4 proportional set (Pss)  "; do
    col=${c%% *}
    label=${c#* }
    b=$(figure bare "$col")
    echo "  $label"
    echo "    bare window: $((b / 1024)) ($(all bare "$col"))"
    for who in "tonkin|tonkin launcher + one game in progress" \
      "finished|tonkin launcher + one finished game" \
      "baseline|baseline tonkin + one game in progress"; do
      name=${who%%|*}
      [ "$name" != baseline ] || [ -n "$BASELINE" ] || continue
      t=$(figure "$name" "$col")
      echo "    ${who#*|}: $((t / 1024)) ($(all "$name" "$col")), ratio" \
        "$(awk -v t="$t" -v b="$b" "BEGIN { printf \"%.2f\", t / b }")"
    done
  done
  echo "  target: peak resident set ratio <= 1.30"
'
echo "load after: $(uptime)"
