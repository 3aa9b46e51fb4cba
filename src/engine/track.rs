//! A bounded track on the map (Search, Abort, Turn…) with optionally named spaces.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    pub min: i32,
    pub max: i32,
    position: i32,
    /// Spaces with a name of their own, e.g. `(5, "Auto Abort")`.
    named: Vec<(i32, String)>,
}

/// What a move along a track did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackMove {
    pub from: i32,
    pub to: i32,
    /// The move asked for more than the track allowed and stopped at an end.
    pub clamped: bool,
}

impl Track {
    pub fn new(min: i32, max: i32, position: i32) -> Self {
        assert!(min <= max, "track with min {min} > max {max}");
        Track {
            min,
            max,
            position: position.clamp(min, max),
            named: Vec::new(),
        }
    }

    pub fn with_named_space(mut self, at: i32, name: &str) -> Self {
        self.named.push((at, name.to_owned()));
        self
    }

    pub fn position(&self) -> i32 {
        self.position
    }

    pub fn set(&mut self, to: i32) -> TrackMove {
        let from = self.position;
        self.position = to.clamp(self.min, self.max);
        TrackMove {
            from,
            to: self.position,
            clamped: self.position != to,
        }
    }

    pub fn advance(&mut self, by: i32) -> TrackMove {
        self.set(self.position + by)
    }

    /// The name of the space the marker is on, if it has one.
    pub fn space_name(&self) -> Option<&str> {
        self.named_space_at(self.position)
    }

    pub fn named_space_at(&self, at: i32) -> Option<&str> {
        self.named
            .iter()
            .find(|(p, _)| *p == at)
            .map(|(_, n)| n.as_str())
    }

    pub fn is_on(&self, name: &str) -> bool {
        self.space_name() == Some(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_at_both_ends_and_names_spaces() {
        let mut abort = Track::new(0, 5, 2).with_named_space(5, "Auto Abort");
        assert_eq!(
            abort.advance(2),
            TrackMove {
                from: 2,
                to: 4,
                clamped: false
            }
        );
        let m = abort.advance(3);
        assert!(m.clamped);
        assert_eq!(abort.position(), 5);
        assert!(abort.is_on("Auto Abort"));
        assert_eq!(abort.advance(-9).to, 0);
        assert_eq!(abort.space_name(), None);
        assert_eq!(Track::new(0, 3, 10).position(), 3);
    }
}
