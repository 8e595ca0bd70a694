//! The greedy one-ply bot as a playout policy: the Python `GreedyBot` (`engine/play/bots.py`).
//!
//! Presses when the optimal page gains at least `threshold`; otherwise assigns
//! where the hypothetical claim (what it claims now plus that story) gains
//! most, each reporter costing `reporter_cost`; with no worthwhile assignment
//! it presses if it can, else recalls from the first story where it is
//! outnumbered, else plays a random legal move from its own generator. The
//! final edition's restricted turn assigns one reporter if that helps; its last
//! round presses when the page gains anything. Candidates are visited in the
//! order stories came into play, ties going to the lower story (as Python's
//! `(gain - cost, -sort_key)` comparison does).

use crate::moves::{Move, RecallList};
use crate::policy::Policy;
use crate::position::{Phase, Position};
use crate::press::PressValuer;
use crate::rng::PyRandom;
use crate::story::stories_of;

#[derive(Clone, Debug)]
pub struct GreedyPolicy {
    pub rng: PyRandom,
    pub threshold: f64,
    pub reporter_cost: f64,
}

impl GreedyPolicy {
    /// `GreedyBot(seed, threshold, reporter_cost)`: `rng` is `random.Random(seed)`.
    pub fn new(rng: PyRandom, threshold: f64, reporter_cost: f64) -> GreedyPolicy {
        GreedyPolicy { rng, threshold, reporter_cost }
    }
}

impl Policy for GreedyPolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        if legal.len() == 1 {
            return legal[0];
        }
        let player = pos.current as usize;
        let claim = pos.claimable(player);
        let valuer = PressValuer::for_player(pos, player);
        let now = valuer.gain(stories_of(claim));
        let can_press = claim != 0;
        if pos.phase == Phase::FinalPresses {
            return if can_press && now > 0 { Move::Press } else { Move::Decline };
        }
        let restricted = pos.phase == Phase::FinalTurns;
        if can_press && now as f64 >= self.threshold && !restricted {
            return Move::Press;
        }
        let home = pos.players[player].home as i32;
        let n = pos.n_players();
        let mut best: Option<((f64, i32), i32, Move)> = None;
        for &story in pos.stories_as_entered() {
            let counts = &pos.reporters[story.id()];
            let mine = counts[player] as i32;
            let rival = (0..n).filter(|&p| p != player).map(|p| counts[p] as i32).max().unwrap_or(0);
            let need = if mine == 0 { (rival - mine).max(1) } else { rival - mine };
            if need <= 0 || need > home || (restricted && need > 1) {
                continue;
            }
            let g = valuer.gain(stories_of(claim).chain(std::iter::once(story)));
            let rank = (g as f64 - self.reporter_cost * need as f64, -(story.0 as i32));
            let better = match best {
                None => true,
                Some((r, _, _)) => rank.0 > r.0 || (rank.0 == r.0 && rank.1 > r.1),
            };
            if better {
                best = Some((rank, g, Move::Assign { story, count: need as u8 }));
            }
        }
        if let Some((_, g, mv)) = best {
            if g > now {
                return mv;
            }
        }
        if can_press {
            return Move::Press;
        }
        if let Some(losing) = stories_of(pos.outnumbered(player)).next() {
            let n = if restricted { 1 } else { pos.reporters[losing.id()][player] };
            let mut items = RecallList::new();
            items.push((losing, n));
            return Move::Recall(items);
        }
        *self.rng.choice(legal).expect("a decision node has a legal move")
    }
}
