//! Exact search of the final edition (the Python `engine/advisor/exact.py`'s `ExactSearch`).
//!
//! From the start of the final edition no card is drawn, so the rest is a
//! finite deterministic game, solved by full recursion with a memo: each
//! player to move takes the move whose outcome it prefers
//! ([`prefers`](crate::outcome::prefers): own win share, then own margin,
//! then own circulation), the first in legal-move order among equals. The memo
//! is keyed on everything that can still matter once the markers are frozen
//! ([`exact_key`]), board order included -- it decides the legal-move order and
//! so which of equally good moves is taken -- so an answer never depends on
//! what was searched before.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::error::{CoreError, CoreResult};
use crate::moves::Move;
use crate::outcome::{final_values, prefers, Outcome};
use crate::policy::FastHash;
use crate::position::{Phase, Position};
use crate::story::Story;
use crate::tables::{MAX_PUBLISHED, NBEATS};

/// True when nothing random can happen any more: the final edition (no draw pending) or the end.
pub fn is_deterministic(pos: &Position) -> bool {
    pos.is_over() || (matches!(pos.phase, Phase::FinalTurns | Phase::FinalPresses) && !pos.draw_pending)
}

/// The memo key of a final-edition position: phase, player to move, the round's pending players,
/// the trigger player, the board (each column bottom to top, every story's reporters), each
/// player's mat (published stories as a set), the frozen markers and the bonus track. Supply
/// stacks, the deck and the order stories came into play cannot change anything any more.
pub fn exact_key(pos: &Position) -> Vec<u8> {
    let n = pos.n_players();
    let mut key = Vec::with_capacity(256);
    key.push(pos.phase as u8);
    key.push(pos.current);
    key.push(pos.pending.len() as u8);
    key.extend_from_slice(pos.pending.as_slice());
    key.push(pos.trigger_player.map_or(u8::MAX, |p| p));
    for b in 0..NBEATS as u8 {
        let column = pos.column(b);
        key.push(column.len() as u8);
        for &s in column {
            key.push(s.0);
            key.extend_from_slice(&pos.reporters[s.id()][..n]);
        }
    }
    for p in &pos.players[..n] {
        key.push(p.home);
        key.push(p.pennies);
        key.extend_from_slice(&p.circulation.to_le_bytes());
        match p.ad {
            Some((x, y)) => key.extend_from_slice(&[1, x, y]),
            None => key.push(0),
        }
        key.push(p.done as u8);
        let mut published = [Story::default(); MAX_PUBLISHED];
        let k = p.published.len();
        published[..k].copy_from_slice(p.published.as_slice());
        published[..k].sort_unstable();
        key.push(k as u8);
        key.extend(published[..k].iter().map(|s| s.0));
    }
    key.extend_from_slice(&pos.markers);
    key.extend_from_slice(&pos.bonus);
    key
}

/// Solves final-edition positions; keep one to share its memo between questions.
#[derive(Default)]
pub struct ExactSearch {
    memo: HashMap<Vec<u8>, Outcome, FastHash>,
    /// Positions solved (memo misses), as the Python search counts them.
    pub nodes: u64,
    /// Refuse (an error, nothing half-answered) once more than this many positions are solved.
    pub limit: Option<u64>,
}

impl ExactSearch {
    pub fn new() -> ExactSearch {
        ExactSearch::default()
    }

    /// A search that gives up with [`CoreError::BadInput`] after solving `limit` positions.
    pub fn with_limit(limit: u64) -> ExactSearch {
        ExactSearch { limit: Some(limit), ..ExactSearch::default() }
    }

    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    pub fn clear(&mut self) {
        self.memo.clear();
    }

    /// Every player's outcome under optimal play from `pos`.
    pub fn value(&mut self, pos: &Position) -> CoreResult<Outcome> {
        if pos.is_over() {
            return Ok(final_values(pos));
        }
        if !is_deterministic(pos) {
            return Err(CoreError::BadInput(
                "exact search needs a final-edition position (no card left to draw)".into(),
            ));
        }
        let key = exact_key(pos);
        if let Some(hit) = self.memo.get(&key) {
            return Ok(*hit);
        }
        self.nodes += 1;
        if let Some(limit) = self.limit.filter(|&l| self.nodes > l) {
            return Err(CoreError::BadInput(format!(
                "the final edition is too large to search exactly here (more than {limit} positions)"
            )));
        }
        let player = pos.current as usize;
        let mut best: Option<Outcome> = None;
        for mv in pos.legal_moves() {
            let v = self.value(&child(pos, mv)?)?;
            if best.is_none_or(|b| prefers(v.values[player], b.values[player])) {
                best = Some(v);
            }
        }
        let best = best.ok_or_else(|| CoreError::BadPosition("a final-edition position without a move".into()))?;
        self.memo.insert(key, best);
        Ok(best)
    }

    /// Each legal move of the player to move with everyone's outcome after it (optimal play after).
    pub fn move_values(&mut self, pos: &Position) -> CoreResult<Vec<(Move, Outcome)>> {
        if !is_deterministic(pos) {
            return Err(CoreError::BadInput(
                "exact search needs a final-edition position (no card left to draw)".into(),
            ));
        }
        pos.legal_moves().into_iter().map(|mv| Ok((mv, self.value(&child(pos, mv)?)?))).collect()
    }
}

fn child(pos: &Position, mv: Move) -> CoreResult<Position> {
    let mut next = *pos;
    next.apply(mv)?;
    Ok(next)
}

/// Memo entries a thread's exact search keeps before it starts afresh (a bound on memory -- about 450
/// bytes a position -- that no answer depends on).
pub const EXACT_MEMO_LIMIT: usize = 10_000;

thread_local! {
    /// Each thread's exact search for the bots' final-edition decisions ([`best_move`]), kept between
    /// decisions and games; apart from the playouts' own, so one never waits on the other's borrow.
    static BOTS_EXACT: RefCell<ExactSearch> = RefCell::new(ExactSearch::new());
}

/// The exact search's move for the player to move in a final-edition position (no card to draw): the
/// first legal move whose outcome that player [`prefers`] to every other's -- the move the search's own
/// recursion takes. Uses this thread's search ([`EXACT_MEMO_LIMIT`]).
pub fn best_move(pos: &Position) -> CoreResult<Move> {
    BOTS_EXACT.with(|cell| {
        let mut search = cell.borrow_mut();
        if search.memo_len() > EXACT_MEMO_LIMIT {
            search.clear();
        }
        search.best_move(pos)
    })
}

impl ExactSearch {
    /// The move the search's recursion takes in a final-edition position: the first legal move whose
    /// outcome the player to move [`prefers`] to every other's.
    pub fn best_move(&mut self, pos: &Position) -> CoreResult<Move> {
        let me = pos.current as usize;
        let mut best: Option<(Move, Outcome)> = None;
        for (mv, v) in self.move_values(pos)? {
            if best.is_none_or(|(_, b)| prefers(v.values[me], b.values[me])) {
                best = Some((mv, v));
            }
        }
        best.map(|(mv, _)| mv).ok_or_else(|| CoreError::BadPosition("a final-edition position without a move".into()))
    }
}
