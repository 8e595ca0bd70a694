//! The MCTS bot as a policy: the Python `MctsBot` (`engine/play/league/mcts.py`), decision for
//! decision.
//!
//! UCT with max-n backups over the public position, a fixed number of iterations a decision, all
//! of whose randomness comes from one generator, `random.Random(seed * 1_000_003 + ply)`
//! ([`Seed::scaled`]), drawn from in the Python order: a card at a chance node
//! (`rng.randrange` over the unseen cards sorted by id), then the rollout's draws
//! ([`mcts_rollout`](super::mcts_rollout)). Progressive widening expands a decision node's moves in
//! the tree's order ([`ordered_moves`]) while it has fewer than `min(moves, 1 + floor(widening *
//! sqrt(visits)))` children; otherwise selection takes the first child with the highest
//! `mean_p + exploration * sqrt(ln(visits) / child_visits)` (at the root, less the waiting cost of a
//! move that does not press). A rollout of at most `horizon` moves of normal play is valued by
//! [`mcts_leaf`](super::mcts_leaf) and its reward vector added along the path. The move is the root
//! child visited most (then the higher mean for the mover, then the earlier). Sums are taken in
//! path order, one player after another, as in Python.

use crate::moves::Move;
use crate::policy::Policy;
use crate::position::{Phase, Position};
use crate::rng::{PyRandom, Seed};
use crate::tables::MAXP;

use super::mcts_leaf::{rewards, LeafSettings, Rewards};
use super::mcts_rollout::{ordered_moves, rollout_move, RolloutSettings};

/// A decision's generator is seeded `seed * SEED_STRIDE + ply` (`SEED_STRIDE`).
pub const SEED_STRIDE: u32 = 1_000_003;

/// The search's parameters: the Python `MctsSettings` dataclass, field by field in its order
/// ([`MctsSettings::FIELDS`]; `leaf` and `rollout` its nested dataclasses).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct MctsSettings {
    pub iterations: u32,
    pub exploration: f64,
    pub widening: f64,
    pub idle: f64,
    /// A whole number in Python, held as a float.
    pub idle_turns: f64,
    pub horizon: u32,
    pub leaf: LeafSettings,
    pub rollout: RolloutSettings,
}

impl MctsSettings {
    pub const FIELDS: [&'static str; 8] =
        ["iterations", "exploration", "widening", "idle", "idle_turns", "horizon", "leaf", "rollout"];
}

/// A node of the tree: a decision node (`moves`, `children` in move order) or a chance node
/// (`cards`, `drawn`: card -> child, in the order drawn).
#[derive(Clone, Debug)]
struct Node {
    state: Position,
    moves: Vec<Move>,
    children: Vec<usize>,
    cards: Vec<u8>,
    drawn: Vec<(u8, usize)>,
    visits: u32,
    totals: Rewards,
}

impl Node {
    fn new(state: Position) -> Node {
        let (moves, cards) = if state.draw_pending {
            (Vec::new(), state.chance_outcomes().collect())
        } else if state.is_over() {
            (Vec::new(), Vec::new())
        } else {
            (ordered_moves(&state), Vec::new())
        };
        Node { state, moves, children: Vec::new(), cards, drawn: Vec::new(), visits: 0, totals: [0.0; MAXP] }
    }
}

/// The Python `MctsBot` as a policy: its settings, its seed, its turns since its last press.
#[derive(Clone, Debug)]
pub struct MctsPolicy {
    pub settings: MctsSettings,
    pub seed: Seed,
    /// The root's children after the last decision: each move, its visits and its mean reward for the
    /// mover (`last_visits`; empty after a position with one legal move).
    pub last_visits: Vec<(Move, u32, f64)>,
    pennies: i32,
    idle: u32,
    nodes: Vec<Node>,
    root_cost: Vec<f64>,
    path: Vec<usize>,
}

impl MctsPolicy {
    /// `MctsBot(seed, settings)`.
    pub fn new(settings: MctsSettings, seed: Seed) -> MctsPolicy {
        MctsPolicy { settings, seed, last_visits: Vec::new(), pennies: -1, idle: 0, nodes: Vec::new(), root_cost: Vec::new(), path: Vec::new() }
    }

    /// What a root move that does not press costs in selection (`_waiting_cost`).
    fn waiting_cost(&mut self, pos: &Position) -> f64 {
        if pos.phase != Phase::Normal {
            return 0.0;
        }
        let pennies = pos.players[pos.current as usize].pennies as i32;
        if pennies != self.pennies {
            (self.pennies, self.idle) = (pennies, 0);
        } else {
            self.idle += 1;
        }
        let over = self.idle as f64 - self.settings.idle_turns;
        self.settings.idle * if over > 0.0 { over } else { 0.0 }
    }

