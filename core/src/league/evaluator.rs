//! The evaluator as a policy: the Python `EvaluatorBot` (`engine/play/league/evaluator.py`),
//! decision for decision.
//!
//! It tries every legal move on a copy of the position and scores the position each leaves by a
//! static projection of every player's final circulation: circulation so far; the pending page
//! less what the threat model expects the players acting earlier to take; later presses on a
//! clock; expected scoops; the end-bonus race. From the final edition on, the end is played out
//! by [`final_round`](super::final_round)'s rule. The move is the first with the best win-chance
//! proxy `Phi(margin / sigma) + margin_weight * margin`; a move that does not press costs the
//! waiting cost, which grows with its repetition memory (how often it was to move in this very
//! position) and with its turns since its last press -- the same memory, kept the same way.
//!
//! Everything is computed as Python computes it: the same candidates in the same order, the same
//! float operations in the same order (see [`super`]); nothing here is tuned, the weights come
//! from Python ([`EvaluatorWeights`] mirrors the dataclass).

use std::collections::HashMap;

use crate::moves::Move;
use crate::policy::{float_parameters, FastHash, Policy};
use crate::position::{Phase, Position};
use crate::press::PressValuer;
use crate::small::FixedList;
use crate::story::Story;
use crate::tables::{scoop_value, BONUS_MAX, MAXP, NBEATS, REPORTERS};

use super::final_round::final_scores;
use super::reading::{acting_order, acts_before, bonus_rates, presses_left, reporters_to_take, Claim};
use super::{phi, py_max, py_min};

/// A player claims at most one story per reporter (`MAX_CLAIM`).
const MAX_CLAIM: usize = REPORTERS as usize;

float_parameters! {
    /// The evaluator's parameters: the Python `EvaluatorWeights` dataclass, field by field in its order
    /// (`FIELDS`; `idle_turns` is a whole number there, held as a float here).
    pub struct EvaluatorWeights {
        pace, per_turn, page_cap, later, press_floor, press_span, press_max, take_max, take_mid, take_slope,
        reporter_cost, scoop_realised, future_stars, race_base, race_per_press, sigma_base, sigma_per_press,
        margin_weight, tempo, repeat, idle, idle_turns,
    }
}

/// What the evaluator projects for one position, for the player it plays for: the margin over the
/// best opponent and the spread of the win proxy (`Projection.margin`, `.sigma`).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Projection {
    pub margin: f64,
    pub sigma: f64,
}

fn sigmoid(x: f64) -> f64 {
    if x > -60.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        0.0
    }
}

/// The Python `EvaluatorBot` as a policy: its weights and its memory (the positions it was to move
/// in, its turns since its last press, the unseen cards' bonus rates while they stay the same).
#[derive(Clone, Debug)]
pub struct EvaluatorPolicy {
    pub weights: EvaluatorWeights,
    visits: HashMap<Vec<u8>, u32, FastHash>,
    pennies: i32,
    idle: u32,
    rates: Option<(u64, [f64; NBEATS])>,
}

impl EvaluatorPolicy {
    /// `EvaluatorBot(seed, weights)` (the bot draws nothing: the seed does not matter).
    pub fn new(weights: EvaluatorWeights) -> EvaluatorPolicy {
        EvaluatorPolicy { weights, visits: HashMap::default(), pennies: -1, idle: 0, rates: None }
    }

    /// Every legal move (in the engine's order) with the score of the position it leaves; a move
    /// that does not press in normal play costs `waiting` points of margin (`evaluate`).
    pub fn evaluate(&mut self, pos: &Position, legal: &[Move], waiting: f64) -> Vec<(Move, f64)> {
        legal.iter().map(|&mv| (mv, self.score_move(pos, mv, waiting))).collect()
    }

    fn score_move(&mut self, pos: &Position, mv: Move, waiting: f64) -> f64 {
        let me = pos.current as usize;
        let mut after = *pos;
        after.apply(mv).expect("a legal move");
        let projection = self.project(&after, me);
        let mut margin = projection.margin;
        if pos.phase == Phase::Normal && mv != Move::Press {
            margin -= waiting;
        }
        self.chance(margin, projection.sigma)
    }

    /// What a move that does not press costs now: the tempo, plus `repeat` for each earlier time in
    /// this position, plus `idle` for each of its turns beyond `idle_turns` since its last press
    /// (`_waiting_cost`; it counts this visit).
    pub fn waiting_cost(&mut self, pos: &Position) -> f64 {
        let w = &self.weights;
        if pos.phase != Phase::Normal {
            return w.tempo;
        }
        let pennies = pos.players[pos.current as usize].pennies as i32;
        if pennies != self.pennies {
            (self.pennies, self.idle) = (pennies, 0);
        } else {
            self.idle += 1;
        }
        let count = self.visits.entry(pos.repetition_key()).or_insert(0);
        let seen = *count;
        *count += 1;
        let over = self.idle as f64 - w.idle_turns;
        w.tempo + w.repeat * seen as f64 + w.idle * if over > 0.0 { over } else { 0.0 }
    }

