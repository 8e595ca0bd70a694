//! What a transition did, as plain `Copy` values (the Python engine's `Event`).
//!
//! [`Event`] is returned by [`Position::apply`](crate::position::Position::apply):
//! the move, and for a press the [`PressOutcome`] (claims, the stories left
//! behind, scoops, the page, the score); when the game ends, the
//! [`EndOutcome`]. A press that draws a card returns its event before the draw;
//! [`Drawn`] (from `apply_chance`) completes it ([`Event::complete_draw`]).
//! The PyO3 layer writes these as the engine's `Event.to_json()`.

use crate::moves::Move;
use crate::pages::{Breakdown, Item, Placement};
use crate::position::Cell;
use crate::small::FixedList;
use crate::story::Story;
use crate::tables::{MAXP, MAX_CARD_STORIES, MAX_CLAIMED_STORIES, NBEATS};

/// `player` scored `points` for being scooped on `story`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Scoop {
    pub player: u8,
    pub story: Story,
    pub points: u8,
}

/// The page as laid out: placements in page order (row, column, story), story = the claimed story.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Page {
    pub placements: FixedList<(Story, Placement), MAX_CLAIMED_STORIES>,
    pub exclusive: Option<Story>,
}

impl Page {
    pub fn publishes(&self, story: Story) -> bool {
        self.placements.iter().any(|(s, _)| *s == story)
    }
}

/// Everything a press did (the Python `PressOutcome`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PressOutcome {
    pub player: u8,
    /// In canonical order.
    pub claimed: FixedList<Story, MAX_CLAIMED_STORIES>,
    /// Stories where the player was outnumbered (their reporters stay).
    pub left: FixedList<Story, MAX_CLAIMED_STORIES>,
    pub scoops: FixedList<Scoop, { MAX_CLAIMED_STORIES * (MAXP - 1) }>,
    /// Beat values in force at the start of the turn.
    pub beat_values: [u8; NBEATS],
    pub ad: Option<Cell>,
    pub page: Page,
    pub total: i16,
    pub gain: i16,
    pub final_edition: bool,
    pub card: Option<u8>,
    pub card_stories: FixedList<Story, MAX_CARD_STORIES>,
    pub new_ad: Option<Cell>,
}

impl PressOutcome {
    /// Claimed stories the page left off (they went back to their stacks), in claimed order.
    pub fn unpublished(&self) -> impl Iterator<Item = Story> + '_ {
        self.claimed.iter().copied().filter(|&s| !self.page.publishes(s))
    }

    /// The solver's items for the claimed stories (index = position in `claimed`).
    pub fn items(&self, top_beats: u8) -> FixedList<Item, MAX_CLAIMED_STORIES> {
        let mut items = FixedList::new();
        for s in self.claimed.iter() {
            items.push(Item {
                shape: s.shape(),
                value: self.beat_values[s.beat() as usize],
                top: top_beats & (1 << s.beat()) != 0,
            });
        }
        items
    }

    /// Top beats (bit per beat) of the values in force.
    pub fn top_beats(&self) -> u8 {
        let top = self.beat_values.iter().copied().max().unwrap_or(0);
        (0..NBEATS).filter(|&b| self.beat_values[b] == top).fold(0, |m, b| m | 1 << b)
    }

    /// The page's score by component (the breakdown of the press's event).
    pub fn breakdown(&self) -> Breakdown {
        let items = self.items(self.top_beats());
        let mut placements: FixedList<Placement, MAX_CLAIMED_STORIES> = FixedList::new();
        for (_, p) in self.page.placements.iter() {
            placements.push(*p);
        }
        let exclusive = self.page.exclusive.and_then(|e| self.claimed.iter().position(|&s| s == e)).map(|i| i as u8);
        Breakdown::of(items.as_slice(), placements.as_slice(), exclusive, self.ad)
    }
}

/// End bonus of one beat: the most stars published, who had them (bit per player), the points each got.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct BeatBonus {
    pub most_stars: u8,
    pub players: u8,
    pub points: u8,
}

/// End-game scoring: beat bonuses, final circulation, winners (bit per player).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EndOutcome {
    pub bonuses: [BeatBonus; NBEATS],
    pub circulation: [u16; MAXP],
    pub winners: u8,
}

/// A headline card drawn at a chance node: the stories it placed and the player's new ad.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Drawn {
    pub card: u8,
    pub stories: FixedList<Story, MAX_CARD_STORIES>,
    /// Of the card's stories, those whose stack was empty / that did not fit their column.
    pub empty_stacks: u8,
    pub did_not_fit: u8,
    pub new_ad: Cell,
}

/// What the last move did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Event {
    pub ply: u32,
    pub player: u8,
    pub mv: Move,
    pub press: Option<PressOutcome>,
    pub end: Option<EndOutcome>,
}

impl Event {
    /// The press's event with the card drawn after it filled in.
    pub fn complete_draw(&mut self, drawn: &Drawn) {
        if let Some(press) = self.press.as_mut() {
            press.card = Some(drawn.card);
            press.card_stories = drawn.stories;
            press.new_ad = Some(drawn.new_ad);
        }
    }
}
