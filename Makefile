# Two commands: `make run` and `make test`. Both install missing system packages first.

CARGO ?= cargo
# GTK tests need a display and a session bus.
HEADLESS = xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session --

.PHONY: all deps build run test lint unit-tests bench clean flatpak-sources pot

all: build

deps:
	@build-aux/install-deps.sh

build: deps
	$(CARGO) build

run: deps
	$(CARGO) run --release

test: deps lint unit-tests

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings

# Every test of the crate, under a virtual display for the GTK ones.
unit-tests:
	$(HEADLESS) $(CARGO) test

bench: deps
	$(CARGO) bench
	build-aux/startup-time.sh

clean:
	$(CARGO) clean
