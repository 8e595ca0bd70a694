//! The MCTS bot's own value of a position where a rollout stops (the Python
//! `engine/play/league/mcts_leaf.py`): every player's projected final circulation, and the reward
//! vector the tree backs up.
//!
//! In normal play player `i` is projected to finish with `end_i + keep * page_i + press_worth *
//! later_i` (the circulation if the game ended now, the page claimed now, the presses still to
//! make after it); in the final edition the rest is played out by
//! [`final_round`](super::final_round)'s rule. A finished game rewards the win share, a projection
//! `Phi(margin / sigma)`, each with a share `margin_weight` of the clamped margin.

use crate::policy::float_parameters;
use crate::position::{Phase, Position};
use crate::press::PressValuer;
use crate::scoring::end_scoring;
use crate::story::stories_of;
use crate::tables::MAXP;

use super::final_round::play_out;
use super::reading::presses_left;
use super::{phi, py_max, py_min};

float_parameters! {
    /// How a position where a rollout stops is valued (the Python `LeafSettings`, field by field in its
    /// order: `FIELDS`).
    pub struct LeafSettings {
        keep, press_worth, sigma_base, sigma_per_press, margin_weight, margin_scale,
    }
}

/// Every player's reward (one per player in `[..n]`).
pub type Rewards = [f64; MAXP];

/// Every player's projected final circulation in normal play, and the presses still to come (`projected`).
pub fn projected(pos: &Position, settings: &LeafSettings) -> (Rewards, i32) {
    let n = pos.n_players();
    let end = end_scoring(&pos.players[..n], &pos.bonus).circulation;
    let left: [i32; MAXP] = std::array::from_fn(|i| if i < n { presses_left(pos, i) } else { 0 });
    let fewest = left[..n].iter().copied().min().unwrap_or(0);
    let mut values = [0.0f64; MAXP];
    let mut to_come = 0;
    for i in 0..n {
        let page = PressValuer::for_player(pos, i).gain(stories_of(pos.claimable(i)));
        let presses = left[i].min(fewest + 1);
        to_come += presses;
        let later = (presses - (page > 0) as i32).max(0);
        values[i] = end[i] as f64 + settings.keep * page as f64 + settings.press_worth * later as f64;
    }
    (values, to_come)
}

fn margins(scores: &[f64]) -> Rewards {
    let mut out = [0.0f64; MAXP];
    for (i, &mine) in scores.iter().enumerate() {
        let mut best: Option<f64> = None;
        for (j, &x) in scores.iter().enumerate() {
            if j != i && best.is_none_or(|b| x > b) {
                best = Some(x);
            }
        }
        out[i] = mine - best.expect("another player");
    }
    out
}

/// Every player's reward in `[0, 1]` for a position where a rollout stops (`rewards`).
pub fn rewards(pos: &Position, settings: &LeafSettings) -> Rewards {
    let n = pos.n_players();
    let (w, scale) = (settings.margin_weight, settings.margin_scale);
    let played;
    let pos = if !pos.is_over() && pos.phase != Phase::Normal && !pos.draw_pending {
        played = play_out(pos);
        &played
    } else {
        pos
    };
    let mut scores = [0.0f64; MAXP];
    let mut shares = [0.0f64; MAXP];
    if pos.is_over() {
        let winners = pos.winners();
        for i in 0..n {
            scores[i] = pos.players[i].circulation as f64;
            if winners & (1 << i) != 0 {
                shares[i] = 1.0 / winners.count_ones() as f64;
            }
        }
    } else {
        let (projection, to_come) = projected(pos, settings);
        scores = projection;
        let sigma = settings.sigma_base + settings.sigma_per_press * (to_come as f64).sqrt();
        let m = margins(&scores[..n]);
        for i in 0..n {
            shares[i] = phi(m[i] / sigma);
        }
    }
    let m = margins(&scores[..n]);
    let mut out = [0.0f64; MAXP];
    for i in 0..n {
        out[i] = (1.0 - w) * shares[i] + w * (0.5 + 0.5 * py_max(-1.0, py_min(1.0, m[i] / scale)));
    }
    out
}
