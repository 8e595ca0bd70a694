//! The value model: every newspaper's chance to win read off a public position (the Python
//! `engine/advisor/value.py`, feature for feature and float for float).
//!
//! [`player_features`] reads small whole numbers off the position for one newspaper (the order of
//! [`FEATURES`]); [`ValueModel::evaluate`] turns them into a softmax over the newspapers whose
//! weights change with the game's [`progress`] (linear between anchors), and a linear prediction
//! of each newspaper's final circulation. The weights come from Python (`value_model.json`), so
//! nothing here is fitted or typed twice; the floating-point operations are the Python module's,
//! in its order, so both engines give the same doubles (`tests/core/test_core_value.py`).

use crate::press::PressValuer;
use crate::position::Position;
use crate::story::stories_of;
use crate::tables::{final_edition_presses, scoop_value, MAXP, NBEATS};
use crate::turns::next_seat;

/// The features of one newspaper, in the order of the weights.
pub const FEATURES: [&str; 17] = [
    "circulation",
    "page",
    "reach",
    "presses_left",
    "presses_before_end",
    "bonus",
    "bonus_claimed",
    "published",
    "on_board",
    "outnumbered",
    "scoops_in",
    "scoops_out",
    "tied",
    "threatened",
    "order",
    "done",
    "one",
];

/// How many features a newspaper has.
pub const NFEATURES: usize = FEATURES.len();

/// One newspaper's features.
pub type Features = [i32; NFEATURES];

/// `(chance to win, expected margin to the best opponent, expected final circulation)`.
pub type Estimate = (f64, f64, f64);

/// The other players who act before `player`'s next turn in normal play, each once, in order
/// (`acting_before`), as a bit mask and a count.
pub fn acting_before(pos: &Position, player: usize) -> (u8, usize) {
    let n = pos.n_players();
    let in_a_row = pos.turns_in_a_row();
    let (mut seat, mut left) = (pos.current as usize, pos.turns_left);
    let mut mask = 0u8;
    if seat != player {
        mask |= 1 << seat;
    }
    for _ in 0..2 * n {
        (seat, left) = next_seat(n, seat, left, in_a_row);
        if seat == player {
            break;
        }
        mask |= 1 << seat;
    }
    (mask, mask.count_ones() as usize)
}

/// How far the game has gone (`progress`): presses made against `players * (presses to the final
/// edition - 1) + 1`, at most 1.
pub fn progress(pos: &Position) -> f64 {
    let n = pos.n_players();
    let made: u32 = pos.players[..n].iter().map(|p| p.pennies as u32).sum();
    let lasts = n as u32 * (final_edition_presses(n as u8) as u32 - 1) + 1;
    let t = made as f64 / lasts as f64;
    if t < 1.0 {
        t
    } else {
        1.0
    }
}

/// The end bonuses `player` would get with these stars per player and beat.
fn bonuses(stars: &[[u8; NBEATS]], bonus: &[u8; NBEATS], player: usize) -> i32 {
    let mut got = 0;
    for b in 0..NBEATS {
        let most = stars.iter().map(|s| s[b]).max().unwrap_or(0);
        if most > 0 && stars[player][b] == most {
            got += bonus[b] as i32;
        }
    }
    got
}

/// The features of `player` (normal play), as `player_features`.
pub fn player_features(pos: &Position, player: usize) -> Features {
    let n = pos.n_players();
    let me = &pos.players[player];
    let valuer = PressValuer::for_player(pos, player);
    let claim = pos.claimable(player);
    let page = valuer.gain(stories_of(claim));
    let mut reach = page;
    if me.home > 0 {
        for story in pos.stories_in_play() {
            let r = &pos.reporters[story.id()];
            let mine = r[player];
            let top = (0..n).filter(|&q| q != player).map(|q| r[q]).max().unwrap_or(0);
            if mine > 0 && mine >= top {
                continue;
            }
            let need = (top - mine.min(top)).max(1);
            if need <= me.home {
                reach = reach.max(valuer.gain(stories_of(claim | story.bit())));
            }
        }
    }
    let presses = final_edition_presses(n as u8) as i32;
    let left = if me.done { 0 } else { presses - me.pennies as i32 };
    let others = (0..n).filter(|&q| q != player && !pos.players[q].done).map(|q| presses - pos.players[q].pennies as i32).min();
    let before_end = match (me.done, others) {
        (true, _) => 0,
        (false, Some(o)) => left.min(1 + o),
        (false, None) => left,
    };
    let mut stars = [[0u8; NBEATS]; MAXP];
    for (row, p) in stars.iter_mut().zip(&pos.players).take(n) {
        for (b, s) in row.iter_mut().enumerate() {
            *s = p.stars(b as u8);
        }
    }
    let mut claimed = stars;
    for story in stories_of(claim) {
        claimed[player][story.beat() as usize] += story.stars();
    }
    let (mut outnumbered, mut scoops_in, mut scoops_out, mut tied) = (0i32, 0i32, 0i32, 0i32);
    for story in stories_of(pos.on_board) {
        let r = &pos.reporters[story.id()];
        let mine = r[player];
        if mine == 0 {
            continue;
        }
        let top = r[..n].iter().copied().max().unwrap_or(0);
        let scoop = scoop_value(pos.markers[story.beat() as usize]) as i32;
        if mine < top {
            outnumbered += mine as i32;
            scoops_in += scoop;
        } else {
            scoops_out += scoop * (0..n).filter(|&q| q != player && r[q] > 0).count() as i32;
            tied += (0..n).any(|q| q != player && r[q] == mine) as i32;
        }
    }
    let (before, count) = acting_before(pos, player);
    let mut threatened = 0;
    for story in stories_of(claim) {
        let r = &pos.reporters[story.id()];
        let mine = r[player];
        let taken = (0..n).filter(|&q| before & (1 << q) != 0).any(|q| {
            r[q] == mine || pos.players[q].home as i32 >= (mine as i32 - r[q] as i32 + 1).max(1)
        });
        if taken {
            threatened += page - valuer.gain(stories_of(claim & !story.bit()));
        }
    }
    let order = if player == pos.current as usize { 0 } else { count as i32 };
    [
        me.circulation as i32,
        page,
        reach,
        left,
        before_end,
        bonuses(&stars[..n], &pos.bonus, player),
        bonuses(&claimed[..n], &pos.bonus, player),
        me.published.len() as i32,
        pos.on_board_of(player) as i32,
        outnumbered,
        scoops_in,
        scoops_out,
        tied,
        threatened,
        order,
        me.done as i32,
        1,
    ]
}

