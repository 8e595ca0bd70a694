//! Turn order: the next player, the final edition's rounds, the end of the game
//! (the Python `engine/turns.py` and `next_turn` of `engine/rules.py`).

use crate::events::EndOutcome;
use crate::position::{Phase, Position};
use crate::scoring::end_scoring;
use crate::small::FixedList;
use crate::tables::MAXP;

/// The other players in turn order from the trigger player's left, leaving out those done.
pub fn final_edition_order(pos: &Position, trigger: usize) -> FixedList<u8, { MAXP - 1 }> {
    let n = pos.n_players();
    let mut order = FixedList::new();
    for k in 1..n {
        let p = (trigger + k) % n;
        if !pos.players[p].done {
            order.push(p as u8);
        }
    }
    order
}

impl Position {
    /// Advance to the next player; returns the end-game outcome if the game just ended.
    pub fn next_turn(&mut self, player: usize, pressed: bool, triggered: bool) -> Option<EndOutcome> {
        if triggered {
            return None; // start_final_edition already chose the next player
        }
        let n = self.n_players();
        if self.phase == Phase::Normal {
            if self.turns_left > 1 {
                self.turns_left -= 1;
            } else {
                self.current = ((player + 1) % n) as u8;
                self.turns_left = if self.definition.two_player { 2 } else { 1 };
            }
            return None;
        }
        if self.phase == Phase::FinalPresses || pressed {
            self.players[player].done = true;
        }
        if let Some(next) = self.pending.pop_front() {
            self.current = next;
            return None;
        }
        if self.phase == Phase::FinalTurns {
            let trigger = self.trigger_player.map_or(player, |t| t as usize);
            let order = final_edition_order(self, trigger);
            if !order.is_empty() {
                self.phase = Phase::FinalPresses;
                self.current = order[0];
                self.pending.clear();
                for &p in &order.as_slice()[1..] {
                    self.pending.push(p);
                }
                return None;
            }
        }
        Some(self.end_game())
    }

    fn end_game(&mut self) -> EndOutcome {
        let n = self.n_players();
        let outcome = end_scoring(&self.players[..n], &self.bonus);
        for (p, player) in self.players.iter_mut().enumerate().take(n) {
            player.circulation = outcome.circulation[p];
        }
        self.phase = Phase::Over;
        self.pending.clear();
        outcome
    }
}