    /// Search `pos` (a decision: the bot's turns since its last press move on); the root's children,
    /// each move with its visits and mean reward for the mover.
    pub fn search(&mut self, pos: &Position) -> Vec<(Move, u32, f64)> {
        let mut rng = self.seed.scaled(SEED_STRIDE, pos.ply).rng();
        self.nodes.clear();
        self.nodes.push(Node::new(*pos));
        let waiting = self.waiting_cost(pos);
        self.root_cost = self.nodes[0].moves.iter().map(|&m| if m == Move::Press { 0.0 } else { waiting }).collect();
        for _ in 0..self.settings.iterations {
            self.iterate(&mut rng);
        }
        let me = pos.current as usize;
        let root = &self.nodes[0];
        root.children
            .iter()
            .enumerate()
            .map(|(k, &c)| {
                let child = &self.nodes[c];
                (root.moves[k], child.visits, child.totals[me] / child.visits as f64)
            })
            .collect()
    }

    fn add(&mut self, state: Position) -> usize {
        self.nodes.push(Node::new(state));
        self.nodes.len() - 1
    }

    fn iterate(&mut self, rng: &mut PyRandom) {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut node = 0;
        path.push(node);
        while !self.nodes[node].state.is_over() {
            if self.nodes[node].state.draw_pending {
                let cards = &self.nodes[node].cards;
                let card = cards[rng.below(cards.len()).expect("an unseen card")];
                if let Some(&(_, child)) = self.nodes[node].drawn.iter().find(|&&(c, _)| c == card) {
                    path.push(child);
                    node = child;
                    continue;
                }
                let mut after = self.nodes[node].state;
                after.apply_chance(card).expect("an unseen card");
                let child = self.add(after);
                self.nodes[node].drawn.push((card, child));
                path.push(child);
                node = child;
                break;
            }
            let n = &self.nodes[node];
            let widened = 1 + (self.settings.widening * (n.visits as f64).sqrt()) as i64;
            let limit = widened.min(n.moves.len() as i64);
            if (n.children.len() as i64) < limit {
                let mut after = n.state;
                after.apply(n.moves[n.children.len()]).expect("a legal move");
                let child = self.add(after);
                self.nodes[node].children.push(child);
                path.push(child);
                node = child;
                break;
            }
            node = self.select(node);
            path.push(node);
        }
        let reward = self.rollout(&self.nodes[node].state, rng);
        let players = self.nodes[0].state.n_players();
        for &visited in &path {
            let v = &mut self.nodes[visited];
            v.visits += 1;
            for (t, r) in v.totals.iter_mut().zip(reward.iter()).take(players) {
                *t += r;
            }
        }
        self.path = path;
    }

    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let player = n.state.current as usize;
        let log_visits = (n.visits as f64).ln();
        let (mut best, mut best_value) = (n.children[0], f64::NEG_INFINITY);
        for (k, &c) in n.children.iter().enumerate() {
            let child = &self.nodes[c];
            let mut value = child.totals[player] / child.visits as f64
                + self.settings.exploration * (log_visits / child.visits as f64).sqrt();
            if node == 0 {
                value -= self.root_cost[k];
            }
            if value > best_value {
                (best, best_value) = (c, value);
            }
        }
        best
    }

    fn rollout(&self, start: &Position, rng: &mut PyRandom) -> Rewards {
        let s = &self.settings;
        if start.is_over() || start.phase != Phase::Normal {
            return rewards(start, &s.leaf);
        }
        let mut state = *start;
        for _ in 0..s.horizon {
            if state.draw_pending {
                let cards: Vec<u8> = state.chance_outcomes().collect();
                let card = cards[rng.below(cards.len()).expect("an unseen card")];
                state.apply_chance(card).expect("an unseen card");
            }
            if state.is_over() || state.phase != Phase::Normal {
                break;
            }
            let mv = rollout_move(&state, rng, &s.rollout);
            state.apply(mv).expect("the rollout's move is legal");
        }
        rewards(&state, &s.leaf)
    }
}

impl Policy for MctsPolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        if legal.len() == 1 {
            self.last_visits.clear();
            return legal[0];
        }
        self.last_visits = self.search(pos);
        let mut best: Option<((u32, f64), Move)> = None;
        for &(mv, visits, mean) in &self.last_visits {
            if best.is_none_or(|(key, _)| (visits, mean) > key) {
                best = Some(((visits, mean), mv));
            }
        }
        best.expect("a searched move").1
    }
}
