//! The timer as a policy: the Python `TimerBot` (`engine/play/league/timer.py`), decision for decision.
//!
//! In normal play it asks, in this order: would this press trigger the final edition (then it
//! presses only if the end it projects by [`final_round`](super::final_round)'s rule wins, or
//! after `last_wait` turns waiting on it)? Is the page threatened by a rival acting before its
//! next turn? Has the page reached the moving threshold? Otherwise it builds towards the target
//! page (the story that raises the page most per reporter), presses what it has, or brings home
//! reporters that are losing. In the final edition it tries every legal move and plays the rest
//! out by the rule (win share, then margin, then circulation). Candidates come in the Python
//! order (stories in the order they came into play, the claim in canonical order), the first of
//! equals kept; its one memory is its turns since its last press.

use crate::moves::{Move, RecallList};
use crate::policy::Policy;
use crate::position::{Phase, Position};
use crate::press::PressValuer;
use crate::small::FixedList;
use crate::story::{stories_of, Story};
use crate::tables::{beat_value, marker_position, MAXP, NBEATS};

use super::final_round::final_scores;
use super::reading::{acting_order, acts_before, claim_after, presses_left, reporters_to_take, stars_by_beat};

/// The timer's parameters: the Python `TimerSettings` dataclass, field by field in its order
/// ([`TimerSettings::FIELDS`]; `base` is its `{players: threshold}` map, the whole-number fields
/// `patient_turns` and `last_wait` are held as floats).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct TimerSettings {
    /// The press threshold by player count (index = players), before it moves; `None`: 10.
    pub base: [Option<f64>; MAXP + 1],
    pub behind: f64,
    pub ahead: f64,
    pub closing: f64,
    pub patience: f64,
    pub patient_turns: f64,
    pub floor: f64,
    pub threat_share: f64,
    pub threat_floor: f64,
    pub threat_worth: f64,
    pub reporter_cost: f64,
    pub top_beat: f64,
    pub stars: f64,
    pub last_wait: f64,
}

impl TimerSettings {
    /// The field names in the dataclass's order, `base` first (a test checks them against
    /// `dataclasses.fields`).
    pub const FIELDS: [&'static str; 14] = [
        "base", "behind", "ahead", "closing", "patience", "patient_turns", "floor", "threat_share", "threat_floor",
        "threat_worth", "reporter_cost", "top_beat", "stars", "last_wait",
    ];

    /// From `base` and the other fields' values in [`TimerSettings::FIELDS`] order.
    pub fn from_values(base: [Option<f64>; MAXP + 1], v: [f64; 13]) -> TimerSettings {
        let [behind, ahead, closing, patience, patient_turns, floor, threat_share, threat_floor, threat_worth, reporter_cost, top_beat, stars, last_wait] =
            v;
        TimerSettings {
            base,
            behind,
            ahead,
            closing,
            patience,
            patient_turns,
            floor,
            threat_share,
            threat_floor,
            threat_worth,
            reporter_cost,
            top_beat,
            stars,
            last_wait,
        }
    }

    /// The values of every field but `base`, in [`TimerSettings::FIELDS`] order.
    pub fn values(&self) -> [f64; 13] {
        [
            self.behind,
            self.ahead,
            self.closing,
            self.patience,
            self.patient_turns,
            self.floor,
            self.threat_share,
            self.threat_floor,
            self.threat_worth,
            self.reporter_cost,
            self.top_beat,
            self.stars,
            self.last_wait,
        ]
    }
}

/// The Python `TimerBot` as a policy: its settings and its turns waited since its last press.
#[derive(Clone, Debug)]
pub struct TimerPolicy {
    pub settings: TimerSettings,
    pennies: i32,
    waited: u32,
}

/// Python's `max(0, x)` for a whole number held as a float.
fn above_zero(x: f64) -> f64 {
    if x > 0.0 {
        x
    } else {
        0.0
    }
}

impl TimerPolicy {
    /// `TimerBot(seed, settings)` (the bot draws nothing: the seed does not matter).
    pub fn new(settings: TimerSettings) -> TimerPolicy {
        TimerPolicy { settings, pennies: -1, waited: 0 }
    }

    /// The page gain at which it presses now (`threshold`).
    pub fn threshold(&self, pos: &Position) -> f64 {
        let (s, me, n) = (&self.settings, pos.current as usize, pos.n_players());
        let mine = presses_left(pos, me);
        let rival = (0..n).filter(|&o| o != me).map(|o| presses_left(pos, o)).min().expect("a rival");
        let mut value = s.base[n].unwrap_or(10.0);
        value -= s.behind * (mine - (rival + 1)).max(0) as f64;
        value += s.ahead * (rival - mine).max(0) as f64;
        if rival <= 1 {
            value -= s.closing;
        }
        value -= s.patience * above_zero(self.waited as f64 - s.patient_turns);
        if value > s.floor {
            value
        } else {
            s.floor
        }
    }

