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

/// The library's edges: how many it has, and how many were taken since the program started.
///
/// Called after every execution of the fuzzer, so it is made cheap: no allocation, and the
/// flags (each 0 or 1) are added eight at a time.
pub fn edges() -> (usize, usize) {
    let ranges = RANGES.lock().unwrap_or_else(|e| e.into_inner());
    ranges.iter().fold((0, 0), |(all, taken), &(start, len)| {
        // SAFETY: LLVM's ranges live as long as the program and hold plain bytes (0 or 1).
        let flags = unsafe { std::slice::from_raw_parts(start as *const u8, len) };
        (all + len, taken + count_set(flags))
    })
}

/// How many of `flags` (each 0 or 1) are set.
fn count_set(flags: &[u8]) -> usize {
    // SAFETY: any bytes are a valid u64.
    let (head, words, tail) = unsafe { flags.align_to::<u64>() };
    let bytes = |b: &[u8]| b.iter().map(|&f| usize::from(f != 0)).sum::<usize>();
    // The eight flags of a word add up to at most 8, so multiplying by 0x0101… gathers their
    // sum in the top byte without a carry out of it.
    let in_words: u64 = words
        .iter()
        .map(|w| (w & 0x0101_0101_0101_0101).wrapping_mul(0x0101_0101_0101_0101) >> 56)
        .sum();
    bytes(head) + in_words as usize + bytes(tail)
}

#[cfg(test)]
mod tests {
    use super::count_set;

    #[test]
    fn counts_set_flags_at_any_alignment() {
        let mut flags = vec![0u8; 1000];
        for i in (0..1000).step_by(7) {
            flags[i] = 1;
        }
        for start in 0..9 {
            let part = &flags[start..];
            assert_eq!(count_set(part), part.iter().filter(|&&f| f != 0).count());
        }
        assert_eq!(count_set(&[1; 64]), 64);
        assert_eq!(count_set(&[]), 0);
    }
}
