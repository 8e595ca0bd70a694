//! Typed access to the generated data: the rules' numbers, the headline decks, the page tables.
//!
//! Every number comes from `generated/` (written by `core/generate_tables.py` from
//! the Python engine's and solver's tables); this module only gives it types and
//! the small lookups the rules need.

pub use crate::generated::game_data::*;
use crate::generated::page_tables::{GEOMETRIES, GEOMETRY_COUNT, PROFILES, RECTS};

pub const NBEATS: usize = BEAT_NAMES.len();
pub const NSHAPES: usize = SHAPE_NAMES.len();
pub const NSTARS: usize = STARS.len();
pub const NSTORIES: usize = NBEATS * NSHAPES * NSTARS;
/// Supply stacks: one per (beat, shape).
pub const NKINDS: usize = NBEATS * NSHAPES;
pub const MAXP: usize = MAX_PLAYERS as usize;
pub const NCELLS: usize = PAGE_COLUMNS as usize * PAGE_ROWS as usize;
/// Beat value positions 0..=MAX_POSITION (the marker's track).
pub const MAX_POSITION: u8 = (BEAT_VALUE_BY_POSITION.len() - 1) as u8;
/// Most stories a column can hold (the narrowest story takes one space).
pub const MAX_COLUMN_STORIES: usize = COLUMN_CAPACITY as usize;
/// Most presses any player makes in a game (the final edition's trigger count, at most).
pub const MAX_PENNIES: u8 = max_u8(&FINAL_EDITION_PRESSES);
/// Most stories a player publishes in a game: a press publishes at most one per reporter.
pub const MAX_PUBLISHED: usize = REPORTERS as usize * MAX_PENNIES as usize;
/// Most stories one headline card adds.
pub const MAX_CARD_STORIES: usize = max_card_stories();

const fn max_u8(values: &[u8]) -> u8 {
    let mut best = 0;
    let mut i = 0;
    while i < values.len() {
        if values[i] > best {
            best = values[i];
        }
        i += 1;
    }
    best
}

const fn max_card_stories() -> usize {
    let mut best = 0;
    let mut d = 0;
    while d < DECKS.len() {
        let mut c = 0;
        while c < DECK_SIZE {
            if DECKS[d][c].stories.len() > best {
                best = DECKS[d][c].stories.len();
            }
            c += 1;
        }
        d += 1;
    }
    best
}

// The core numbers stars 1..=NSTARS, cards 1..=DECK_SIZE in a u64, players in a u8 mask.
const _: () = {
    let mut i = 0;
    while i < NSTARS {
        assert!(STARS[i] as usize == i + 1, "stars must be 1, 2, 3, ...");
        i += 1;
    }
    assert!(DECK_SIZE < 64 && NSTORIES <= 64 && MAXP <= 8);
    assert!(MAX_POSITION == COLUMN_CAPACITY, "the marker track has one place per column space");
};

/// One headline card (see `engine/cards.py`).
#[derive(Clone, Copy, Debug)]
pub struct CardData {
    pub beat: u8,
    pub bonus: u8,
    /// (beat, shape) of each story, in printed order.
    pub stories: &'static [(u8, u8)],
    pub ad_column: u8,
}

/// A page geometry: shape counts, the ad cell, and its candidate pages in `PROFILES`.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    pub counts: [u8; NSHAPES],
    pub ad: Option<u8>,
    pub first: u16,
    pub len: u8,
}

impl Geometry {
    pub const fn new(counts: [u8; NSHAPES], ad: Option<u8>, first: u16, len: u8) -> Self {
        Geometry { counts, ad, first, len }
    }
}

/// A candidate page of one geometry (see `solver/page_profiles.py`), in slot numbers.
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// Slots published (bit per slot).
    pub placed: u8,
    /// Slots touching row 0 (bit per slot).
    pub edge: u8,
    /// The empty cells' points (the ad cell excluded).
    pub penalty: i8,
    pub first_rect: u16,
    pub rects: u8,
}

impl Profile {
    pub const fn new(placed: u8, edge: u8, penalty: i8, first_rect: u16, rects: u8) -> Self {
        Profile { placed, edge, penalty, first_rect, rects }
    }

    /// The page: `(slot, x, y, w, h)` per published story.
    pub fn witness(&self) -> &'static [[u8; 5]] {
        let first = self.first_rect as usize;
        &RECTS[first..first + self.rects as usize]
    }
}

const COUNT_BASE: usize = MAX_CLAIMED_STORIES + 1;
const AD_SLOTS: usize = NCELLS + 1;
const LOOKUP_SIZE: usize = COUNT_BASE * COUNT_BASE * COUNT_BASE * COUNT_BASE * AD_SLOTS;
const _: () = assert!(NSHAPES == 4, "the geometry key packs four shape counts");

const fn geometry_key(counts: [u8; NSHAPES], ad: Option<u8>) -> usize {
    let mut key = 0;
    let mut s = 0;
    while s < NSHAPES {
        key = key * COUNT_BASE + counts[s] as usize;
        s += 1;
    }
    let ad_slot = match ad {
        None => 0,
        Some(cell) => cell as usize + 1,
    };
    key * AD_SLOTS + ad_slot
}

