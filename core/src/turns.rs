//! Turn order: the next player, the final edition's rounds, the end of the game
//! (the Python `engine/position/turns.py` and `engine/rules/final_edition.py`).

use crate::events::EndOutcome;
use crate::position::{Phase, Position};
use crate::scoring::end_scoring;
use crate::small::FixedList;
use crate::tables::MAXP;

/// The next turn in normal play: `(player, turns left)` after `current`'s turn -- the same player
/// while they have turns left, else the player to the left with the variant's `in_a_row` turns.
pub fn next_seat(players: usize, current: usize, turns_left: u8, in_a_row: u8) -> (usize, u8) {
    if turns_left > 1 {
        return (current, turns_left - 1);
    }
    ((current + 1) % players, in_a_row)
}

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
    /// Turns a player takes in a row in normal play (the variant's: two in the two-player game).
    pub fn turns_in_a_row(&self) -> u8 {
        if self.definition.two_player {
            2
        } else {
            1
        }
    }

    /// Advance to the next player; returns the end-game outcome if the game just ended.
    pub fn next_turn(&mut self, player: usize, pressed: bool, triggered: bool) -> Option<EndOutcome> {
        if triggered {
            return None; // start_final_edition already chose the next player
        }
        let n = self.n_players();
        if self.phase == Phase::Normal {
            let (next, left) = next_seat(n, player, self.turns_left, self.turns_in_a_row());
            self.current = next as u8;
            self.turns_left = left;
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
