//! What a finished game is worth to each player (the Python `engine/advisor/outcome.py`).
//!
//! A [`Value`] is `(win share, margin to the best opponent, final circulation)`;
//! a player prefers the larger in that order ([`prefers`]), the exact search's
//! tie rule and the advisor's ranking key.

use crate::position::Position;
use crate::tables::MAXP;

/// `(win share, margin, circulation)` of one player: share 1/k among k winners, else 0.
pub type Value = (f64, i32, i32);

/// Every player's [`Value`] (the first `n`).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Outcome {
    pub n: u8,
    pub values: [Value; MAXP],
}

impl Outcome {
    pub fn as_slice(&self) -> &[Value] {
        &self.values[..self.n as usize]
    }
}

/// Whether `a` is strictly preferred to `b` (Python's tuple `>`: share, then margin, then circulation).
pub fn prefers(a: Value, b: Value) -> bool {
    a.0 > b.0 || (a.0 == b.0 && (a.1 > b.1 || (a.1 == b.1 && a.2 > b.2)))
}

/// Every player's value in `pos` (`final_values`): over, the winners share the win; a game stopped
/// before its end has no winner.
pub fn final_values(pos: &Position) -> Outcome {
    let n = pos.n_players();
    let winners = pos.winners();
    let k = winners.count_ones();
    let mut out = Outcome { n: n as u8, values: [(0.0, 0, 0); MAXP] };
    for i in 0..n {
        let mine = pos.players[i].circulation as i32;
        let best_other = (0..n).filter(|&j| j != i).map(|j| pos.players[j].circulation as i32).max().unwrap_or(0);
        let share = if winners & (1 << i) != 0 { 1.0 / k as f64 } else { 0.0 };
        out.values[i] = (share, mine - best_other, mine);
    }
    out
}
