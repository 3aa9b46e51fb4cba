//! Helpers shared by the integration tests.

/// The numbers after every `key [` in a PDF, e.g. each page's MediaBox.
pub fn boxes(pdf: &str, key: &str) -> Vec<Vec<f64>> {
    pdf.match_indices(key)
        .map(|(at, _)| {
            let rest = &pdf[at + key.len()..];
            let open = rest.find('[').unwrap();
            let close = rest.find(']').unwrap();
            rest[open + 1..close]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect()
}