/// Geometry number by key, built at compile time from `GEOMETRIES`.
static GEOMETRY_LOOKUP: [u16; LOOKUP_SIZE] = {
    let mut table = [u16::MAX; LOOKUP_SIZE];
    let mut i = 0;
    while i < GEOMETRY_COUNT {
        table[geometry_key(GEOMETRIES[i].counts, GEOMETRIES[i].ad)] = i as u16;
        i += 1;
    }
    table
};

/// The candidate pages of a press with these shape counts and ad cell, first in tie-break order first.
/// `None` if no geometry has them (no story, or more than five).
pub fn profiles(counts: [u8; NSHAPES], ad: Option<u8>) -> Option<&'static [Profile]> {
    if counts.iter().any(|&c| c as usize > MAX_CLAIMED_STORIES) || ad.is_some_and(|c| c as usize >= NCELLS) {
        return None;
    }
    let index = GEOMETRY_LOOKUP[geometry_key(counts, ad)];
    if index == u16::MAX {
        return None;
    }
    let g = &GEOMETRIES[index as usize];
    let first = g.first as usize;
    Some(&PROFILES[first..first + g.len as usize])
}

/// The beat value the large arrow points to at a marker position.
pub fn beat_value(position: u8) -> u8 {
    BEAT_VALUE_BY_POSITION[position as usize]
}

/// The scoop value the S-shaped arrow points to at a marker position.
pub fn scoop_value(position: u8) -> u8 {
    SCOOP_VALUE_BY_POSITION[position as usize]
}

/// The arrow marker's place: spaces filled plus covered stories, at most the track's end.
pub fn marker_position(height: u8, covered: u8) -> u8 {
    (height + covered).min(MAX_POSITION)
}

/// A bonus marker after a headline card's increment, capped at the track's end.
pub fn advance_bonus(value: u8, increment: u8) -> u8 {
    value.saturating_add(increment).min(BONUS_MAX)
}

/// The row of a new ad: the row of the player's highest penny.
pub fn ad_row(pennies: u8) -> Option<u8> {
    AD_ROW_BY_PENNIES.get(pennies as usize).copied().flatten()
}

/// The press count (a player's pennies) that triggers the final edition.
pub fn final_edition_presses(players: u8) -> u8 {
    FINAL_EDITION_PRESSES[players as usize]
}

/// Points an empty, ad-free cell on row `y` costs.
pub fn cell_penalty(y: u8) -> i8 {
    EMPTY_CELL_PENALTY_BY_ROW[y as usize]
}

/// Headline card `id` (1-based) of deck number `deck`.
pub fn card(deck: u8, id: u8) -> &'static CardData {
    &DECKS[deck as usize][id as usize - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_geometry_is_found_and_has_candidates() {
        for g in GEOMETRIES.iter() {
            let found = profiles(g.counts, g.ad).expect("listed geometry");
            assert_eq!(found.len(), g.len as usize);
            assert!(!found.is_empty());
        }
        assert!(profiles([0, 0, 0, 0], None).is_none());
        assert!(profiles([6, 0, 0, 0], None).is_none());
        assert!(profiles([1, 0, 0, 0], Some(NCELLS as u8)).is_none());
    }

    #[test]
    fn every_witness_is_a_legal_packing_of_its_geometry() {
        for g in GEOMETRIES.iter() {
            let shapes: Vec<usize> = (0..NSHAPES).flat_map(|s| std::iter::repeat_n(s, g.counts[s] as usize)).collect();
            for p in profiles(g.counts, g.ad).unwrap() {
                let mut used = 0u32;
                if let Some(ad) = g.ad {
                    used |= 1 << ad;
                }
                let mut placed = 0u8;
                let mut edge = 0u8;
                for r in p.witness() {
                    let [slot, x, y, w, h] = *r;
                    let (pw, ph) = SHAPE_SIZES[shapes[slot as usize]];
                    assert!((w, h) == (pw, ph) || (w, h) == (ph, pw), "a story keeps its shape");
                    assert!(x + w <= PAGE_COLUMNS && y + h <= PAGE_ROWS, "on the page");
                    for dy in 0..h {
                        for dx in 0..w {
                            let bit = 1 << ((y + dy) * PAGE_COLUMNS + x + dx);
                            assert_eq!(used & bit, 0, "no overlap, ad free");
                            used |= bit;
                        }
                    }
                    placed |= 1 << slot;
                    if y == 0 {
                        edge |= 1 << slot;
                    }
                }
                assert_eq!((placed, edge), (p.placed, p.edge));
                let empty: i32 = (0..NCELLS as u8)
                    .filter(|&c| used & (1 << c) == 0)
                    .map(|c| cell_penalty(c / PAGE_COLUMNS) as i32)
                    .sum();
                assert_eq!(empty, p.penalty as i32, "penalty counts the empty cells");
            }
        }
    }

    #[test]
    fn the_rulebook_numbers_read_from_the_tables() {
        // Rulebook p. 7: a marker at 5 shows beat value 4 and scoop value 2; 9 is the track's end.
        assert_eq!((marker_position(4, 1), beat_value(5), scoop_value(5)), (5, 4, 2));
        assert_eq!(marker_position(9, 3), 9);
        assert_eq!((advance_bonus(19, 3), ad_row(1), ad_row(3), ad_row(0)), (20, Some(2), Some(0), None));
        assert_eq!((final_edition_presses(2), final_edition_presses(4)), (4, 3));
        assert_eq!(NSTORIES, 60);
    }
}
