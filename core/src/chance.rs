//! The headline-card draw as an explicit chance node (the Python `engine/chance.py`).
//!
//! After a press that draws a card the position waits at a chance node: the
//! outcomes are the unseen cards (each equally likely; the core never knows an
//! order). [`Position::apply_chance`] resolves the draw with one card: its
//! bonus marker, its stories from the top of their stacks (a story whose
//! stack is empty, or that does not fit its column, is not placed), the
//! player's new ad in the card's column and the row of their highest penny,
//! then the news-beat adjustment and the next player.
//! [`Position::resolve_chance`] draws as `sample_chance(state, rng)` does --
//! `rng.randrange(len(outcomes))` over the sorted unseen cards, and no draw
//! at all when only one card is left -- so a seeded [`PyRandom`] gives the
//! very card the Python engine's `random.Random` with that seed gives.

use crate::error::{CoreError, CoreResult};
use crate::events::Drawn;
use crate::position::Position;
use crate::rng::PyRandom;
use crate::tables::{self, NSHAPES};

impl Position {
    /// The cards the pending draw can give, ascending (empty when no draw is pending).
    pub fn chance_outcomes(&self) -> impl Iterator<Item = u8> {
        let mut mask = if self.draw_pending { self.unseen } else { 0 };
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let card = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(card)
        })
    }

    /// Draw `card` at the chance node and finish the press's turn.
    pub fn apply_chance(&mut self, card: u8) -> CoreResult<Drawn> {
        if !self.draw_pending {
            return Err(CoreError::IllegalMove(
                "no headline card is to be drawn now (the last move was not a press that draws one)".into(),
            ));
        }
        if card as usize > tables::DECK_SIZE || card == 0 || self.unseen & (1 << card) == 0 {
            let why = if self.discard.contains(&card) { "already drawn" } else { "not a card of this deck" };
            return Err(CoreError::IllegalMove(format!("headline card {card} cannot be drawn: it is {why}")));
        }
        let player = self.current as usize;
        let pennies = self.players[player].pennies;
        let row = tables::ad_row(pennies)
            .ok_or_else(|| CoreError::BadPosition(format!("no ad row for a player with {pennies} pennies")))?;
        self.unseen &= !(1 << card);
        self.discard.push(card);
        let data = tables::card(self.definition.deck, card);
        let beat = data.beat as usize;
        self.bonus[beat] = tables::advance_bonus(self.bonus[beat], data.bonus);
        let mut drawn = Drawn { card, ..Drawn::default() };
        for &(beat, shape) in data.stories {
            let Some(story) = self.peek_stack(beat * NSHAPES as u8 + shape) else {
                drawn.empty_stacks += 1;
                continue;
            };
            if !self.fits(story) {
                drawn.did_not_fit += 1;
                continue;
            }
            self.take_from_stack(story);
            self.place_story(story);
            drawn.stories.push(story);
        }
        drawn.new_ad = (data.ad_column, row);
        self.players[player].ad = Some(drawn.new_ad);
        self.draw_pending = false;
        self.adjust_markers(0b11111);
        self.next_turn(player, true, false);
        Ok(drawn)
    }

    /// The card a seeded draw gives: the only card left, else `rng.randrange(len(outcomes))`.
    pub fn sample_chance(&self, rng: &mut PyRandom) -> CoreResult<u8> {
        let count = self.chance_outcomes().count();
        if count == 0 {
            return Err(CoreError::IllegalMove("no headline card is to be drawn now".into()));
        }
        let k = if count == 1 { 0 } else { rng.below(count)? };
        self.chance_outcomes()
            .nth(k)
            .ok_or_else(|| CoreError::IllegalMove("no headline card is to be drawn now".into()))
    }

    /// Draw the pending card (if any) with [`Position::sample_chance`].
    pub fn resolve_chance(&mut self, rng: &mut PyRandom) -> CoreResult<Option<Drawn>> {
        if !self.draw_pending {
            return Ok(None);
        }
        let card = self.sample_chance(rng)?;
        self.apply_chance(card).map(Some)
    }
}
