//! The turn: whether a move is legal, and playing it (the Python `engine/rules.py`).
//!
//! [`Position::apply`] plays a move for the player to move: the action, then
//! (in normal play) the news-beat adjustment, then the next player. A press
//! that draws a headline card stops at a chance node
//! ([`Position::is_chance_node`]); [`crate::chance`] resolves it.

use crate::error::{CoreError, CoreResult};
use crate::events::Event;
use crate::moves::{action_count, legal_moves_into, Move};
use crate::position::{Phase, Position};
use crate::press::press_outcome;
use crate::story::Story;

pub const DRAW_FIRST: &str = "a headline card must be drawn first (the last press draws one)";

fn illegal<T>(why: impl Into<String>) -> CoreResult<T> {
    Err(CoreError::IllegalMove(why.into()))
}

impl Position {
    /// Every legal move of the player to move, in the engine's order.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        legal_moves_into(self, out)
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        legal_moves_into(self, &mut out);
        out
    }

    fn on_board(&self, story: Story) -> bool {
        self.on_board & story.bit() != 0
    }

    /// `Ok` if `mv` is legal now, else why not (checked without listing every move).
    pub fn check_move(&self, mv: &Move) -> CoreResult<()> {
        if self.is_over() {
            return illegal("the game is over");
        }
        if self.draw_pending {
            return illegal(DRAW_FIRST);
        }
        let player = self.current as usize;
        let holds_newsboy = self.newsboy == Some(self.current);
        if let Move::Newsboy = mv {
            return if holds_newsboy { Ok(()) } else { illegal("you do not hold the newsboy") };
        }
        if holds_newsboy {
            return illegal("you hold the newsboy: your only move is to pass it to the right");
        }
        let restricted = self.phase == Phase::FinalTurns;
        match *mv {
            Move::Decline => {
                let claim = (self.claimable(player) != 0) as usize;
                if self.phase == Phase::FinalPresses || action_count(self, player, claim) == 0 {
                    Ok(())
                } else {
                    illegal("you cannot decline now: take an action")
                }
            }
            Move::Press => {
                if self.claimable(player) == 0 {
                    illegal("you cannot go to press: there is no story you can claim")
                } else {
                    Ok(())
                }
            }
            _ if self.phase == Phase::FinalPresses => {
                illegal("in the final edition's last round you may only go to press or decline")
            }
            Move::Assign { story, count } => {
                if count < 1 || (restricted && count > 1) {
                    illegal(format!("you cannot assign {count} reporters now"))
                } else if !self.on_board(story) {
                    illegal(format!("{story} is not on the board"))
                } else if count > self.players[player].home {
                    illegal(format!("you have only {} reporters at home", self.players[player].home))
                } else {
                    Ok(())
                }
            }
            Move::Recall(items) => {
                let total: u8 = items.iter().map(|&(_, n)| n).sum();
                if items.is_empty() || items.iter().any(|&(_, n)| n < 1) || (restricted && total > 1) {
                    return illegal(format!("you cannot recall {total} reporters now"));
                }
                for (i, &(story, n)) in items.iter().enumerate() {
                    if items.iter().skip(i + 1).any(|&(s, _)| s == story) {
                        return illegal("name each story once");
                    }
                    if !self.on_board(story) || self.reporters[story.id()][player] < n {
                        return illegal(format!("you do not have {n} reporters on {story}"));
                    }
                }
                Ok(())
            }
            Move::Reassign { from, to } => {
                if !self.on_board(from) || self.reporters[from.id()][player] == 0 {
                    illegal(format!("you have no reporters on {from}"))
                } else if !self.on_board(to) || to == from {
                    illegal(format!("you cannot reassign to {to}"))
                } else {
                    Ok(())
                }
            }
            Move::Newsboy => unreachable!("handled above"),
        }
    }

    /// Play `mv` for the player to move; an illegal move changes nothing and says why.
    pub fn apply(&mut self, mv: Move) -> CoreResult<Event> {
        self.check_move(&mv)?;
        let player = self.current as usize;
        let mut press = None;
        let mut touched: u8 = 0;
        match mv {
            Move::Press => {
                let outcome = press_outcome(self, player)?;
                self.resolve_press(&outcome);
                touched = 0b11111;
                press = Some(outcome);
            }
            Move::Assign { story, count } => {
                self.reporters[story.id()][player] += count;
                self.players[player].home -= count;
                touched = 1 << story.beat();
            }
            Move::Recall(items) => {
                for &(story, n) in items.iter() {
                    self.reporters[story.id()][player] -= n;
                    self.players[player].home += n;
                    touched |= 1 << story.beat();
                }
            }
            Move::Reassign { from, to } => {
                self.reporters[from.id()][player] -= 1;
                self.reporters[to.id()][player] += 1;
                touched = 1 << from.beat() | 1 << to.beat();
            }
            Move::Newsboy => {
                let n = self.n_players();
                self.newsboy = Some(((player + n - 1) % n) as u8);
            }
            Move::Decline => {}
        }
        self.ply += 1;
        self.adjust_markers(touched); // a no-op once the final edition has begun
        let mut end = None;
        if !self.draw_pending {
            let triggered = press.is_some_and(|p| p.final_edition);
            end = self.next_turn(player, press.is_some(), triggered);
        }
        Ok(Event { ply: self.ply, player: player as u8, mv, press, end })
    }

    /// Play the move with this notation (as the engine's `str(move)` writes it).
    pub fn apply_notation(&mut self, text: &str) -> CoreResult<Event> {
        if self.is_over() || self.draw_pending {
            self.check_move(&Move::Decline)?; // says why no move can be played now
        }
        let mut moves = Vec::new();
        legal_moves_into(self, &mut moves);
        match moves.iter().find(|m| m.to_string() == text) {
            Some(&mv) => self.apply(mv),
            None if text.starts_with("press ") => illegal(
                "the native core presses only with the optimal page ('press'); a proposed page is checked by the Python engine",
            ),
            None => illegal(format!("{text:?} is not a legal move now")),
        }
    }
}
