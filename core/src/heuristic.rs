//! The tuned heuristic bot as a playout policy: the Python `HeuristicBot`
//! (`engine/play/heuristic.py`), decision for decision.
//!
//! It weighs a few candidate moves -- press; assign the reporters needed to
//! claim a story (and one more); one reporter moved to a story; recall from
//! stories it is losing -- by the page it would claim, the scoops, the threat
//! that a player moving before its next turn takes a story, the end-bonus race
//! and the final-edition trigger, and plays the first of the best. Everything
//! is computed as the Python bot computes it: candidates in the same order
//! (board order for assigns, the order stories came into play for the claim
//! and the reassign sources), the same float operations in the same order, the
//! same memory of positions it was to move in before (waiting costs more each
//! time the very same position comes back), and the same seeded fallback
//! (`rng.choice(legal)`) when it weighs nothing. The weights come from Python
//! ([`Weights`] mirrors the dataclass field by field); nothing here is tuned.

use std::collections::HashMap;

use crate::moves::{Move, RecallList};
use crate::policy::{float_parameters, FastHash, Policy};
use crate::position::{Cell, Phase, Position};
use crate::press::PressValuer;
use crate::rng::PyRandom;
use crate::small::FixedList;
use crate::story::{stories_of, Story};
use crate::tables::{beat_value, final_edition_presses, marker_position, scoop_value, MAXP, NBEATS, NSTORIES, REPORTERS};

float_parameters! {
    /// What the heuristic bot weighs, in circulation points: the Python `Weights` dataclass, field by
    /// field in its order ([`Weights::FIELDS`]). The values always come from Python (the tuned weights,
    /// or others a caller plugs in).
    pub struct Weights {
        wait, tempo, threat, tie_threat, scoop_given, scoop_back, bonus, reporter, trigger, small_press, par, repeat,
    }
}

impl Weights {
    /// Each weight times `1 + rng.uniform(-jitter, jitter)`, drawn field by field in order
    /// (`engine/advisor/policy.py`'s `rollout_bot`).
    pub fn jittered(&self, rng: &mut PyRandom, jitter: f64) -> Weights {
        let mut v = self.values();
        for w in v.iter_mut() {
            *w *= 1.0 + rng.uniform(-jitter, jitter);
        }
        Weights::from_values(v)
    }
}

/// Python's `max(0.0, x)` (the first argument on a tie).
fn max0(x: f64) -> f64 {
    if x > 0.0 {
        x
    } else {
        0.0
    }
}

/// The circulation an optimal page of `stories` gains with these beat values and ad (`page_gain`).
fn page_gain(stories: impl Iterator<Item = Story>, values: &[u8; NBEATS], ad: Option<Cell>) -> i32 {
    PressValuer::new(*values, ad).gain(stories)
}

/// A candidate move: the move, the changes to our reporter counts (insertion order), the spare reporters.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    mv: Move,
    changes: FixedList<(Story, i32), 2>,
    extra: i32,
}

/// What every move's evaluation in one position starts from (`HeuristicBot._setup`).
struct Setup<'a> {
    pos: &'a Position,
    w: &'a Weights,
    me: usize,
    n: usize,
    others_top: [u8; NBEATS],
    /// Per beat: the other players with the most stars there (bit per player), none when that is 0.
    others_leading: [u8; NBEATS],
    base_bonus: i32,
    ad: Option<Cell>,
    normal: bool,
    bonus_w: f64,
    rival: [u8; NSTORIES],
    order: [u8; NSTORIES],
    claim: FixedList<Story, { REPORTERS as usize }>,
    held: [i32; NBEATS],
    losing: [i32; NBEATS],
    height: [u8; NBEATS],
    covered: [i32; NBEATS],
    positions: [u8; NBEATS],
    values: [u8; NBEATS],
    rivals_before: FixedList<u8, MAXP>,
}

