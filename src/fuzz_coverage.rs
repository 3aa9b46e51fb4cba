//! Edge coverage for the fuzzer (`tests/fuzz.rs`), compiled only into the library that
//! `make fuzz` builds with SanitizerCoverage's inline flags (`build-aux/fuzz-rustc.sh`):
//! LLVM gives every edge of the library's control flow a flag, set when the edge is first
//! taken, and hands their range to `__sanitizer_cov_bool_flag_init` when the program starts.

use std::sync::Mutex;

/// The flags' ranges (start, length) as LLVM hands them over (the same range may come once
/// per module).
static RANGES: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

/// Called by the instrumented code's start-up with its flags.
///
/// # Safety
/// `start..stop` must be the range of flags LLVM allocated, valid for the program's life.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __sanitizer_cov_bool_flag_init(start: *mut u8, stop: *mut u8) {
    let range = (start as usize, stop as usize - start as usize);
    let mut ranges = RANGES.lock().unwrap_or_else(|e| e.into_inner());
    if range.1 > 0 && !ranges.contains(&range) {
        ranges.push(range);
    }
}

/// The flags, one slice per range.
fn flags() -> Vec<&'static [u8]> {
    let ranges = RANGES.lock().unwrap_or_else(|e| e.into_inner());
    ranges
        .iter()
        // SAFETY: LLVM's ranges live as long as the program and hold plain bytes (0 or 1).
        .map(|&(start, len)| unsafe { std::slice::from_raw_parts(start as *const u8, len) })
        .collect()
}

/// The library's edges: how many it has, and how many were taken since the program started.
pub fn edges() -> (usize, usize) {
    flags().iter().fold((0, 0), |(all, taken), f| {
        (all + f.len(), taken + f.iter().filter(|&&b| b != 0).count())
    })
}