/// The weights of one player count: a row per anchor.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayerCountModel {
    pub win: Vec<[f64; NFEATURES]>,
    pub score: Vec<[f64; NFEATURES]>,
}

/// The model: anchors of progress and the weights of each player count (2 to 5).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ValueModel {
    pub anchors: Vec<f64>,
    pub models: [PlayerCountModel; MAXP + 1],
}

/// `sum_a h[a] * sum_k weights[a][k] * x[k]`, left to right, anchors of weight 0 skipped.
fn linear(h: &[f64], weights: &[[f64; NFEATURES]], x: &Features) -> f64 {
    let mut z = 0.0;
    for (a, &ha) in h.iter().enumerate() {
        if ha == 0.0 {
            continue;
        }
        let mut s = 0.0;
        for (w, &v) in weights[a].iter().zip(x.iter()) {
            s += w * v as f64;
        }
        z += ha * s;
    }
    z
}

impl ValueModel {
    /// Checks the shape: at least two increasing anchors, and for every player count 2-5 a row of
    /// [`NFEATURES`] finite weights per anchor in both parts.
    pub fn new(anchors: Vec<f64>, models: [PlayerCountModel; MAXP + 1]) -> Result<ValueModel, String> {
        if anchors.len() < 2 || anchors.windows(2).any(|w| w[1] <= w[0] || w[1].is_nan()) || anchors.iter().any(|a| !a.is_finite()) {
            return Err("anchors must be at least two increasing finite numbers".into());
        }
        for (n, m) in models.iter().enumerate().skip(2) {
            for (part, rows) in [("win", &m.win), ("score", &m.score)] {
                if rows.len() != anchors.len() || rows.iter().any(|r| r.iter().any(|w| !w.is_finite())) {
                    return Err(format!("{n}-player {part} weights must be {} rows of finite numbers", anchors.len()));
                }
            }
        }
        Ok(ValueModel { anchors, models })
    }

    /// The weight of each anchor at progress `t` (`ValueModel.hats`).
    pub fn hats(&self, t: f64) -> Vec<f64> {
        let a = &self.anchors;
        let mut out = vec![0.0; a.len()];
        if t <= a[0] {
            out[0] = 1.0;
            return out;
        }
        if t >= a[a.len() - 1] {
            out[a.len() - 1] = 1.0;
            return out;
        }
        for i in 0..a.len() - 1 {
            if a[i] <= t && t < a[i + 1] {
                let right = (t - a[i]) / (a[i + 1] - a[i]);
                out[i] = 1.0 - right;
                out[i + 1] = right;
                return out;
            }
        }
        out
    }

    /// Every newspaper's estimate in `pos` (normal play, no card to draw), the first `n` of the array.
    pub fn evaluate(&self, pos: &Position) -> [Estimate; MAXP] {
        let n = pos.n_players();
        let model = &self.models[n];
        let h = self.hats(progress(pos));
        let mut feats = [[0i32; NFEATURES]; MAXP];
        for (p, f) in feats.iter_mut().enumerate().take(n) {
            *f = player_features(pos, p);
        }
        let mut z = [0.0f64; MAXP];
        let mut scores = [0.0f64; MAXP];
        for p in 0..n {
            z[p] = linear(&h, &model.win, &feats[p]);
            scores[p] = linear(&h, &model.score, &feats[p]);
        }
        let top = z[..n].iter().copied().fold(f64::NEG_INFINITY, |m, v| if v > m { v } else { m });
        let mut e = [0.0f64; MAXP];
        let mut total = 0.0;
        for p in 0..n {
            e[p] = (z[p] - top).exp();
            total += e[p];
        }
        let mut out = [(0.0, 0.0, 0.0); MAXP];
        for p in 0..n {
            let best_other = (0..n)
                .filter(|&q| q != p)
                .map(|q| scores[q])
                .fold(f64::NEG_INFINITY, |m, v| if v > m { v } else { m });
            out[p] = (e[p] / total, scores[p] - best_other, scores[p]);
        }
        out
    }
}