impl<'a> Setup<'a> {
    fn new(pos: &'a Position, w: &'a Weights) -> Setup<'a> {
        let me = pos.current as usize;
        let n = pos.n_players();
        let mut stars = [[0u8; NBEATS]; MAXP];
        for (p, row) in stars.iter_mut().enumerate().take(n) {
            for s in pos.players[p].published.iter() {
                row[s.beat() as usize] += s.stars();
            }
        }
        let mut others_top = [0u8; NBEATS];
        let mut others_leading = [0u8; NBEATS];
        for b in 0..NBEATS {
            let top = (0..n).filter(|&o| o != me).map(|o| stars[o][b]).max().unwrap_or(0);
            others_top[b] = top;
            if top > 0 {
                others_leading[b] = (0..n).filter(|&o| o != me && stars[o][b] == top).fold(0, |m, o| m | 1 << o);
            }
        }
        let mut setup = Setup {
            pos,
            w,
            me,
            n,
            others_top,
            others_leading,
            base_bonus: 0,
            ad: pos.players[me].ad,
            normal: pos.phase == Phase::Normal,
            bonus_w: 1.0,
            rival: [0; NSTORIES],
            order: [0; NSTORIES],
            claim: FixedList::new(),
            held: [0; NBEATS],
            losing: [0; NBEATS],
            height: [0; NBEATS],
            covered: [0; NBEATS],
            positions: pos.markers,
            values: [0; NBEATS],
            rivals_before: FixedList::new(),
        };
        let mine_stars: [i32; NBEATS] = stars[me].map(|s| s as i32);
        setup.base_bonus = setup.margin(&mine_stars);
        setup.bonus_w = setup.bonus_weight();
        let mut held = mine_stars;
        for (i, &s) in pos.stories_as_entered().iter().enumerate() {
            let r = &pos.reporters[s.id()];
            setup.order[s.id()] = i as u8;
            let rival = (0..n).filter(|&o| o != me).map(|o| r[o]).max().unwrap_or(0);
            setup.rival[s.id()] = rival;
            if r[me] > 0 && r[me] >= rival {
                setup.claim.push(s);
                held[s.beat() as usize] += s.stars() as i32;
            }
            if r[me] > 0 && r[me] < rival {
                setup.losing[s.beat() as usize] += 1;
            }
        }
        setup.held = held;
        if setup.normal {
            for b in 0..NBEATS {
                let column = pos.column(b as u8);
                setup.height[b] = column.iter().map(|s| s.spaces()).sum();
                setup.covered[b] = column.iter().filter(|&&s| pos.is_covered(s)).count() as i32;
                setup.positions[b] = marker_position(setup.height[b], setup.covered[b] as u8);
            }
        }
        setup.values = setup.positions.map(beat_value);
        setup.rivals_before = rivals_before(pos, me, setup.normal);
        setup
    }

    /// `bonus_margin` for us holding `held` stars per beat, the others' stars fixed (`_margin`).
    fn margin(&self, held: &[i32; NBEATS]) -> i32 {
        let mut ours = 0i32;
        let mut theirs = [0i32; MAXP];
        for (b, &m) in held.iter().enumerate() {
            let top = self.others_top[b] as i32;
            let bonus = self.pos.bonus[b] as i32;
            if m != 0 && m >= top {
                ours += bonus;
            }
            if top != 0 && top >= m {
                for (o, t) in theirs.iter_mut().enumerate().take(self.n) {
                    if self.others_leading[b] & (1 << o) != 0 {
                        *t += bonus;
                    }
                }
            }
        }
        let best = (0..self.n).filter(|&o| o != self.me).map(|o| theirs[o]).max().unwrap_or(0);
        ours - best
    }

    fn bonus_weight(&self) -> f64 {
        if self.pos.phase != Phase::Normal {
            return 1.0;
        }
        let trig = final_edition_presses(self.pos.definition.players) as f64;
        let most = self.pos.players[..self.n].iter().map(|p| p.pennies).max().unwrap_or(0) as f64;
        self.w.bonus + (1.0 - self.w.bonus) * most / trig
    }

    fn gain(&self, stories: &[Story], values: &[u8; NBEATS]) -> i32 {
        page_gain(stories.iter().copied(), values, self.ad)
    }

    /// The weight of losing `s` (held with `mine` reporters) before our next turn (`_threat_estimate`).
    fn threat(&self, s: Story, mine: i32) -> f64 {
        let r = &self.pos.reporters[s.id()];
        for &o in self.rivals_before.iter() {
            let theirs = r[o as usize] as i32;
            // the Python test, `home >= mine - theirs + 1`
            let takes = self.pos.players[o as usize].home as i32 > mine - theirs && (self.normal || mine - theirs < 1);
            if takes || theirs == mine {
                return if takes { self.w.threat } else { self.w.tie_threat };
            }
        }
        0.0
    }

    /// The value of the position after a waiting move changing our counts by `changes` (`_after`).
    fn after(&self, changes: &[(Story, i32)], extra: i32) -> f64 {
        let (me, w, pos) = (self.me, self.w, self.pos);
        let mut mine_after: FixedList<(Story, i32), 2> = FixedList::new();
        let mut positions = self.positions;
        let mut values = self.values;
        let mut losing = self.losing;
        let mut claim_changed = false;
        for &(s, d) in changes {
            let before = pos.reporters[s.id()][me] as i32;
            let after = before + d;
            mine_after.push((s, after));
            let rival = self.rival[s.id()] as i32;
            if (before != 0 && before >= rival) != (after != 0 && after >= rival) {
                claim_changed = true;
            }
            let (was_losing, is_losing) = (before != 0 && before < rival, after != 0 && after < rival);
            if was_losing != is_losing {
                losing[s.beat() as usize] += if is_losing { 1 } else { -1 };
            }
            if self.normal && (before != 0 || rival != 0) != (after != 0 || rival != 0) {
                let b = s.beat();
                let mut covered = self.covered[b as usize];
                for &(t, a) in mine_after.iter() {
                    if t.beat() == b {
                        let rt = self.rival[t.id()] as i32;
                        covered += (a != 0 || rt != 0) as i32 - (pos.reporters[t.id()][me] != 0 || rt != 0) as i32;
                    }
                }
                positions[b as usize] = marker_position(self.height[b as usize], covered as u8);
                values[b as usize] = beat_value(positions[b as usize]);
            }
        }
        let mut held = self.held;
        let mut claim = self.claim;
        if claim_changed {
            claim = FixedList::new();
            for &s in self.claim.iter() {
                if !mine_after.iter().any(|&(t, _)| t == s) {
                    claim.push(s);
                }
            }
            for &(s, a) in mine_after.iter() {
                if a != 0 && a >= self.rival[s.id()] as i32 {
                    claim.push(s);
                }
            }
            let mut sorted = [Story::default(); REPORTERS as usize];
            let k = claim.len();
            sorted[..k].copy_from_slice(claim.as_slice());
            sorted[..k].sort_by_key(|s| self.order[s.id()]);
            claim = FixedList::new();
            for &s in &sorted[..k] {
                claim.push(s);
            }
            for &(s, a) in mine_after.iter() {
                let (before, rival) = (pos.reporters[s.id()][me] as i32, self.rival[s.id()] as i32);
                let now = (a != 0 && a >= rival) as i32;
                let was = (before != 0 && before >= rival) as i32;
                held[s.beat() as usize] += s.stars() as i32 * (now - was);
            }
        }
        let claim = claim.as_slice();
        let gain = self.gain(claim, &values);
        let mut threat = 0.0f64;
        for (i, &s) in claim.iter().enumerate() {
            let mine = mine_after.iter().find(|&&(t, _)| t == s).map_or(pos.reporters[s.id()][me] as i32, |&(_, a)| a);
            let weight = self.threat(s, mine);
            if weight != 0.0 {
                let mut rest: FixedList<Story, { REPORTERS as usize }> = FixedList::new();
                for (j, &t) in claim.iter().enumerate() {
                    if j != i {
                        rest.push(t);
                    }
                }
                let lost_if_taken = gain - self.gain(rest.as_slice(), &values);
                threat += weight * lost_if_taken.max(0) as f64;
            }
        }
        let mut scoop_back = 0i32;
        for b in 0..NBEATS {
            if losing[b] != 0 {
                scoop_back += losing[b] * scoop_value(positions[b]) as i32;
            }
        }
        let bonus = self.margin(&held) - self.base_bonus;
        w.wait * (gain as f64 - threat + self.bonus_w * bonus as f64) + w.scoop_back * scoop_back as f64
            - w.reporter * extra as f64
    }

    /// The value of pressing now, `None` when nothing can be claimed (`_press`).
    fn press(&self) -> Option<f64> {
        let (pos, me, w) = (self.pos, self.me, self.w);
        let claim = pos.claimable(me);
        if claim == 0 {
            return None;
        }
        let values = pos.beat_values();
        let gain = page_gain(stories_of(claim), &values, pos.players[me].ad);
        let mut given = [0i32; MAXP];
        for s in stories_of(claim) {
            for (o, g) in given.iter_mut().enumerate().take(self.n) {
                if o != me && pos.reporters[s.id()][o] != 0 {
                    *g += pos.scoop_value(s.beat()) as i32;
                }
            }
        }
        let bonus = self.margin(&self.held) - self.base_bonus;
        let mut value = gain as f64 + self.bonus_w * bonus as f64 - w.scoop_given * given.iter().sum::<i32>() as f64;
        if pos.phase == Phase::Normal {
            let trig = final_edition_presses(pos.definition.players);
            if pos.players[me].pennies + 1 >= trig {
                value += self.trigger(gain, &given);
            } else {
                value -= w.small_press * max0(w.par - gain as f64);
            }
        }
        Some(value)
    }

    /// Triggering the final edition: + if we stay ahead of what every other player can still press.
    fn trigger(&self, gain: i32, given: &[i32; MAXP]) -> f64 {
        let (pos, me) = (self.pos, self.me);
        let values = pos.beat_values();
        let mine = pos.players[me].circulation as i32 + gain;
        let mut best: Option<i32> = None;
        for (o, p) in pos.players.iter().enumerate().take(self.n) {
            if o == me || p.done {
                continue;
            }
            let reach = if pos.mine(o) != 0 { page_gain(stories_of(pos.claimable(o)), &values, p.ad) } else { 0 };
            let theirs = p.circulation as i32 + given[o] + reach + 2;
            best = Some(best.map_or(theirs, |b| b.max(theirs)));
        }
        let Some(best) = best else { return self.w.trigger };
        let margin = mine + self.margin(&self.held) - best;
        let x = margin as f64 / 6.0;
        let x = if x < 1.0 { x } else { 1.0 };
        self.w.trigger * if x > -1.0 { x } else { -1.0 }
    }

    /// The waiting moves worth weighing, in the bot's fixed order (`_waiting_moves`).
    fn waiting_moves(&self, out: &mut Vec<Candidate>) {
        let (pos, me) = (self.pos, self.me);
        let restricted = pos.phase == Phase::FinalTurns;
        let home = pos.players[me].home as i32;
        let mut mine: FixedList<(Story, i32), { REPORTERS as usize }> = FixedList::new();
        for &s in pos.stories_as_entered() {
            let n = pos.reporters[s.id()][me];
            if n != 0 {
                mine.push((s, n as i32));
            }
        }
        for s in pos.stories_in_play() {
            let r = &pos.reporters[s.id()];
            let rival = self.rival[s.id()] as i32;
            let have = r[me] as i32;
            let need = if have < rival || have == 0 { (rival - have).max(1) } else { 0 };
            let counts: &[i32] = if need != 0 { &[need, need + 1] } else { &[1] };
            for &k in counts {
                if k < 1 || k > home || (restricted && k > 1) {
                    continue;
                }
                let mut changes = FixedList::new();
                changes.push((s, k));
                out.push(Candidate {
                    mv: Move::Assign { story: s, count: k as u8 },
                    changes,
                    extra: if need != 0 { k - need } else { 0 },
                });
            }
            if need == 1 || (need == 0 && have == rival && rival != 0) {
                for &(src, _) in mine.iter() {
                    if src == s {
                        continue;
                    }
                    let mut changes = FixedList::new();
                    changes.push((src, -1));
                    changes.push((s, 1));
                    out.push(Candidate { mv: Move::Reassign { from: src, to: s }, changes, extra: 0 });
                }
            }
        }
        for &(s, n) in mine.iter() {
            let most = pos.reporters[s.id()][..self.n].iter().copied().max().unwrap_or(0) as i32;
            if n < most {
                let k = if restricted { 1 } else { n };
                let mut items = RecallList::new();
                items.push((s, k as u8));
                let mut changes = FixedList::new();
                changes.push((s, -k));
                out.push(Candidate { mv: Move::Recall(items), changes, extra: 0 });
            }
        }
    }
}

