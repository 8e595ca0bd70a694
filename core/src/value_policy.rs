//! The value bot as a playout policy: the Python `ValueBot` (`engine/advisor/value_bot.py`),
//! decision for decision.
//!
//! In normal play every legal move is tried on a copy of the position, and the move after which the
//! value model gives the player to move the best chance (plus `margin_weight` times its expected
//! margin; a press judged before its card is drawn) is played. A seeded noise, `uniform(0, noise)`
//! drawn for every move in the engine's order, makes playouts of one future differ a little. Outside
//! normal play the heuristic bot it carries plays. The model and the numbers come from Python.

use std::sync::Arc;

use crate::heuristic::HeuristicPolicy;
use crate::moves::Move;
use crate::policy::Policy;
use crate::position::{Phase, Position};
use crate::rng::PyRandom;
use crate::value::ValueModel;

/// The value bot: its model, tie-break, noise and generator, and the heuristic bot of the final edition.
#[derive(Clone, Debug)]
pub struct ValuePolicy {
    pub model: Arc<ValueModel>,
    pub margin_weight: f64,
    pub noise: f64,
    pub rng: PyRandom,
    pub fallback: HeuristicPolicy,
}

impl ValuePolicy {
    /// What a move of normal play is worth to `me` in the position `after` it (`value_after`; such a move
    /// never ends the game: a press that ends it starts the final edition).
    pub fn value_after(&self, after: &Position, me: usize) -> f64 {
        let (win, margin, _) = self.model.evaluate(after)[me];
        win + self.margin_weight * margin
    }
}

impl Policy for ValuePolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        if legal.len() == 1 {
            return legal[0];
        }
        if pos.phase != Phase::Normal {
            return self.fallback.choose(pos, legal);
        }
        let me = pos.current as usize;
        let (mut best_move, mut best) = (legal[0], f64::NEG_INFINITY);
        for &mv in legal {
            let mut after = *pos;
            after.apply(mv).expect("a legal move");
            let mut value = self.value_after(&after, me);
            if self.noise > 0.0 {
                value += self.rng.uniform(0.0, self.noise);
            }
            if value > best {
                (best_move, best) = (mv, value);
            }
        }
        best_move
    }
}
