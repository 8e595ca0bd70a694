//! The league on the core: opponents written apart from the project's bots and the advisor's
//! playout policy (the Python `engine/play/league/`, `docs/concepts/league.md`), decision for decision.
//!
//! - [`evaluator`]: the `evaluator` seat (`evaluator.py`): a one-ply player over every legal move,
//!   scoring the position each leaves by every newspaper's projected final circulation under a
//!   threat model;
//! - [`timer`]: the `timer` seat (`timer.py`): a press-timing specialist;
//! - [`mcts`]: the `mcts` seat (`mcts.py`): a small UCT max-n tree search with its own rollout
//!   policy ([`mcts_rollout`]) and its own value of where a rollout stops ([`mcts_leaf`]), drawing
//!   from CPython's generator exactly as the Python bot draws;
//! - [`reading`] and [`final_round`]: the facts of a position they share (`reading.py`) and the fixed
//!   rule by which they foresee the final edition (`final_round.py`).
//!
//! As in Python, the league stands apart: nothing here reaches the heuristic bot
//! ([`crate::heuristic`]), the greedy bot or the advisor's search; it builds on the rules alone
//! (legal moves, [`crate::press::PressValuer`], the turn order, end scoring, the card draw). They
//! see only the public position; the evaluator and the timer draw nothing, the MCTS bot draws
//! from its own [`crate::rng::PyRandom`] seeded per decision as the Python bot seeds it. Their parameters always come from Python
//! ([`evaluator::EvaluatorWeights`], [`timer::TimerSettings`], [`mcts::MctsSettings`] mirror the
//! dataclasses field by field).
//!
//! **The same floats.** Every sum and product is made in the order the Python expression makes it
//! (Python's `max(a, b)` / `min(a, b)` keep the first argument on a tie: [`py_max`], [`py_min`]);
//! `math.exp`, `math.log` and `math.erf` are the C library's `exp`, `log` and `erf` in CPython, and so
//! they are here (Rust's `f64::exp` and `f64::ln` call the C library's; [`erf`] calls its `erf`;
//! `sqrt` is correctly rounded everywhere), so a projection is the same double on both sides and
//! ties go to the same move.

pub mod evaluator;
pub mod final_round;
pub mod mcts;
pub mod mcts_leaf;
pub mod mcts_rollout;
pub mod reading;
pub mod timer;

pub use evaluator::{EvaluatorPolicy, EvaluatorWeights};
pub use mcts::{MctsPolicy, MctsSettings};
pub use timer::{TimerPolicy, TimerSettings};

/// Python's `max(a, b)` on floats: `a` unless `b > a`.
pub fn py_max(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// Python's `min(a, b)` on floats: `a` unless `b < a`.
pub fn py_min(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

mod libm {
    extern "C" {
        pub fn erf(x: f64) -> f64;
    }
}

/// The error function: the C library's `erf`, the very function CPython's `math.erf` returns
/// (CPython 3.11 requires C99 math and calls it directly), so both sides get the same double.
pub fn erf(x: f64) -> f64 {
    // SAFETY: `erf` is a pure C99 math function taking and returning a double; it reads no memory.
    unsafe { libm::erf(x) }
}

/// The standard normal distribution function, as the league's Python modules write it:
/// `0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))`.
pub fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / 2.0f64.sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_is_the_error_function() {
        assert_eq!(erf(0.0), 0.0);
        assert!((erf(1.0) - 0.842_700_792_949_714_9).abs() < 1e-15);
        assert!((erf(-0.5) + 0.520_499_877_813_046_5).abs() < 1e-15);
        assert_eq!(erf(7.0), 1.0);
    }

    #[test]
    fn python_max_and_min_keep_the_first_argument_on_a_tie() {
        assert!(py_max(0.0, -0.0).is_sign_positive() && py_max(-0.0, 0.0).is_sign_negative());
        assert!(py_min(0.0, -0.0).is_sign_positive());
        assert_eq!((py_max(1.0, 2.0), py_min(1.0, 2.0)), (2.0, 1.0));
    }
}