/// The players who move before our next turn, in order, each once (the newsboy holder left out in
/// normal play); in the final edition, those still to act this round.
fn rivals_before(pos: &Position, me: usize, normal: bool) -> FixedList<u8, MAXP> {
    let mut out: FixedList<u8, MAXP> = FixedList::new();
    if normal {
        let n = pos.n_players();
        let (mut cur, mut left) = (me, pos.turns_left);
        for _ in 0..2 * n {
            if left > 1 {
                left -= 1;
            } else {
                cur = (cur + 1) % n;
                left = if pos.definition.two_player { 2 } else { 1 };
            }
            if cur == me {
                break;
            }
            // dict.fromkeys(order), then the newsboy holder left out
            if !out.contains(&(cur as u8)) && pos.newsboy != Some(cur as u8) {
                out.push(cur as u8);
            }
        }
    } else {
        for &p in pos.pending.iter() {
            if p as usize != me && !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The Python `HeuristicBot` as a policy: weights, its own generator (the rare fallback), and the
/// memory of the positions it was to move in.
#[derive(Clone, Debug)]
pub struct HeuristicPolicy {
    pub weights: Weights,
    pub rng: PyRandom,
    visits: HashMap<Vec<u8>, u32, FastHash>,
    candidates: Vec<Candidate>,
}

impl HeuristicPolicy {
    /// `HeuristicBot(seed=..., weights=...)`: `rng` is `random.Random(seed)`.
    pub fn new(weights: Weights, rng: PyRandom) -> HeuristicPolicy {
        HeuristicPolicy { weights, rng, visits: HashMap::default(), candidates: Vec::with_capacity(64) }
    }

    /// The moves the bot weighs in `pos` with their values, in its candidate order (`evaluate`).
    pub fn evaluate(&mut self, pos: &Position, repeats: u32) -> Vec<(Move, f64)> {
        let mut out = Vec::new();
        self.evaluate_into(pos, repeats, &mut |mv, v| out.push((mv, v)));
        out
    }

    fn evaluate_into(&mut self, pos: &Position, repeats: u32, take: &mut dyn FnMut(Move, f64)) {
        if pos.newsboy == Some(pos.current) && pos.phase == Phase::Normal {
            take(Move::Newsboy, 0.0);
            return;
        }
        let w = self.weights;
        let setup = Setup::new(pos, &w);
        let press = setup.press();
        if pos.phase == Phase::FinalPresses {
            take(Move::Decline, 0.0);
            if let Some(v) = press {
                take(Move::Press, v);
            }
            return;
        }
        if let Some(v) = press {
            take(Move::Press, v);
        }
        let tempo = if pos.phase == Phase::Normal { w.tempo + w.repeat * repeats as f64 } else { 0.0 };
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        setup.waiting_moves(&mut candidates);
        for c in candidates.iter() {
            take(c.mv, setup.after(c.changes.as_slice(), c.extra) - tempo);
        }
        self.candidates = candidates;
    }

    /// How many times the bot was to move in this very position before, counting this time
    /// (the key of `HeuristicBot.choose`: player, turns left, pennies, and the board's reporters
    /// in the order the stories came into play).
    fn visit(&mut self, pos: &Position) -> u32 {
        if pos.phase != Phase::Normal {
            return 0;
        }
        let count = self.visits.entry(pos.repetition_key()).or_insert(0);
        let repeats = *count;
        *count += 1;
        repeats
    }
}

impl Policy for HeuristicPolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        let repeats = self.visit(pos);
        let mut best_move = None;
        let mut best = f64::NEG_INFINITY;
        self.evaluate_into(pos, repeats, &mut |mv, v| {
            if v > best {
                best_move = Some(mv);
                best = v;
            }
        });
        if let Some(mv) = best_move {
            return mv;
        }
        if legal.len() == 1 {
            return legal[0];
        }
        *self.rng.choice(legal).expect("a decision node has a legal move")
    }
}
