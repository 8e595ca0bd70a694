//! Reading a position the way the league bots need it (the Python `engine/play/league/reading.py`):
//! who acts next, who could take a story, what the unseen cards will add -- facts of the position,
//! not a policy, built on the rules (the turn order of [`crate::turns`], the tables, the unseen
//! cards as a set).

use crate::position::{Phase, Position};
use crate::small::FixedList;
use crate::story::Story;
use crate::tables::{self, final_edition_presses, MAXP, NBEATS, REPORTERS};
use crate::turns::{final_edition_order, next_seat};

/// Turns in an acting order: at most `2 * players * turns in a row` in normal play.
pub type Order = FixedList<u8, { 4 * MAXP }>;

/// Stories one player claims (at most one per reporter).
pub type Claim = FixedList<Story, { REPORTERS as usize }>;

/// The players who act from this position on, in order, each turn once (a player with two turns
/// in a row appears twice), until every player who still acts has appeared (`acting_order`).
///
/// At a chance node the order starts after the presser's turn. In normal play the newsboy's holder
/// is left out of their next turn. In the final edition: the players still to take their one
/// restricted turn, then the last round's pressers (those not done now, from the trigger's left).
pub fn acting_order(pos: &Position) -> Order {
    let n = pos.n_players();
    let mut order = Order::new();
    if pos.is_over() {
        return order;
    }
    if pos.phase == Phase::Normal {
        let in_a_row = pos.turns_in_a_row();
        let (mut seat, mut left) = (pos.current as usize, pos.turns_left);
        if pos.draw_pending {
            (seat, left) = next_seat(n, seat, left, in_a_row);
        }
        let mut seen = 0u8;
        for _ in 0..2 * n * in_a_row as usize {
            if pos.newsboy != Some(seat as u8) || seen & (1 << seat) != 0 {
                order.push(seat as u8);
            }
            seen |= 1 << seat;
            if seen.count_ones() as usize == n && next_seat(n, seat, left, in_a_row).0 != seat {
                break;
            }
            (seat, left) = next_seat(n, seat, left, in_a_row);
        }
        return order;
    }
    order.push(pos.current);
    for &p in pos.pending.iter() {
        order.push(p);
    }
    if pos.phase == Phase::FinalPresses {
        return order;
    }
    let trigger = pos.trigger_player.unwrap_or(pos.current) as usize;
    for &p in final_edition_order(pos, trigger).iter() {
        order.push(p);
    }
    order
}

/// The turns taken before `player`'s next turn in `order` (all of them if `player` does not act).
pub fn acts_before(order: &[u8], player: usize) -> &[u8] {
    match order.iter().position(|&p| p as usize == player) {
        Some(i) => &order[..i],
        None => order,
    }
}

/// Presses `player` may still make: up to the final-edition trigger in normal play, one in the
/// final edition until they are done, none after.
pub fn presses_left(pos: &Position, player: usize) -> i32 {
    let p = &pos.players[player];
    if p.done || pos.is_over() {
        return 0;
    }
    if pos.phase == Phase::Normal {
        return final_edition_presses(pos.definition.players) as i32 - p.pennies as i32;
    }
    1
}

/// How many reporters `taker` must add to `story` to outnumber `holder` there, if they can on one
/// turn: from home, or one reporter (a restricted turn, or a reassignment from another story).
pub fn reporters_to_take(pos: &Position, taker: usize, story: Story, holder: usize, restricted: bool) -> Option<i32> {
    let r = &pos.reporters[story.id()];
    let need = r[holder] as i32 - r[taker] as i32 + 1;
    if need <= 0 {
        return Some(0);
    }
    let home = pos.players[taker].home as i32;
    if restricted || home < need {
        if need == 1 && (home > 0 || pos.on_board_of(taker) > r[taker]) {
            return Some(1);
        }
        return None;
    }
    Some(need)
}

/// The bonus-marker increase each beat gets from one more headline card, on average over the
/// unseen cards (the deck as a set: its order is never read).
pub fn bonus_rates(pos: &Position) -> [f64; NBEATS] {
    let mut rate = [0.0f64; NBEATS];
    if pos.unseen == 0 {
        return rate;
    }
    let mut size = 0u32;
    for id in 0..64u8 {
        if pos.unseen & (1u64 << id) != 0 {
            let card = tables::card(pos.definition.deck, id);
            rate[card.beat as usize] += card.bonus as f64;
            size += 1;
        }
    }
    rate.map(|r| r / size as f64)
}

/// Stars `player` has published, per beat in board order.
pub fn stars_by_beat(pos: &Position, player: usize) -> [i32; NBEATS] {
    let mut out = [0i32; NBEATS];
    for s in pos.players[player].published.iter() {
        out[s.beat() as usize] += s.stars() as i32;
    }
    out
}

/// The stories `player` would claim if their reporters changed by `changes` (`(story, +-k)`),
/// everyone else's staying put, in the order the stories came into play (`claim_after`).
pub fn claim_after(pos: &Position, player: usize, changes: &[(Story, i32)]) -> Claim {
    let n = pos.n_players();
    let mut out = Claim::new();
    for &story in pos.stories_as_entered() {
        let r = &pos.reporters[story.id()];
        let change = changes.iter().find(|&&(s, _)| s == story).map_or(0, |&(_, d)| d);
        let mine = r[player] as i32 + change;
        if mine != 0 && (0..n).all(|i| i == player || r[i] as i32 <= mine) {
            out.push(story);
        }
    }
    out
}
