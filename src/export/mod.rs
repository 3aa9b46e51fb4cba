//! Print-and-play export.