    /// Whether a rival acting before its next turn is likely to take stories worth `threat_share`
    /// of the page (`_threatened`).
    fn threatened(&self, pos: &Position, claim: u64, gain: i32, valuer: &PressValuer) -> bool {
        let (s, me, n) = (&self.settings, pos.current as usize, pos.n_players());
        if (gain as f64) < s.threat_floor {
            return false;
        }
        let order = acting_order(pos);
        let rivals = acts_before(&order.as_slice()[1.min(order.len())..], me).iter().fold(0u8, |m, &o| m | 1 << o);
        let mut pages: [(PressValuer, u64, i32); MAXP] = [(*valuer, 0, 0); MAXP];
        for (o, page) in pages.iter_mut().enumerate().take(n) {
            if rivals & (1 << o) != 0 {
                let theirs = pos.claimable(o);
                let v = PressValuer::for_player(pos, o);
                *page = (v, theirs, v.gain(stories_of(theirs)));
            }
        }
        for story in stories_of(claim) {
            let rest = valuer.gain(stories_of(claim & !story.bit()));
            if ((gain - rest) as f64) < s.threat_share * gain as f64 {
                continue;
            }
            let r = &pos.reporters[story.id()];
            for (o, &(v, theirs, now)) in pages.iter().enumerate().take(n) {
                if rivals & (1 << o) == 0 {
                    continue;
                }
                if r[o] == r[me] {
                    if now as f64 >= s.threat_floor {
                        return true;
                    }
                    continue;
                }
                let Some(need) = reporters_to_take(pos, o, story, me, false) else { continue };
                let added = v.gain(stories_of(theirs).chain(std::iter::once(story))) - now;
                if added as f64 >= s.threat_worth + s.reporter_cost * need as f64 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether pressing now (which triggers the final edition) wins when the rest is played out.
    fn trigger_wins(pos: &Position) -> bool {
        let mut after = *pos;
        after.apply(Move::Press).expect("a press it can make");
        let (_, winners) = final_scores(&after);
        winners & (1 << pos.current) != 0
    }

    /// The assignment (or one reporter moved) that adds most to the page per reporter, if any adds.
    fn build(&self, pos: &Position, claim: u64, gain: i32) -> Option<Move> {
        let (s, me, n) = (&self.settings, pos.current as usize, pos.n_players());
        let home = pos.players[me].home as i32;
        let stars: [[i32; NBEATS]; MAXP] = std::array::from_fn(|i| if i < n { stars_by_beat(pos, i) } else { [0; NBEATS] });
        let mut held = stars[me];
        for t in stories_of(claim) {
            held[t.beat() as usize] += t.stars() as i32;
        }
        let rival_stars: [i32; NBEATS] =
            std::array::from_fn(|k| (0..n).filter(|&o| o != me).map(|o| stars[o][k]).max().expect("a rival"));
        let spare = Self::spare_reporter(pos);
        let top = pos.top_beats();
        let mut best: Option<(f64, Move)> = None;
        for &story in pos.stories_as_entered() {
            if claim & story.bit() != 0 {
                continue;
            }
            let r = &pos.reporters[story.id()];
            let mine = r[me] as i32;
            let need = if (0..n).any(|i| i != me && r[i] != 0) {
                r[..n].iter().copied().max().unwrap_or(0) as i32 - mine + 1
            } else {
                (1 - mine).max(1)
            };
            let mut changes: FixedList<(Story, i32), 2> = FixedList::new();
            let mv = if 1 <= need && need <= home {
                changes.push((story, need));
                Move::Assign { story, count: need as u8 }
            } else if let (1, Some(from)) = (need, spare) {
                changes.push((from, -1));
                changes.push((story, 1));
                Move::Reassign { from, to: story }
            } else {
                continue;
            };
            let changes = changes.as_slice();
            let after = claim_after(pos, me, changes);
            let valuer = Self::valuer_after(pos, me, changes);
            let added = valuer.gain(after.iter().copied()) - gain;
            let mut score = added as f64 - s.reporter_cost * need as f64;
            let beat = story.beat() as usize;
            if top & (1 << beat) != 0 {
                score += s.top_beat;
            }
            if held[beat] + story.stars() as i32 >= rival_stars[beat] {
                score += s.stars * story.stars() as f64 * pos.bonus[beat] as f64 / 10.0;
            }
            if added > 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
        }
        best.filter(|&(score, _)| score > 0.0).map(|(_, mv)| mv)
    }

    /// The first story it could move a reporter from without losing a claim: those it is losing
    /// (in the order stories came into play), then those it holds by two or more (`_spare_reporters`).
    fn spare_reporter(pos: &Position) -> Option<Story> {
        let (me, n) = (pos.current as usize, pos.n_players());
        let mut surplus = None;
        for &story in pos.stories_as_entered() {
            let r = &pos.reporters[story.id()];
            let mine = r[me];
            if mine == 0 {
                continue;
            }
            let rival = (0..n).filter(|&i| i != me).map(|i| r[i]).max().unwrap_or(0);
            if mine < rival {
                return Some(story);
            }
            if mine - rival >= 2 && surplus.is_none() {
                surplus = Some(story);
            }
        }
        surplus
    }

    /// The press valuer with the beat values the move would leave (a story newly covered or left
    /// uncovered moves its beat's marker) (`_valuer_after`).
    fn valuer_after(pos: &Position, me: usize, changes: &[(Story, i32)]) -> PressValuer {
        let n = pos.n_players();
        let mut values = pos.beat_values();
        for &(story, d) in changes {
            let r = &pos.reporters[story.id()];
            let before = r[..n].iter().any(|&c| c != 0);
            let after = (0..n).any(|i| r[i] as i32 + if i == me { d } else { 0 } != 0);
            if before != after {
                let b = story.beat();
                let covered = pos.column(b).iter().filter(|&&s| pos.is_covered(s)).count() as i32 + if after { 1 } else { -1 };
                values[b as usize] = beat_value(marker_position(pos.height(b), covered as u8));
            }
        }
        PressValuer::new(values, pos.players[me].ad)
    }

    /// Nothing to build and nothing to press: bring home the reporters that are losing, else the
    /// first legal move that is not a press (`_tidy`).
    fn tidy(pos: &Position, legal: &[Move]) -> Move {
        let me = pos.current as usize;
        let losing = pos.outnumbered(me);
        if losing != 0 {
            let mut items = RecallList::new();
            for s in stories_of(losing) {
                items.push((s, pos.reporters[s.id()][me]));
            }
            return Move::Recall(items);
        }
        legal.iter().copied().find(|&m| m != Move::Press).unwrap_or(legal[0])
    }

    /// The legal move whose end, played out by the rule, is best for it: win share, then margin,
    /// then circulation (`_final_edition`).
    fn final_edition(pos: &Position, legal: &[Move]) -> Move {
        let (me, n) = (pos.current as usize, pos.n_players());
        let mut best: Option<((f64, i32, i32), Move)> = None;
        for &mv in legal {
            let mut after = *pos;
            after.apply(mv).expect("a legal move");
            let (scores, winners) = final_scores(&after);
            let share = if winners & (1 << me) != 0 { 1.0 / winners.count_ones() as f64 } else { 0.0 };
            let others = (0..n).filter(|&i| i != me).map(|i| scores[i] as i32).max().expect("a rival");
            let key = (share, scores[me] as i32 - others, scores[me] as i32);
            if best.is_none_or(|(b, _)| key > b) {
                best = Some((key, mv));
            }
        }
        best.expect("a legal move").1
    }
}

impl Policy for TimerPolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        if legal.len() == 1 {
            return legal[0];
        }
        if pos.phase != Phase::Normal {
            return Self::final_edition(pos, legal);
        }
        let me = pos.current as usize;
        let pennies = pos.players[me].pennies as i32;
        if pennies != self.pennies {
            (self.pennies, self.waited) = (pennies, 0);
        } else {
            self.waited += 1;
        }
        let claim = pos.claimable(me);
        let valuer = PressValuer::for_player(pos, me);
        let gain = valuer.gain(stories_of(claim));
        if claim != 0 {
            if pos.would_trigger(me) {
                if Self::trigger_wins(pos) || self.waited as f64 >= self.settings.last_wait {
                    return Move::Press;
                }
            } else if self.threatened(pos, claim, gain, &valuer) || gain as f64 >= self.threshold(pos) {
                return Move::Press;
            }
        }
        if let Some(mv) = self.build(pos, claim, gain) {
            return mv;
        }
        if claim != 0 && !pos.would_trigger(me) {
            return Move::Press;
        }
        Self::tidy(pos, legal)
    }
}