    /// The win-chance proxy of a projected margin: `Phi(margin / sigma) + margin_weight * margin`.
    pub fn chance(&self, margin: f64, sigma: f64) -> f64 {
        phi(margin / sigma) + self.weights.margin_weight * margin
    }

    /// `me`'s projected margin in `pos` and the proxy's spread (`project`).
    pub fn project(&mut self, pos: &Position, me: usize) -> Projection {
        if pos.phase != Phase::Normal {
            let (scores, _) = final_scores(pos);
            let mut finals = [0.0f64; MAXP];
            for (f, &s) in finals.iter_mut().zip(scores.iter()) {
                *f = s as f64;
            }
            return score(&finals[..pos.n_players()], me, self.weights.sigma_base);
        }
        self.project_normal(pos, me)
    }

    /// `bonus_rates` of the unseen cards, kept while they stay the same (`_rates`).
    fn rates(&mut self, pos: &Position) -> [f64; NBEATS] {
        match self.rates {
            Some((key, rates)) if key == pos.unseen => rates,
            _ => {
                let rates = bonus_rates(pos);
                self.rates = Some((pos.unseen, rates));
                rates
            }
        }
    }

    fn project_normal(&mut self, pos: &Position, me: usize) -> Projection {
        let w = self.weights;
        let n = pos.n_players();
        let values = pos.beat_values();
        let scoops: [u8; NBEATS] = pos.markers.map(scoop_value);
        let valuers: [PressValuer; MAXP] = std::array::from_fn(|i| PressValuer::new(values, pos.players[i].ad));
        let mut claims = [Claim::new(); MAXP];
        // outnumbered: (story, its claimers as a bit per player)
        let mut behind = [FixedList::<(Story, u8), { REPORTERS as usize }>::new(); MAXP];
        for &story in pos.stories_as_entered() {
            let r = &pos.reporters[story.id()];
            let top = r[..n].iter().copied().max().unwrap_or(0);
            if top == 0 {
                continue;
            }
            let claimers = (0..n).filter(|&i| r[i] == top).fold(0u8, |m, i| m | 1 << i);
            for i in 0..n {
                if r[i] == top {
                    claims[i].push(story);
                } else if r[i] != 0 {
                    behind[i].push((story, claimers));
                }
            }
        }
        let mut gains = [0i32; MAXP];
        let mut propensity = [0.0f64; MAXP];
        let mut left = [0i32; MAXP];
        for i in 0..n {
            gains[i] = valuers[i].gain(claims[i].iter().copied());
            propensity[i] = py_min(w.press_max, py_max(0.0, (gains[i] as f64 - w.press_floor) / w.press_span));
            left[i] = presses_left(pos, i);
        }
        let fewest = left[..n].iter().copied().min().unwrap_or(0);
        let presses: [i32; MAXP] = left.map(|x| x.min(fewest + 1));
        let order = acting_order(pos);
        let deny = if n == 2 { 1.0 } else { 1.0 / (n - 1) as f64 };

        let mut kept_share = [1.0f64; MAXP];
        let mut nets = [0.0f64; MAXP];
        // per player: circulation, page, presses, scoops, bonus (the Python `parts`, in its order)
        let mut parts = [[0.0f64; 5]; MAXP];
        for i in 0..n {
            parts[i][0] = pos.players[i].circulation as f64;
            let g = gains[i];
            let (mut loss, mut scoop_in) = (0.0f64, 0.0f64);
            let claim = claims[i].as_slice();
            if !claim.is_empty() && g > 0 {
                let mut marginal = [0i32; MAX_CLAIM];
                if claim.len() > 1 {
                    for (k, &s) in claim.iter().enumerate() {
                        marginal[k] = g - valuers[i].gain(claim.iter().copied().filter(|&t| t != s));
                    }
                } else {
                    marginal[0] = g;
                }
                let mut survive = 1.0f64; // the chance the page is still whole when the next rival acts
                for &o in acts_before(order.as_slice(), i) {
                    let o = o as usize;
                    let (mut best, mut best_scoop, mut best_q) = (0.0f64, 0.0f64, 0.0f64);
                    for (k, &s) in claim.iter().enumerate() {
                        let worth = py_max(0.0, marginal[k] as f64);
                        if worth == 0.0 {
                            continue;
                        }
                        let r = &pos.reporters[s.id()];
                        let (q, back);
                        if r[o] == r[i] {
                            q = propensity[o];
                            back = scoops[s.beat() as usize] as f64;
                        } else {
                            let Some(k) = reporters_to_take(pos, o, s, i, false) else { continue };
                            let extra = if claims[o].len() >= MAX_CLAIM {
                                0
                            } else {
                                valuers[o].gain(claims[o].iter().copied().chain(std::iter::once(s))) - gains[o]
                            };
                            let pay = extra as f64 + deny * worth - w.reporter_cost * k as f64;
                            q = w.take_max * sigmoid((pay - w.take_mid) / w.take_slope);
                            back = w.scoop_realised * scoops[s.beat() as usize] as f64;
                        }
                        if q * worth > best {
                            (best, best_scoop, best_q) = (q * worth, q * back, q);
                        }
                    }
                    loss += survive * best;
                    scoop_in += survive * best_scoop;
                    survive *= 1.0 - best_q;
                }
                loss = py_min(loss, g as f64);
                kept_share[i] = 1.0 - loss / g as f64;
            }
            for &(s, claimers) in behind[i].iter() {
                let most = (0..n).filter(|&c| claimers & (1 << c) != 0).map(|c| propensity[c]).fold(f64::NAN, |m, p| {
                    if m.is_nan() || p > m {
                        p
                    } else {
                        m
                    }
                });
                let chance = 0.5 + 0.5 * most;
                scoop_in += w.scoop_realised * chance * scoops[s.beat() as usize] as f64;
            }
            let net = g as f64 - loss;
            parts[i][1] = net;
            parts[i][3] = scoop_in;
            nets[i] = net;
        }
        // the clock: rounds until the fastest player has pressed their last page; each player's later
        // turns fill their pages (at most a full page for each press they will make)
        let mut soonest = left[0] as f64 * w.pace - nets[0] / w.per_turn;
        for i in 1..n {
            let x = left[i] as f64 * w.pace - nets[i] / w.per_turn;
            if x < soonest {
                soonest = x;
            }
        }
        let rounds = py_max(0.0, soonest);
        for i in 0..n {
            if presses[i] >= 1 {
                let spare = py_max(0.0, rounds - (presses[i] - 1) as f64);
                let room = presses[i] as f64 * w.page_cap - nets[i];
                parts[i][2] = w.later * py_max(0.0, py_min(w.per_turn * spare, room));
            }
        }

        let remaining: i32 = presses[..n].iter().sum();
        let unseen = pos.unseen.count_ones() as i32;
        let draws = left[..n].iter().map(|&x| x.min(fewest)).sum::<i32>() - 1 + pos.draw_pending as i32;
        let draws = draws.min(unseen).max(0);
        let rates = self.rates(pos);
        let temperature = w.race_base + w.race_per_press * remaining as f64 / n as f64;
        let mut stars = [[0.0f64; NBEATS]; MAXP];
        for i in 0..n {
            let row = &mut stars[i];
            for s in pos.players[i].published.iter() {
                row[s.beat() as usize] += s.stars() as f64;
            }
            for s in claims[i].iter() {
                row[s.beat() as usize] += s.stars() as f64 * kept_share[i];
            }
            let future = w.future_stars / NBEATS as f64 * presses[i] as f64;
            for x in row.iter_mut() {
                *x += future;
            }
        }
        for k in 0..NBEATS {
            let mut top = stars[0][k];
            for row in stars.iter().take(n).skip(1) {
                if row[k] > top {
                    top = row[k];
                }
            }
            if top <= 0.0 {
                continue;
            }
            let marker = py_min(BONUS_MAX as f64, pos.bonus[k] as f64 + draws as f64 * rates[k]);
            for i in 0..n {
                parts[i][4] += marker * (-(top - stars[i][k]) / temperature).exp();
            }
        }
        let sigma = w.sigma_base + w.sigma_per_press * (remaining as f64).sqrt();
        let mut finals = [0.0f64; MAXP];
        for i in 0..n {
            let p = parts[i];
            finals[i] = p[0] + p[1] + p[2] + p[3] + p[4];
        }
        score(&finals[..n], me, sigma)
    }
}

/// `me`'s margin over the best opponent (`_score`).
fn score(finals: &[f64], me: usize, sigma: f64) -> Projection {
    let mut best: Option<f64> = None;
    for (i, &x) in finals.iter().enumerate() {
        if i != me && best.is_none_or(|b| x > b) {
            best = Some(x);
        }
    }
    Projection { margin: finals[me] - best.expect("another player"), sigma }
}

impl Policy for EvaluatorPolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        if legal.len() == 1 {
            return legal[0];
        }
        let waiting = self.waiting_cost(pos);
        let (mut best_move, mut best) = (legal[0], f64::NEG_INFINITY);
        for &mv in legal {
            let value = self.score_move(pos, mv, waiting);
            if value > best {
                (best_move, best) = (mv, value);
            }
        }
        best_move
    }
}
