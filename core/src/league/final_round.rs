//! The final edition played out by a fixed rule (the Python `engine/play/league/final_round.py`):
//! what the league bots foresee once no card is left to draw.
//!
//! A restricted turn takes the move that leaves the player the best page -- a press now, or one
//! reporter added (from home, or moved from another story) to claim one more story -- its gain by
//! the fast solver with the frozen beat values, a press winning a tie; in the last round a player
//! presses whenever they can claim a story. The candidates come in the Python order (stories in
//! the order they came into play, then the reassign sources in that order), the first of equals
//! kept.

use crate::moves::Move;
use crate::position::{Phase, Position};
use crate::press::PressValuer;
use crate::story::stories_of;
use crate::tables::MAXP;

use super::reading::claim_after;

/// The move the rule makes for the player to move in the final edition (`final_reply`).
pub fn final_reply(pos: &Position) -> Move {
    let player = pos.current as usize;
    let claim = pos.claimable(player);
    if pos.phase == Phase::FinalPresses {
        return if claim != 0 { Move::Press } else { Move::Decline };
    }
    let valuer = PressValuer::for_player(pos, player);
    let (mut best_move, mut best) = if claim != 0 { (Some(Move::Press), valuer.gain(stories_of(claim))) } else { (None, -1) };
    let home = pos.players[player].home;
    let entered = pos.stories_as_entered();
    let mut consider = |mv: Move, changes: &[(crate::story::Story, i32)]| {
        let gain = valuer.gain(claim_after(pos, player, changes).iter().copied());
        if gain > best {
            best_move = Some(mv);
            best = gain;
        }
    };
    for &story in entered {
        if home > 0 {
            consider(Move::Assign { story, count: 1 }, &[(story, 1)]);
        }
        for &src in entered {
            if src != story && pos.reporters[src.id()][player] > 0 {
                consider(Move::Reassign { from: src, to: story }, &[(src, -1), (story, 1)]);
            }
        }
    }
    best_move.unwrap_or_else(|| pos.legal_moves()[0])
}

/// A copy of `pos` (in the final edition) played to the end by [`final_reply`] (`play_out`).
pub fn play_out(pos: &Position) -> Position {
    assert!(pos.phase != Phase::Normal, "the final edition has not begun (normal play): nothing to play out without cards");
    let mut end = *pos;
    while !end.is_over() {
        end.apply(final_reply(&end)).expect("the rule's move is legal");
    }
    end
}

/// Every player's final circulation and the winners (bit per player) when `pos` is played out by
/// the rule (`pos` itself if the game is over) (`final_scores`).
pub fn final_scores(pos: &Position) -> ([u16; MAXP], u8) {
    let end = if pos.is_over() { *pos } else { play_out(pos) };
    (end.players.map(|p| p.circulation), end.winners())
}
