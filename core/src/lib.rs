//! pennypress-core: the Penny Press rules in Rust, for search.
//!
//! The Python engine (`pennypress.engine`) is the readable reference; this crate
//! plays the same game -- the same legal moves in the same order, the same
//! transitions, the same events -- on a compact public position, so that
//! playouts run natively. Everything the rules count with (tracks, decks, the
//! fast solver's page tables) is generated from the Python tables
//! (`core/generate_tables.py`), never typed a second time.
//!
//! On top of the rules, the search: the Python bots as playout policies
//! ([`policy`], [`greedy`], [`heuristic`]), the league's opponents as tournament seats
//! ([`league`]: the evaluator, the timer and the MCTS bot), playouts on rayon threads
//! ([`playout`]) and the exact final-edition search ([`exact`]).
//!
//! A playout loop:
//!
//! ```
//! use pennypress_core::{Position, PyRandom, RandomPolicy, Policy};
//! # fn start() -> Position { pennypress_core::position::testing::new_game(3, 7) }
//! let mut pos: Position = start();
//! let mut chance = PyRandom::from_u64(1);
//! let mut bots: Vec<RandomPolicy> = (0..3).map(|seat| RandomPolicy::new(10 + seat)).collect();
//! let mut legal = Vec::new();
//! while !pos.is_over() {
//!     pos.legal_moves_into(&mut legal);
//!     let mv = bots[pos.current as usize].choose(&pos, &legal);
//!     pos.apply(mv).expect("a move from the legal list");
//!     pos.resolve_chance(&mut chance).expect("cards to draw");
//! }
//! assert!(pos.winners() != 0);
//! ```

pub mod chance;
pub mod document;
pub mod error;
pub mod events;
pub mod exact;
pub mod fuzzing;
mod generated;
pub mod greedy;
pub mod heuristic;
pub mod league;
pub mod move_policy;
pub mod moves;
pub mod outcome;
pub mod pages;
pub mod playout;
pub mod policy;
pub mod position;
pub mod press;
pub mod rng;
pub mod rules;
pub mod scoring;
pub mod small;
pub mod story;
pub mod tables;
pub mod turns;
pub mod value;
pub mod value_policy;

#[cfg(feature = "python")]
mod py;

pub use error::CoreError;
pub use events::{Drawn, EndOutcome, Event, PressOutcome};
pub use moves::Move;
pub use pages::{best_page, page_value, Item, PageValue};
pub use exact::ExactSearch;
pub use greedy::GreedyPolicy;
pub use heuristic::{HeuristicPolicy, Weights};
pub use league::{EvaluatorPolicy, EvaluatorWeights, MctsPolicy, MctsSettings, TimerPolicy, TimerSettings};
pub use outcome::{Outcome, Value};
pub use playout::{playout, run_batch, Leaf, PlayoutResult};
pub use policy::{Bot, Policy, PolicySpec, RandomPolicy};
pub use position::{Phase, Position};
pub use rng::PyRandom;
pub use story::Story;
pub use value::ValueModel;
