//! Playout policies: who chooses the move at a decision node.
//!
//! A [`Policy`] gets the position and its legal moves (in the engine's order)
//! and returns one of them. To be decision-identical to a Python bot, a policy
//! must draw from its own [`PyRandom`] seeded as the bot's `random.Random` is,
//! exactly when and as the bot draws. [`RandomPolicy`] is the Python
//! `RandomBot` (`engine/play/bots.py`); the greedy and heuristic bots come next
//! (see `core/README.md`, "Adding a policy").

use crate::moves::{Move, MOVE_KINDS};
use crate::position::Position;
use crate::rng::PyRandom;

pub trait Policy {
    /// One of `legal` (never empty at a decision node) for the player to move in `pos`.
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move;
}

/// The Python `RandomBot`: a kind of move (assign, recall, reassign, press, ...) uniformly
/// among the kinds present, in the order they first appear, then a move of that kind uniformly.
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    pub rng: PyRandom,
}

impl RandomPolicy {
    /// Seeded like `RandomBot(seed)`.
    pub fn new(seed: u64) -> RandomPolicy {
        RandomPolicy { rng: PyRandom::from_u64(seed) }
    }
}

impl Policy for RandomPolicy {
    fn choose(&mut self, _pos: &Position, legal: &[Move]) -> Move {
        let mut kinds = [0usize; MOVE_KINDS];
        let mut count = [0usize; MOVE_KINDS];
        let mut present = 0;
        for mv in legal {
            let k = mv.kind();
            if count[k] == 0 {
                kinds[present] = k;
                present += 1;
            }
            count[k] += 1;
        }
        let kind = *self.rng.choice(&kinds[..present]).unwrap_or(&0);
        let nth = self.rng.below(count[kind]).unwrap_or(0);
        legal.iter().filter(|m| m.kind() == kind).nth(nth).copied().unwrap_or(Move::Decline)
    }
}
