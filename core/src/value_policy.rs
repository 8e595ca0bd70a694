//! The value bot as a playout policy: the Python `ValueBot` (`engine/advisor/value_bot.py`),
//! decision for decision.
//!
//! In normal play every legal move is tried on a copy of the position, and the move after which the
//! value model gives the player to move the best chance (plus `margin_weight` times its expected
//! margin; a press judged before its card is drawn) is played. A seeded noise, `uniform(0, noise)`
//! drawn for every move in the engine's order, makes playouts of one future differ a little. Outside
//! normal play the heuristic bot it carries plays. The model and the numbers come from Python.

use std::cell::RefCell;
use std::hash::Hasher;
use std::sync::Arc;

use crate::heuristic::HeuristicPolicy;
use crate::moves::Move;
use crate::policy::{FxHasher, Policy};
use crate::position::{Phase, Position};
use crate::rng::PyRandom;
use crate::story::stories_of;
use crate::value::ValueModel;

/// The value bot: its model, tie-break, noise and generator, and the heuristic bot of the final edition.
#[derive(Clone, Debug)]
pub struct ValuePolicy {
    pub model: Arc<ValueModel>,
    pub margin_weight: f64,
    pub noise: f64,
    pub rng: PyRandom,
    pub fallback: HeuristicPolicy,
}

impl ValuePolicy {
    /// What a move of normal play is worth to `me` in the position `after` it (`value_after`; such a move
    /// never ends the game: a press that ends it starts the final edition).
    pub fn value_after(&self, after: &Position, me: usize) -> f64 {
        let (win, margin, _) = self.model.evaluate(after)[me];
        win + self.margin_weight * margin
    }
}

/// Bits of a thread's memo of the value bot's weighings: 2^12 entries of 728 bytes (the position, a
/// generation, two vectors) and 16 bytes a legal move on the heap (its move and its value; about 45
/// moves in a midgame, 127 the most seen): about 6 MB a thread, 11 MB at the most.
const VALUES_MEMO_BITS: u32 = 12;

/// One weighing: the generation of the memo it was made in, the position and its legal moves, and the
/// value of each move.
struct Weighing {
    generation: u64,
    pos: Position,
    legal: Vec<Move>,
    values: Vec<f64>,
}

/// A thread's weighings, all made with one model and margin weight: the memo holds that model (so its
/// address is not reused while the memo lives); a value bot with another model or margin weight starts
/// a new generation, and the weighings of earlier ones are not used again.
struct ValuesMemo {
    model: Option<Arc<ValueModel>>,
    margin_weight: u64,
    generation: u64,
    slots: Vec<Option<Weighing>>,
}

thread_local! {
    /// Each thread's memo of the value bot's weighings ([`ValuePolicy::weigh`]), direct-mapped by
    /// [`position_hash`]. The playouts of one move all start from the position after it, so the value
    /// bot weighs the same replies there in playout after playout. A weighing is a function of the
    /// model, the margin weight, the position and its legal moves, so an entry is used only when all
    /// four are the same. The noise is drawn afresh each time, so the bot's choices and its generator
    /// are exactly as without the memo: answers never depend on it, only the time does.
    static VALUES_MEMO: RefCell<ValuesMemo> = RefCell::new(ValuesMemo {
        model: None,
        margin_weight: 0,
        generation: 0,
        slots: (0..1 << VALUES_MEMO_BITS).map(|_| None).collect(),
    });
}

/// A hash of the fields of a position that the value model's features read: equal positions hash
/// alike (the memo files its weighings by it; a collision only costs a recomputation).
fn position_hash(pos: &Position) -> u64 {
    let mut h = FxHasher::default();
    h.write_u64(pos.on_board);
    for story in stories_of(pos.on_board) {
        let r = pos.reporters[story.id()];
        h.write_u64(u64::from_le_bytes([r[0], r[1], r[2], r[3], r[4], 0, 0, 0]));
    }
    for p in &pos.players[..pos.n_players()] {
        h.write_u64((p.home as u64) | (p.pennies as u64) << 8 | (p.circulation as u64) << 16
            | (p.published.len() as u64) << 32 | (p.done as u64) << 40);
    }
    let m = pos.markers;
    h.write_u64(u64::from_le_bytes([m[0], m[1], m[2], m[3], m[4], pos.current, pos.turns_left, 0]));
    h.finish()
}

impl ValuePolicy {
    /// The value of each of `legal` to the player to move in `pos`, before the noise, into `values`:
    /// [`value_after`](Self::value_after) of the position after it.
    fn weigh(&self, pos: &Position, legal: &[Move], values: &mut Vec<f64>) {
        let me = pos.current as usize;
        values.clear();
        values.extend(legal.iter().map(|&mv| {
            let mut after = *pos;
            after.apply(mv).expect("a legal move");
            self.value_after(&after, me)
        }));
    }
}

impl Policy for ValuePolicy {
    fn choose(&mut self, pos: &Position, legal: &[Move]) -> Move {
        if legal.len() == 1 {
            return legal[0];
        }
        if pos.phase != Phase::Normal {
            return self.fallback.choose(pos, legal);
        }
        let slot = (position_hash(pos) >> (64 - VALUES_MEMO_BITS)) as usize;
        let margin_weight = self.margin_weight.to_bits();
        VALUES_MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            if !memo.model.as_ref().is_some_and(|m| Arc::ptr_eq(m, &self.model)) || memo.margin_weight != margin_weight {
                (memo.model, memo.margin_weight, memo.generation) = (Some(self.model.clone()), margin_weight, memo.generation + 1);
            }
            let generation = memo.generation;
            let entry = &mut memo.slots[slot];
            if !entry.as_ref().is_some_and(|w| w.generation == generation && w.pos == *pos && w.legal == legal) {
                let mut w = entry
                    .take()
                    .unwrap_or_else(|| Weighing { generation, pos: *pos, legal: Vec::new(), values: Vec::new() });
                self.weigh(pos, legal, &mut w.values);
                (w.generation, w.pos) = (generation, *pos);
                w.legal.clear();
                w.legal.extend_from_slice(legal);
                *entry = Some(w);
            }
            let values = &entry.as_ref().expect("just weighed").values;
            let (mut best_move, mut best) = (legal[0], f64::NEG_INFINITY);
            for (&mv, &value) in legal.iter().zip(values) {
                let mut value = value;
                if self.noise > 0.0 {
                    value += self.rng.uniform(0.0, self.noise);
                }
                if value > best {
                    (best_move, best) = (mv, value);
                }
            }
            best_move
        })
    }
}
