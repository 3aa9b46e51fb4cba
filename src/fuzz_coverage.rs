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

/// Clears every flag, so that the next edges counted are those of the inputs run from now on
/// (each fuzz target's own, see `tests/fuzz.rs`).
pub fn reset() {
    let ranges = RANGES.lock().unwrap_or_else(|e| e.into_inner());
    for &(start, len) in ranges.iter() {
        // SAFETY: as in `edges`; the instrumented code only ever sets flags, and this runs
        // between executions, on the fuzzer's only thread.
        unsafe { std::ptr::write_bytes(start as *mut u8, 0, len) };
    }
}

/// Adds the edges taken since the last [`reset`] to `union` (one byte per edge, grown to the
/// library's edges on first use) and returns how many edges `union` holds.
pub fn merge_into(union: &mut Vec<u8>) -> usize {
    let ranges = RANGES.lock().unwrap_or_else(|e| e.into_inner());
    let all: usize = ranges.iter().map(|r| r.1).sum();
    union.resize(all, 0);
    let mut at = 0;
    for &(start, len) in ranges.iter() {
        // SAFETY: as in `edges`.
        let flags = unsafe { std::slice::from_raw_parts(start as *const u8, len) };
        for (u, &f) in union[at..at + len].iter_mut().zip(flags) {
            *u |= f;
        }
        at += len;
    }
    count_set(union)
}

/// How many of `flags` (each 0 or 1) are set.
///
/// This runs after every execution over all the library's flags (about 350,000), so it is
/// the fuzzer's largest cost of its own: the flags are added eight at a time into the bytes of
/// a word, 255 words at a time (so that no byte overflows into the next), in a plain loop the
/// compiler vectorises, and each such sum's bytes are added up once at its end.
fn count_set(flags: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW_BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    // SAFETY: any bytes are a valid u64.
    let (head, words, tail) = unsafe { flags.align_to::<u64>() };
    let bytes = |b: &[u8]| b.iter().map(|&f| usize::from(f != 0)).sum::<usize>();
    let in_words: u64 = words
        .chunks(255)
        .map(|chunk| {
            // Each byte of `sum` counts the flags set at its place in the chunk's words.
            let sum = chunk.iter().fold(0u64, |sum, w| sum + (w & ONES));
            // Pairs of bytes into 16-bit lanes (at most 510), then the four lanes into the
            // top one (at most 2040, no carry out of it).
            let pairs = (sum & LOW_BYTES) + ((sum >> 8) & LOW_BYTES);
            pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
        })
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
        // More than 255 words of flags all set: every byte of a chunk's sum at its largest.
        assert_eq!(count_set(&[1; 8 * 1000 + 3]), 8003);
        assert_eq!(count_set(&[]), 0);
    }
}
