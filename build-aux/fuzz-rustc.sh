#!/bin/sh
# RUSTC_WRAPPER of `make fuzz`: compiles the tonkin library (and nothing else) with LLVM's
# SanitizerCoverage inline flags, one per edge of its control flow, and with the
# `tonkin_coverage` cfg that compiles src/fuzz_coverage.rs, which reads the flags (and the
# fuzzer, tests/fuzz.rs, with that cfg too, to read them). The
# fuzzer keeps the inputs that reach new edges and reports the edges reached.
rustc="$1"
shift
case " $* " in
*" --crate-name tonkin "*"--crate-type lib "*)
	exec "$rustc" "$@" --cfg tonkin_coverage -Cpasses=sancov-module \
		-Cllvm-args=-sanitizer-coverage-level=3 \
		-Cllvm-args=-sanitizer-coverage-inline-bool-flag ;;
*" --crate-name fuzz "*)
	exec "$rustc" "$@" --cfg tonkin_coverage ;;
esac
exec "$rustc" "$@"
