//! The 60 stories, each a number in the canonical order (beat, then shape, then stars).
//!
//! The Python engine's `Story.sort_key()` is the same number, so "canonical
//! order" is simply ascending ids, and a set of stories is a `u64` bit mask
//! iterated in that order.

use std::fmt;

use crate::tables::{BEAT_NAMES, COLUMN_SPACES, NBEATS, NSHAPES, NSTARS, NSTORIES, SHAPE_NAMES};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct Story(pub u8);

impl Story {
    pub fn new(beat: u8, shape: u8, stars: u8) -> Story {
        Story((beat * NSHAPES as u8 + shape) * NSTARS as u8 + (stars - 1))
    }

    pub fn id(self) -> usize {
        self.0 as usize
    }

    pub fn beat(self) -> u8 {
        self.0 / (NSHAPES * NSTARS) as u8
    }

    pub fn shape(self) -> u8 {
        (self.0 / NSTARS as u8) % NSHAPES as u8
    }

    pub fn stars(self) -> u8 {
        self.0 % NSTARS as u8 + 1
    }

    /// Its supply stack: `beat * shapes + shape`.
    pub fn kind(self) -> u8 {
        self.0 / NSTARS as u8
    }

    /// Spaces it takes in a news-beat column.
    pub fn spaces(self) -> u8 {
        COLUMN_SPACES[self.shape() as usize]
    }

    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// `"war:D:3"` -> the story; `None` for anything else.
    pub fn parse(text: &str) -> Option<Story> {
        let mut parts = text.split(':');
        let (beat, shape, stars) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let beat = BEAT_NAMES.iter().position(|b| *b == beat)? as u8;
        let shape = SHAPE_NAMES.iter().position(|s| *s == shape)? as u8;
        if stars.len() != 1 {
            return None; // only the canonical notation the engine writes
        }
        let stars: u8 = stars.parse().ok()?;
        if !(1..=NSTARS as u8).contains(&stars) {
            return None;
        }
        Some(Story::new(beat, shape, stars))
    }

    /// Every story in canonical order.
    pub fn all() -> impl Iterator<Item = Story> {
        (0..NSTORIES as u8).map(Story)
    }
}

impl fmt::Display for Story {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", BEAT_NAMES[self.beat() as usize], SHAPE_NAMES[self.shape() as usize], self.stars())
    }
}

/// The stories of a bit mask, in canonical order.
pub fn stories_of(mut mask: u64) -> impl Iterator<Item = Story> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let id = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(Story(id))
    })
}

/// `(beat, shape)` -> `"war:D"`.
pub fn kind_text(kind: u8) -> String {
    let (beat, shape) = (kind as usize / NSHAPES, kind as usize % NSHAPES);
    format!("{}:{}", BEAT_NAMES[beat], SHAPE_NAMES[shape])
}

const _: () = assert!(NBEATS * NSHAPES * NSTARS == NSTORIES);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_canonical_order_and_round_trip_the_notation() {
        let names: Vec<String> = Story::all().map(|s| s.to_string()).collect();
        assert_eq!(names.len(), 60);
        assert_eq!((names[0].as_str(), names[59].as_str()), ("war:A:1", "human:D:3"));
        for s in Story::all() {
            assert_eq!(Story::parse(&s.to_string()), Some(s));
            assert_eq!(Story::new(s.beat(), s.shape(), s.stars()), s);
        }
        let d3 = Story::parse("war:D:3").unwrap();
        assert_eq!((d3.spaces(), d3.kind(), kind_text(d3.kind())), (2, 3, "war:D".to_string()));
        for bad in ["war:D", "war:E:1", "war:D:4", "war:D:03", "spy:A:1", "war:D:1:1"] {
            assert_eq!(Story::parse(bad), None, "{bad}");
        }
    }
}
