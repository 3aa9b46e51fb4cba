//! Reading files a person hands the program (saves, scripts, content overrides) with a cap on
//! their size, so that `/dev/zero` or a runaway file is refused instead of filling memory.

use std::io::Read;
use std::path::Path;

/// Reads at most `cap` bytes of `path`; a longer file is an error that says how big it may be.
pub fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "larger than {}, more than such a file ever holds",
                size(cap)
            ),
        ));
    }
    Ok(bytes)
}

/// The text without a leading UTF-8 byte-order mark (some editors write one).
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_stops_at_the_cap() {
        let e = read_capped(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
        assert!(e.to_string().contains("larger than 1 MiB"), "{e}");
    }

    #[test]
    fn a_file_at_the_cap_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, vec![b'x'; 2048]).unwrap();
        assert_eq!(read_capped(&path, 2048).unwrap().len(), 2048);
        assert!(read_capped(&path, 2047).is_err());
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        assert_eq!(without_bom(b"\xEF\xBB\xBF{}"), b"{}");
        assert_eq!(without_bom(b"{}"), b"{}");
    }
}
