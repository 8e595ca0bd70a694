//! The value model: every newspaper's chance to win read off a public position (the Python
//! `engine/advisor/value.py`, feature for feature and float for float).
//!
//! [`all_features`] reads small whole numbers off the position for every newspaper in one pass (the
//! order of [`FEATURES`]; [`player_features`] for one); [`ValueModel::evaluate`] turns them into a softmax over the newspapers whose
//! weights change with the game's [`progress`] (linear between anchors), and a linear prediction
//! of each newspaper's final circulation. The weights come from Python (`value_model.json`), so
//! nothing here is fitted or typed twice; the floating-point operations are the Python module's,
//! in its order, so both engines give the same doubles (`tests/core/test_core_value.py`).

use crate::position::{Position, MAX_ON_BOARD};
use crate::press::{Codes, PressValuer};
use crate::small::FixedList;
use crate::story::{stories_of, Story};
use crate::tables::{final_edition_presses, scoop_value, MAXP, MAX_CLAIMED_STORIES, NBEATS};
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

/// The end bonuses a newspaper with these stars per beat would get, `most` being the most stars any
/// newspaper has in each beat (`_bonuses`: a bonus to everyone with the most, none while nobody has any).
fn bonuses(mine: &[u8; NBEATS], most: &[u8; NBEATS], bonus: &[u8; NBEATS]) -> i32 {
    let mut got = 0;
    for b in 0..NBEATS {
        if most[b] > 0 && mine[b] == most[b] {
            got += bonus[b] as i32;
        }
    }
    got
}

/// The features of `player` (normal play), as `player_features`.
pub fn player_features(pos: &Position, player: usize) -> Features {
    all_features(pos)[player]
}

/// What every newspaper's features read alike: the beat values, the stars each has published per
/// beat, and the stories on the board with their reporters -- read once per position.
struct Shared {
    values: [u8; NBEATS],
    stars: [[u8; NBEATS]; MAXP],
    /// The most stars a newspaper has published in each beat.
    most: [u8; NBEATS],
    /// Each story on the board: its reporters, the most any newspaper has there, how many newspapers
    /// have that many, and the second most.
    board: FixedList<OnBoard, MAX_ON_BOARD>,
}

#[derive(Clone, Copy, Default)]
struct OnBoard {
    story: Story,
    reporters: [u8; MAXP],
    top: u8,
    at_top: u8,
    second: u8,
}

impl OnBoard {
    fn new(story: Story, reporters: [u8; MAXP], n: usize) -> OnBoard {
        let (mut top, mut at_top, mut second) = (0u8, 0u8, 0u8);
        for &r in &reporters[..n] {
            if r > top {
                (second, top, at_top) = (top, r, 1);
            } else if r == top {
                at_top += 1;
            } else if r > second {
                second = r;
            }
        }
        OnBoard { story, reporters, top, at_top, second }
    }

    /// The most reporters a newspaper other than `player` has here.
    fn top_other(&self, player: usize) -> u8 {
        if self.reporters[player] == self.top && self.at_top == 1 {
            self.second
        } else {
            self.top
        }
    }
}

/// Every newspaper's features (the first `n` of the array), as `position_features`.
pub fn all_features(pos: &Position) -> [Features; MAXP] {
    let n = pos.n_players();
    let mut stars = [[0u8; NBEATS]; MAXP];
    for (row, p) in stars.iter_mut().zip(&pos.players).take(n) {
        for s in p.published.iter() {
            row[s.beat() as usize] += s.stars();
        }
    }
    let mut most = [0u8; NBEATS];
    for row in &stars[..n] {
        for (m, &s) in most.iter_mut().zip(row) {
            *m = (*m).max(s);
        }
    }
    let mut board = FixedList::new();
    for story in stories_of(pos.on_board) {
        board.push(OnBoard::new(story, pos.reporters[story.id()], n));
    }
    let shared = Shared { values: pos.beat_values(), stars, most, board };
    let mut out = [[0i32; NFEATURES]; MAXP];
    for (p, f) in out.iter_mut().enumerate().take(n) {
        *f = features_of(pos, &shared, p);
    }
    out
}

