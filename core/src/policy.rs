//! Playout policies: who chooses the move at a decision node.
//!
//! A [`Policy`] gets the position and its legal moves (in the engine's order)
//! and returns one of them. Each policy is decision-identical to a Python bot:
//! it draws from its own [`PyRandom`] seeded as the bot's `random.Random` is,
//! exactly when and as the bot draws.
//!
//! - [`RandomPolicy`]: `RandomBot` (`engine/play/bots.py`);
//! - [`GreedyPolicy`](crate::greedy::GreedyPolicy): `GreedyBot`;
//! - [`HeuristicPolicy`](crate::heuristic::HeuristicPolicy): `HeuristicBot` (`engine/play/heuristic.py`);
//! - [`EvaluatorPolicy`](crate::league::EvaluatorPolicy), [`TimerPolicy`](crate::league::TimerPolicy):
//!   the league's `EvaluatorBot` and `TimerBot` (`engine/play/league/`), which draw nothing;
//! - [`MctsPolicy`](crate::league::MctsPolicy): the league's `MctsBot`, whose generator per decision
//!   is `random.Random(seed * 1_000_003 + ply)` (from the seed itself: [`Seed`]);
//! - [`ValuePolicy`](crate::value_policy::ValuePolicy): the value bot, `ValueBot`
//!   (`engine/advisor/value_bot.py`): the value model one move ahead;
//! - the advisor's mixed playout bot: in each playout and seat the value bot or the heuristic bot,
//!   drawn from the seat's seed.
//! - [`SoftmaxPolicy`](crate::move_policy::SoftmaxPolicy): the softmax bot, `SoftmaxBot`
//!   (`engine/advisor/softmax_bot.py`): a move policy's softmax draw, alone or in the value bot's place
//!   in the mix.
//! - any of them with its final-edition decisions made by the exact final-edition search
//!   ([`exact::best_move`](crate::exact::best_move)): the Python `ExactFinalBot` (`engine/advisor/exact.py`).
//!
//! [`PolicySpec`] says which bot sits in every seat and how it is made from a
//! seed: as a tournament seats it (fixed parameters), or as the advisor's
//! playouts do (`engine/advisor/policy.py`'s `rollout_bot`: parameters drawn
//! from `random.Random(seed)` -- the greedy bot's threshold and reporter cost,
//! the heuristic bot's jittered weights -- then the bot seeded with the same seed).

use std::hash::{BuildHasherDefault, Hasher};

use crate::greedy::GreedyPolicy;
use crate::heuristic::{HeuristicPolicy, Weights};
use crate::league::{EvaluatorPolicy, EvaluatorWeights, MctsPolicy, MctsSettings, TimerPolicy, TimerSettings};
use crate::moves::{Move, MOVE_KINDS};
use crate::position::Position;
use crate::rng::{PyRandom, Seed};

