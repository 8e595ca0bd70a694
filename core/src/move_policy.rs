//! The softmax bot as a playout policy: the Python `SoftmaxBot` (`engine/advisor/softmax_bot.py`),
//! decision for decision.
//!
//! A move policy scores each legal move of normal play by a linear function of the position after it
//! (a press judged before its card is drawn): the mover's value-model features and the most any rival
//! has of each varying one, with weights that change linearly between anchors of the game's progress
//! as the value model's do. The bot plays a move with chance proportional to `exp(score)`: it adds to
//! every move's score a Gumbel noise `-ln(-ln(u))`, `u = random()` drawn for every move in the engine's
//! order, and plays the largest (the Gumbel-max form of a softmax draw). Outside normal play the
//! heuristic bot it carries plays. The weights come from Python (a move-policy file), fitted to the
//! search's own choices (`benchmarks/training/distil_policy.py`).

use std::sync::Arc;

use crate::heuristic::HeuristicPolicy;
use crate::moves::Move;
use crate::policy::Policy;
use crate::position::{Phase, Position};
use crate::rng::PyRandom;
use crate::tables::MAXP;
use crate::value::{active_hats, all_features, progress, rivals_most, NFEATURES, NVARYING};

/// The weights of a move policy at one table size: for every anchor of progress, a weight for each of
/// the mover's features and for the most any rival has of each varying feature.
#[derive(Clone, Debug, PartialEq)]
pub struct MovePolicyModel {
    pub players: usize,
    pub anchors: Vec<f64>,
    pub own: Vec<[f64; NFEATURES]>,
    pub rivals: Vec<[f64; NVARYING]>,
}

impl MovePolicyModel {
    /// Checks the shape: a table of 2 to 5, at least two increasing finite anchors, a row of finite
    /// weights per anchor in both parts.
    pub fn new(players: usize, anchors: Vec<f64>, own: Vec<[f64; NFEATURES]>, rivals: Vec<[f64; NVARYING]>)
               -> Result<MovePolicyModel, String> {
        if !(2..=MAXP).contains(&players) {
            return Err(format!("a table of 2 to {MAXP} players, got {players}"));
        }
        if anchors.len() < 2 || anchors.iter().any(|a| !a.is_finite()) || anchors.windows(2).any(|w| w[1] <= w[0]) {
            return Err("anchors must be at least two increasing finite numbers".into());
        }
        if own.len() != anchors.len() || rivals.len() != anchors.len() {
            return Err(format!("own and rivals need {} rows each (one an anchor)", anchors.len()));
        }
        if own.iter().flatten().chain(rivals.iter().flatten()).any(|w| !w.is_finite()) {
            return Err("every weight must be a finite number".into());
        }
        Ok(MovePolicyModel { players, anchors, own, rivals })
    }

    /// The score of the position `after` a move for `me` (`MovePolicy.score`): `sum_a h[a] * (own[a] . x +
    /// rivals[a] . r)` over the anchors of non-zero weight, every sum made left to right as Python makes it.
    pub fn score(&self, after: &Position, me: usize) -> f64 {
        let feats = all_features(after);
        let rivals = rivals_most(&feats, after.n_players(), me);
        let x = &feats[me];
        let mut z = 0.0;
        for &(a, h) in active_hats(&self.anchors, progress(after)).iter() {
            let mut s = 0.0;
            for (w, &v) in self.own[a].iter().zip(x) {
                s += w * v as f64;
            }
            for (w, &v) in self.rivals[a].iter().zip(&rivals) {
                s += w * v as f64;
            }
            z += h * s;
        }
        z
    }
}

/// The Gumbel noise of a uniform draw `u` in `[0, 1)`: `-ln(-ln(u))`, `u` at least the smallest normal
/// double (so a draw of 0 gives a large negative noise, not an infinity).
pub fn gumbel(u: f64) -> f64 {
    -(-(u.max(f64::MIN_POSITIVE)).ln()).ln()
}

/// The softmax bot: its move policy and generator, and the heuristic bot of the final edition.
#[derive(Clone, Debug)]
pub struct SoftmaxPolicy {
    pub model: Arc<MovePolicyModel>,
    pub rng: PyRandom,
    pub fallback: HeuristicPolicy,
}

impl Policy for SoftmaxPolicy {
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
            let value = self.model.score(&after, me) + gumbel(self.rng.random());
            if value > best {
                (best_move, best) = (mv, value);
            }
        }
        best_move
    }
}