/// One newspaper's features. The page gains go by the stories' item codes
/// ([`PressValuer::code`]): a press of the stories it can claim plus (or minus) one story.
fn features_of(pos: &Position, shared: &Shared, player: usize) -> Features {
    let n = pos.n_players();
    let me = &pos.players[player];
    let valuer = PressValuer::new(shared.values, me.ad);
    let (mut claim, mut codes) = (0u64, Codes::new());
    let (mut on_board, mut outnumbered, mut scoops_in, mut scoops_out, mut tied) = (0u8, 0i32, 0i32, 0i32, 0i32);
    for b in shared.board.iter() {
        let (story, r) = (b.story, b.reporters);
        let mine = r[player];
        if mine == 0 {
            continue;
        }
        on_board += mine;
        let top = b.top_other(player);
        let scoop = scoop_value(pos.markers[story.beat() as usize]) as i32;
        if mine < top {
            outnumbered += mine as i32;
            scoops_in += scoop;
        } else {
            claim |= story.bit();
            assert!(codes.try_push(valuer.code(story)), "a press of more than {MAX_CLAIMED_STORIES} stories");
            scoops_out += scoop * (0..n).filter(|&q| q != player && r[q] > 0).count() as i32;
            tied += (0..n).any(|q| q != player && r[q] == mine) as i32;
        }
    }
    let page = valuer.gain_of_codes(&codes);
    // reach: the best page after sending reporters from home to one more story (enough to claim it);
    // stories of one item code give one page, so each code is weighed once
    let mut reach = page;
    if me.home > 0 {
        let mut seen = 0u64;
        for b in shared.board.iter() {
            let story = b.story;
            let mine = b.reporters[player];
            let top = b.top_other(player);
            if mine > 0 && mine >= top {
                continue;
            }
            let need = (top - mine.min(top)).max(1);
            let code = valuer.code(story);
            if need <= me.home && seen & 1 << (code - 1) == 0 {
                seen |= 1 << (code - 1);
                let mut more = codes;
                assert!(more.try_push(code), "a press of more than {MAX_CLAIMED_STORIES} stories");
                reach = reach.max(valuer.gain_of_codes(&more));
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
    let (mut claimed, mut most_claimed) = (shared.stars[player], shared.most);
    for story in stories_of(claim) {
        let b = story.beat() as usize;
        claimed[b] += story.stars();
        most_claimed[b] = most_claimed[b].max(claimed[b]);
    }
    let (before, count) = acting_before(pos, player);
    let mut threatened = 0;
    for (k, story) in stories_of(claim).enumerate() {
        let r = &pos.reporters[story.id()];
        let mine = r[player];
        let taken = (0..n).filter(|&q| before & (1 << q) != 0).any(|q| {
            r[q] == mine || pos.players[q].home as i32 >= (mine as i32 - r[q] as i32 + 1).max(1)
        });
        if taken {
            let mut rest = Codes::new();
            for (j, &c) in codes.iter().enumerate() {
                if j != k {
                    rest.push(c);
                }
            }
            threatened += page - valuer.gain_of_codes(&rest);
        }
    }
    let order = if player == pos.current as usize { 0 } else { count as i32 };
    [
        me.circulation as i32,
        page,
        reach,
        left,
        before_end,
        bonuses(&shared.stars[player], &shared.most, &pos.bonus),
        bonuses(&claimed, &most_claimed, &pos.bonus),
        me.published.len() as i32,
        on_board as i32,
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

/// The features that vary (all but the constant `one`, the last): a network's inputs.
pub const NVARYING: usize = NFEATURES - 1;

/// A newspaper's win score that is not linear in its features (the Python `Network`):
/// `z = out . tanh(u W + bias) + linear . own`, with `own` its varying features standardised, `u` being
/// `own`, the most any rival has of each standardised, then the anchors' hats. Every sum is made left to
/// right as the Python module makes it, and `tanh` is the C library's on both sides.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Network {
    pub mean: [f64; NVARYING],
    pub spread: [f64; NVARYING],
    pub rival_mean: [f64; NVARYING],
    pub rival_spread: [f64; NVARYING],
    /// `weights[i][j]`: input `i` to hidden unit `j`.
    pub weights: Vec<Vec<f64>>,
    pub bias: Vec<f64>,
    pub out: Vec<f64>,
    pub linear: [f64; NVARYING],
}

impl Network {
    /// The win score of a newspaper with features `x` whose rivals have at most `rivals`, `hats` being
    /// every anchor's weight (zeros too).
    fn score(&self, hats: &[f64], x: &Features, rivals: &[i32; NVARYING]) -> f64 {
        let mut u = Vec::with_capacity(2 * NVARYING + hats.len());
        u.extend(x[..NVARYING].iter().zip(self.mean.iter().zip(&self.spread)).map(|(&v, (m, d))| (v as f64 - m) / d));
        u.extend(rivals.iter().zip(self.rival_mean.iter().zip(&self.rival_spread)).map(|(&v, (m, d))| (v as f64 - m) / d));
        u.extend_from_slice(hats);
        let mut z = 0.0;
        for (j, (&b, &o)) in self.bias.iter().zip(&self.out).enumerate() {
            let mut s = b;
            for (i, &v) in u.iter().enumerate() {
                s += v * self.weights[i][j];
            }
            z += o * s.tanh();
        }
        for (w, v) in self.linear.iter().zip(&u) {
            z += w * v;
        }
        z
    }

    /// Checks the shape: `hidden` units of finite weights, spreads above 0, a row per input.
    fn check(&self, anchors: usize) -> Result<(), String> {
        let hidden = self.bias.len();
        let finite = |v: &[f64]| v.iter().all(|w| w.is_finite());
        if hidden == 0 || self.out.len() != hidden || !finite(&self.bias) || !finite(&self.out) || !finite(&self.linear)
            || !finite(&self.mean) || !finite(&self.rival_mean)
        {
            return Err("a network needs at least one hidden unit and finite weights".into());
        }
        if self.spread.iter().chain(&self.rival_spread).any(|&d| !(d > 0.0 && d.is_finite())) {
            return Err("a network's spreads must be finite and above 0".into());
        }
        if self.weights.len() != 2 * NVARYING + anchors || self.weights.iter().any(|r| r.len() != hidden || !finite(r)) {
            return Err(format!("a network needs {} rows (its inputs) of {hidden} finite weights", 2 * NVARYING + anchors));
        }
        Ok(())
    }
}

/// The most any newspaper but `player` has of each varying feature.
pub fn rivals_most(feats: &[Features; MAXP], n: usize, player: usize) -> [i32; NVARYING] {
    let mut most = [i32::MIN; NVARYING];
    for (q, f) in feats.iter().enumerate().take(n) {
        if q != player {
            for (m, &v) in most.iter_mut().zip(f) {
                *m = (*m).max(v);
            }
        }
    }
    most
}

/// The weights of one player count: a row per anchor; with a `network`, the win scores are the network's.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayerCountModel {
    pub win: Vec<[f64; NFEATURES]>,
    pub score: Vec<[f64; NFEATURES]>,
    pub network: Option<Network>,
}

/// The model: anchors of progress and the weights of each player count (2 to 5).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ValueModel {
    pub anchors: Vec<f64>,
    pub models: [PlayerCountModel; MAXP + 1],
}

/// The win and score parts of one newspaper, `sum_a h[a] * sum_k weights[a][k] * x[k]` for each, the
/// anchors of weight 0 left out (`active`: at most two, in anchor order). Every sum is made left to
/// right as the Python module makes it; the four sums run side by side, which changes no double.
fn linear(active: &FixedList<(usize, f64), 2>, model: &PlayerCountModel, x: &Features) -> (f64, f64) {
    let mut sums = [[0.0f64; 2]; 2];
    for (k, &v) in x.iter().enumerate() {
        let v = v as f64;
        for (j, &(a, _)) in active.iter().enumerate() {
            sums[j][0] += model.win[a][k] * v;
            sums[j][1] += model.score[a][k] * v;
        }
    }
    let (mut win, mut score) = (0.0, 0.0);
    for (j, &(_, ha)) in active.iter().enumerate() {
        win += ha * sums[j][0];
        score += ha * sums[j][1];
    }
    (win, score)
}

/// The anchors of non-zero weight at progress `t`, with their weights, in anchor order: the first
/// before it begins, the last after it ends, else the two around `t`, linear between them (a weight
/// of 0 left out) -- `ValueModel.hats`, and the move policy's (`crate::move_policy`).
pub fn active_hats(a: &[f64], t: f64) -> FixedList<(usize, f64), 2> {
    let last = a.len() - 1;
    let mut out = FixedList::new();
    if t <= a[0] {
        out.push((0, 1.0));
    } else if t >= a[last] {
        out.push((last, 1.0));
    } else if let Some(i) = (0..last).find(|&i| a[i] <= t && t < a[i + 1]) {
        let right = (t - a[i]) / (a[i + 1] - a[i]);
        for (k, h) in [(i, 1.0 - right), (i + 1, right)] {
            if h != 0.0 {
                out.push((k, h));
            }
        }
    }
    out
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
            if let Some(net) = &m.network {
                net.check(anchors.len()).map_err(|e| format!("{n}-player network: {e}"))?;
            }
        }
        Ok(ValueModel { anchors, models })
    }

    /// The weight of each anchor at progress `t` (`ValueModel.hats`): 0 but for the (at most two)
    /// [`active_hats`](Self::active_hats).
    pub fn hats(&self, t: f64) -> Vec<f64> {
        let mut out = vec![0.0; self.anchors.len()];
        for &(a, h) in self.active_hats(t).iter() {
            out[a] = h;
        }
        out
    }

    /// [`active_hats`] of the model's anchors.
    fn active_hats(&self, t: f64) -> FixedList<(usize, f64), 2> {
        active_hats(&self.anchors, t)
    }

    /// Every newspaper's estimate in `pos` (normal play, no card to draw), the first `n` of the array.
    pub fn evaluate(&self, pos: &Position) -> [Estimate; MAXP] {
        let n = pos.n_players();
        let model = &self.models[n];
        let active = self.active_hats(progress(pos));
        let feats = all_features(pos);
        let mut z = [0.0f64; MAXP];
        let mut scores = [0.0f64; MAXP];
        for p in 0..n {
            (z[p], scores[p]) = linear(&active, model, &feats[p]);
        }
        if let Some(net) = &model.network {
            let hats = self.hats(progress(pos));
            for p in 0..n {
                z[p] = net.score(&hats, &feats[p], &rivals_most(&feats, n, p));
            }
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