/// A bot's parameters that are all numbers, mirroring a Python dataclass field by field: the struct
/// (`f64` fields in the dataclass's order), `FIELDS` (the names in that order; the tests check them
/// against `dataclasses.fields`), `from_values` and `values` (in `FIELDS` order). The values always
/// come from Python (`py/search.rs` reads them by name).
macro_rules! float_parameters {
    ($(#[$meta:meta])* pub struct $name:ident { $($field:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Debug, Default)]
        pub struct $name {
            $(pub $field: f64,)*
        }

        impl $name {
            /// The field names in the dataclass's order.
            pub const FIELDS: [&'static str; [$(stringify!($field)),*].len()] = [$(stringify!($field)),*];

            /// From the values in `FIELDS` order.
            pub fn from_values(values: [f64; [$(stringify!($field)),*].len()]) -> $name {
                let [$($field),*] = values;
                $name { $($field),* }
            }

            /// The values in `FIELDS` order.
            pub fn values(&self) -> [f64; [$(stringify!($field)),*].len()] {
                [$(self.$field),*]
            }
        }
    };
}
pub(crate) use float_parameters;

pub trait Policy {
    /// One of `legal` (never empty at a decision node) for the player to move in `pos`.
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move;
}

/// The Python `RandomBot`: a kind of move (assign, recall, reassign, press, ...) uniformly
/// among the kinds present, in the order they first appear, then a move of that kind uniformly.
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    pub rng: PyRandom,
}

impl RandomPolicy {
    /// Seeded like `RandomBot(seed)`.
    pub fn new(seed: u64) -> RandomPolicy {
        RandomPolicy { rng: PyRandom::from_u64(seed) }
    }
}

impl Policy for RandomPolicy {
    fn choose(&mut self, _pos: &Position, legal: &[Move]) -> Move {
        let mut kinds = [0usize; MOVE_KINDS];
        let mut count = [0usize; MOVE_KINDS];
        let mut present = 0;
        for mv in legal {
            let k = mv.kind();
            if count[k] == 0 {
                kinds[present] = k;
                present += 1;
            }
            count[k] += 1;
        }
        let kind = *self.rng.choice(&kinds[..present]).unwrap_or(&0);
        let nth = self.rng.below(count[kind]).unwrap_or(0);
        legal.iter().filter(|m| m.kind() == kind).nth(nth).copied().unwrap_or(Move::Decline)
    }
}

/// Which bot plays, and how it is made from its seed.
#[derive(Clone, Debug, PartialEq)]
pub enum PolicySpec {
    /// `RandomBot(seed)`.
    Random,
    /// `GreedyBot(seed, threshold, reporter_cost)`.
    Greedy { threshold: f64, reporter_cost: f64 },
    /// `HeuristicBot(seed, weights)`.
    Heuristic { weights: Weights },
    /// The advisor's jittered greedy bot: `rng = Random(seed)`, threshold `base + rng.randrange(spread)`,
    /// reporter cost `rng.choice(costs)`, then `GreedyBot(seed, ...)`.
    JitteredGreedy { base: f64, spread: u64, costs: Vec<f64> },
    /// The advisor's jittered heuristic bot: `rng = Random(seed)`, each weight times
    /// `1 + rng.uniform(-jitter, jitter)` in field order, then `HeuristicBot(seed, jittered)`.
    JitteredHeuristic { weights: Weights, jitter: f64 },
    /// The league's `EvaluatorBot(seed, weights)` (deterministic: the seed is not used).
    Evaluator { weights: EvaluatorWeights },
    /// The league's `TimerBot(seed, settings)` (deterministic: the seed is not used).
    Timer { settings: TimerSettings },
    /// The league's `MctsBot(seed, settings)`.
    Mcts { settings: MctsSettings },
    /// The value bot (`ValueBot`, [`crate::value_policy`]): `rng = Random(seed)`, the heuristic
    /// weights jittered as in `JitteredHeuristic`, then the value bot drawing its noise from `rng` and
    /// carrying `HeuristicBot(seed, jittered)` for the final edition.
    Value { model: std::sync::Arc<crate::value::ValueModel>, weights: Weights, jitter: f64, margin_weight: f64, noise: f64 },
    /// The advisor's mixed playout bot: `rng = Random(seed)`, the value bot (as in `Value`, its weights
    /// jittered from the same `rng`) when `rng.random() < share`, else the jittered heuristic bot (as in
    /// `JitteredHeuristic`, its weights jittered after that draw).
    Mixed { model: std::sync::Arc<crate::value::ValueModel>, weights: Weights, jitter: f64, margin_weight: f64, noise: f64, share: f64 },
    /// The softmax bot (`SoftmaxBot`, [`crate::move_policy`]) in the value bot's place: as `Value` (with
    /// `share: None`) or as `Mixed` (with `share`), the softmax bot drawing its noise from `rng` where the
    /// value bot would, carrying the jittered heuristic bot for the final edition.
    Softmax { model: std::sync::Arc<crate::move_policy::MovePolicyModel>, weights: Weights, jitter: f64, share: Option<f64> },
    /// `ExactFinalBot(inner)`: the bot `inner` makes from the same seed, except that every decision of the
    /// final edition (no card to draw) is the exact search's move; `inner` is not asked there.
    ExactFinal { inner: Box<PolicySpec> },
    /// The bot `inner` makes from the same seed, wrapped as in `ExactFinal` only when it is a value or
    /// softmax bot (the Python `rollout_bot(..., exact_seats=True)`): in a mixed playout the seats that
    /// stand for a player who weighs the whole position play the final edition exactly, the heuristic
    /// seats as the heuristic bot does.
    ExactSeats { inner: Box<PolicySpec> },
    /// The table read (`engine/arena/table_reading.py`): in a playout, the seat of player `p` is made by one
    /// of `seats[p]`'s specs, drawn by their weights from a generator of the seat's seed apart from the bot's
    /// own ([`table_draw`]); a player without weights (the one advised) is made by `base`, as is every seat
    /// where the seat is not known ([`make`](Self::make)).
    Table { base: Box<PolicySpec>, seats: Vec<Vec<(f64, PolicySpec)>> },
}

/// The generator that draws a seat's style in a [`PolicySpec::Table`]: `random.Random(abs(seed) + 2**100)`,
/// so the draw is not the bot's own first draw (the bot, made from `seed`, is the style's own bot of that seed).
pub fn table_draw(seed: &Seed) -> PyRandom {
    seed.offset_abs(100).rng()
}

impl PolicySpec {
    /// The bot this spec makes for a seed (its generator is `random.Random(seed)`, cloned where the
    /// Python code makes a second generator with the same seed).
    pub fn make(&self, seed: &Seed) -> Bot {
        self.make_seeded(seed, seed.rng())
    }

    /// [`make`](Self::make) with `seeded` already made: `random.Random(seed)`, untouched.
    pub fn make_seeded(&self, seed: &Seed, seeded: PyRandom) -> Bot {
        match self {
            PolicySpec::Random => Bot::Random(RandomPolicy { rng: seeded }),
            PolicySpec::Greedy { threshold, reporter_cost } => {
                Bot::Greedy(GreedyPolicy::new(seeded, *threshold, *reporter_cost))
            }
            PolicySpec::Heuristic { weights } => Bot::Heuristic(Box::new(HeuristicPolicy::new(*weights, seeded))),
            PolicySpec::JitteredGreedy { base, spread, costs } => {
                let mut rng = seeded.clone();
                let threshold = base + rng.randbelow(*spread).expect("a spread of at least 1") as f64;
                let cost = *rng.choice(costs).expect("at least one reporter cost");
                Bot::Greedy(GreedyPolicy::new(seeded, threshold, cost))
            }
            PolicySpec::JitteredHeuristic { weights, jitter } => {
                let mut rng = seeded.clone();
                let w = weights.jittered(&mut rng, *jitter);
                Bot::Heuristic(Box::new(HeuristicPolicy::new(w, seeded)))
            }
            PolicySpec::Evaluator { weights } => Bot::Evaluator(Box::new(EvaluatorPolicy::new(*weights))),
            PolicySpec::Timer { settings } => Bot::Timer(Box::new(TimerPolicy::new(*settings))),
            PolicySpec::Mcts { settings } => Bot::Mcts(Box::new(MctsPolicy::new(*settings, seed.clone()))),
            PolicySpec::Value { model, weights, jitter, margin_weight, noise } => {
                let mut rng = seeded.clone();
                let w = weights.jittered(&mut rng, *jitter);
                Bot::Value(Box::new(crate::value_policy::ValuePolicy {
                    model: model.clone(),
                    margin_weight: *margin_weight,
                    noise: *noise,
                    rng,
                    fallback: HeuristicPolicy::new(w, seeded),
                }))
            }
            PolicySpec::Mixed { model, weights, jitter, margin_weight, noise, share } => {
                let mut rng = seeded.clone();
                let value = rng.random() < *share;
                let w = weights.jittered(&mut rng, *jitter);
                let heuristic = HeuristicPolicy::new(w, seeded);
                if !value {
                    return Bot::Heuristic(Box::new(heuristic));
                }
                Bot::Value(Box::new(crate::value_policy::ValuePolicy {
                    model: model.clone(),
                    margin_weight: *margin_weight,
                    noise: *noise,
                    rng,
                    fallback: heuristic,
                }))
            }
            PolicySpec::Softmax { model, weights, jitter, share } => {
                let mut rng = seeded.clone();
                let softmax = share.is_none_or(|share| rng.random() < share);
                let w = weights.jittered(&mut rng, *jitter);
                let heuristic = HeuristicPolicy::new(w, seeded);
                if !softmax {
                    return Bot::Heuristic(Box::new(heuristic));
                }
                Bot::Softmax(Box::new(crate::move_policy::SoftmaxPolicy { model: model.clone(), rng, fallback: heuristic }))
            }
            PolicySpec::ExactFinal { inner } => Bot::ExactFinal(Box::new(inner.make_seeded(seed, seeded))),
            PolicySpec::ExactSeats { inner } => match inner.make_seeded(seed, seeded) {
                bot @ (Bot::Value(_) | Bot::Softmax(_)) => Bot::ExactFinal(Box::new(bot)),
                bot => bot,
            },
            PolicySpec::Table { base, .. } => base.make_seeded(seed, seeded),
        }
    }

    /// The bot of player `seat` (a [`PolicySpec::Table`] draws its style there; any other spec is
    /// [`make_seeded`](Self::make_seeded)).
    pub fn make_for_seat(&self, seat: usize, seed: &Seed, seeded: PyRandom) -> Bot {
        match self {
            PolicySpec::Table { base, seats } => match seats.get(seat).filter(|w| !w.is_empty()) {
                None => base.make_seeded(seed, seeded),
                Some(weights) => {
                    let total: f64 = weights.iter().map(|(w, _)| w).sum();
                    let mut at = table_draw(seed).random() * total;
                    let last = weights.len() - 1;
                    for (k, (w, spec)) in weights.iter().enumerate() {
                        if at < *w || k == last {
                            return spec.make_seeded(seed, seeded);
                        }
                        at -= w;
                    }
                    unreachable!("a table seat has at least one style")
                }
            },
            _ => self.make_seeded(seed, seeded),
        }
    }
}

/// A seated bot (an enum, so a playout's bots live in one `Vec` without dynamic dispatch).
#[derive(Clone, Debug)]
pub enum Bot {
    Random(RandomPolicy),
    Greedy(GreedyPolicy),
    Heuristic(Box<HeuristicPolicy>),
    Evaluator(Box<EvaluatorPolicy>),
    Timer(Box<TimerPolicy>),
    Mcts(Box<MctsPolicy>),
    Value(Box<crate::value_policy::ValuePolicy>),
    Softmax(Box<crate::move_policy::SoftmaxPolicy>),
    ExactFinal(Box<Bot>),
}

impl Policy for Bot {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        match self {
            Bot::Random(b) => b.choose(pos, legal),
            Bot::Greedy(b) => b.choose(pos, legal),
            Bot::Heuristic(b) => b.choose(pos, legal),
            Bot::Evaluator(b) => b.choose(pos, legal),
            Bot::Timer(b) => b.choose(pos, legal),
            Bot::Mcts(b) => b.choose(pos, legal),
            Bot::Value(b) => b.choose(pos, legal),
            Bot::Softmax(b) => b.choose(pos, legal),
            Bot::ExactFinal(b) => {
                if crate::exact::is_deterministic(pos) && !pos.is_over() {
                    crate::exact::best_move(pos).expect("the exact search of a final-edition position")
                } else {
                    b.choose(pos, legal)
                }
            }
        }
    }
}

/// A small, fast hasher for the policies' and the exact search's tables (keys are short byte
/// strings made by the core itself, so no protection against chosen collisions is needed).
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let word = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
        }
        for &b in chunks.remainder() {
            self.hash = (self.hash.rotate_left(5) ^ b as u64).wrapping_mul(SEED);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.hash = (self.hash.rotate_left(5) ^ i as u64).wrapping_mul(SEED);
    }

    fn write_usize(&mut self, i: usize) {
        self.hash = (self.hash.rotate_left(5) ^ i as u64).wrapping_mul(SEED);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

pub type FastHash = BuildHasherDefault<FxHasher>;
