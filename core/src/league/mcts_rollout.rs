//! The MCTS bot's own cheap policy (the Python `engine/play/league/mcts_rollout.py`): a press-biased
//! random player for rollouts, and the order in which the tree tries a node's moves.
//!
//! Both draw only from the generator they are handed -- `rng.random()` and `rng.randrange(n)`, in
//! the Python order -- so a rollout is the Python rollout draw for draw. The tree order is the
//! legal moves sorted by a prior score, highest first, a stable sort (equal scores keep the
//! engine's order).

use crate::moves::{Move, RecallList};
use crate::policy::float_parameters;
use crate::position::{Phase, Position};
use crate::press::PressValuer;
use crate::rng::PyRandom;
use crate::story::{stories_of, Story};

use super::reading::claim_after;
use super::{py_max, py_min};

float_parameters! {
    /// The rollout policy's press propensity: `clamp((gain - press_floor) / press_span, press_low,
    /// press_high)` (the Python `RolloutSettings`, field by field in its order: `FIELDS`).
    pub struct RolloutSettings {
        press_floor, press_span, press_low, press_high,
    }
}

fn draw(rng: &mut PyRandom, n: usize) -> usize {
    rng.below(n).expect("a choice among at least one")
}

/// The rollout policy's move for the player to move (`rollout_move`).
pub fn rollout_move(pos: &Position, rng: &mut PyRandom, settings: &RolloutSettings) -> Move {
    let player = pos.current as usize;
    let n = pos.n_players();
    if pos.newsboy == Some(pos.current) {
        return Move::Newsboy;
    }
    let claim = pos.claimable(player);
    if pos.phase == Phase::FinalPresses {
        return if claim != 0 { Move::Press } else { Move::Decline };
    }
    let restricted = pos.phase == Phase::FinalTurns;
    if claim != 0 {
        let gain = PressValuer::for_player(pos, player).gain(stories_of(claim));
        let chance = (gain as f64 - settings.press_floor) / settings.press_span;
        let chance = py_min(settings.press_high, py_max(settings.press_low, chance));
        if rng.random() < chance {
            return Move::Press;
        }
    }
    let stories = pos.stories_as_entered();
    let home = pos.players[player].home;
    if home > 0 && !stories.is_empty() {
        let story = stories[draw(rng, stories.len())];
        let r = &pos.reporters[story.id()];
        let rival = (0..n).filter(|&i| i != player).map(|i| r[i] as i32).max().unwrap_or(0);
        let need = rival - r[player] as i32 + 1;
        let count = if restricted { 1 } else { (home as i32).min(need.max(1)) };
        return Move::Assign { story, count: count as u8 };
    }
    let mine: Vec<Story> = stories.iter().copied().filter(|s| pos.reporters[s.id()][player] != 0).collect();
    if !mine.is_empty() {
        let losing: Vec<Story> = mine
            .iter()
            .copied()
            .filter(|s| {
                let r = &pos.reporters[s.id()];
                r[player] < r[..n].iter().copied().max().unwrap_or(0)
            })
            .collect();
        if !losing.is_empty() && rng.random() < 0.5 {
            let story = losing[draw(rng, losing.len())];
            let mut items = RecallList::new();
            items.push((story, if restricted { 1 } else { pos.reporters[story.id()][player] }));
            return Move::Recall(items);
        }
        let source = mine[draw(rng, mine.len())];
        let targets: Vec<Story> = stories.iter().copied().filter(|&s| s != source).collect();
        if !targets.is_empty() {
            return Move::Reassign { from: source, to: targets[draw(rng, targets.len())] };
        }
    }
    if claim != 0 {
        return Move::Press;
    }
    pos.legal_moves()[0]
}

/// The legal moves of the player to move, in the order the tree expands them (`ordered_moves`).
pub fn ordered_moves(pos: &Position) -> Vec<Move> {
    let moves = pos.legal_moves();
    if moves.len() <= 1 {
        return moves;
    }
    let player = pos.current as usize;
    let n = pos.n_players();
    let valuer = PressValuer::for_player(pos, player);
    let claim = pos.claimable(player);
    let base = valuer.gain(stories_of(claim));
    // what claiming `story` adds to the page (its beat value when it adds nothing)
    let adds = |story: Story, changes: &[(Story, i32)]| -> f64 {
        let added = valuer.gain(claim_after(pos, player, changes).iter().copied()) - base;
        if added != 0 {
            added as f64
        } else {
            pos.beat_value(story.beat()) as f64
        }
    };
    let most = |s: Story| pos.reporters[s.id()][..n].iter().copied().max().unwrap_or(0);
    let score = |mv: &Move| -> f64 {
        let (story, count, source, cost) = match *mv {
            Move::Press => return 2.0 + base as f64 / 10.0,
            Move::Recall(items) => {
                let losing_only = items.iter().all(|&(s, k)| {
                    let mine = pos.reporters[s.id()][player];
                    k == mine && mine < most(s)
                });
                return if losing_only { 0.5 } else { -2.0 };
            }
            Move::Assign { story, count } => (story, count as i32, None, 0.0),
            Move::Reassign { from, to } => (to, 1, Some(from), if claim & from.bit() != 0 { 1.0 } else { 0.0 }),
            Move::Newsboy | Move::Decline => return 0.0,
        };
        let r = &pos.reporters[story.id()];
        let rival = (0..n).filter(|&i| i != player).map(|i| r[i] as i32).max().unwrap_or(0);
        let mine = r[player] as i32 + count;
        if claim & story.bit() != 0 || mine < rival || mine == 0 {
            return -1.0;
        }
        let need = (rival - r[player] as i32).max(1);
        let added = match source {
            None => adds(story, &[(story, count)]),
            Some(from) => adds(story, &[(from, -1), (story, count)]),
        };
        added - 0.5 * (count - need).max(0) as f64 - cost
    };
    let mut scored: Vec<(f64, usize)> = moves.iter().enumerate().map(|(i, m)| (score(m), i)).collect();
    scored.sort_by(|a, b| b.0.partial_cmp(&a.0).expect("scores are numbers"));
    scored.into_iter().map(|(_, i)| moves[i]).collect()
}
