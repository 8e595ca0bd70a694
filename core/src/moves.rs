//! Moves as small `Copy` values, their notation, and the legal-move list.
//!
//! [`legal_moves_into`] lists every legal move in exactly the order of the
//! Python engine's `legal_moves()` (`engine/rules.py`): assigns (stories in
//! board order, then 1..n reporters), recalls (the product of counts over the
//! player's stories in canonical order), reassigns, then the press -- or the
//! newsboy pass, or the final round's press and decline. A move's notation
//! ([`std::fmt::Display`]) is the engine's `str(move)`.
//!
//! `Press` always stands for the optimal page: a press with a page a player
//! proposes stays on the Python side (the search never proposes pages).

use std::fmt;

use crate::position::{Phase, Position};
use crate::small::FixedList;
use crate::story::{stories_of, Story};
use crate::tables::REPORTERS;

/// Reporters recalled from each story (canonical order, counts >= 1).
pub type RecallList = FixedList<(Story, u8), { REPORTERS as usize }>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// `count` reporters from home onto `story`.
    Assign { story: Story, count: u8 },
    /// Reporters home from one or more stories.
    Recall(RecallList),
    /// One reporter from `from` to a different story `to`.
    Reassign { from: Story, to: Story },
    /// Go to press with the optimal page.
    Press,
    /// The newsboy holder passes it to the right.
    Newsboy,
    /// Skip the optional final press (or the only move when no action is possible).
    Decline,
}

impl Move {
    /// The kind of move, in the order kinds first appear in a legal-move list
    /// (the Python `RandomBot` groups moves by kind).
    pub fn kind(&self) -> usize {
        match self {
            Move::Assign { .. } => 0,
            Move::Recall(_) => 1,
            Move::Reassign { .. } => 2,
            Move::Press => 3,
            Move::Newsboy => 4,
            Move::Decline => 5,
        }
    }
}

pub const MOVE_KINDS: usize = 6;

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Assign { story, count } => write!(f, "assign {count} {story}"),
            Move::Recall(items) => {
                f.write_str("recall ")?;
                for (i, (story, n)) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{n} {story}")?;
                }
                Ok(())
            }
            Move::Reassign { from, to } => write!(f, "reassign {from} -> {to}"),
            Move::Press => f.write_str("press"),
            Move::Newsboy => f.write_str("newsboy"),
            Move::Decline => f.write_str("decline"),
        }
    }
}

/// Fill `out` with every legal move of the player to move, in the engine's order
/// (empty when the game is over or a card is to be drawn).
pub fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.is_over() || pos.draw_pending {
        return;
    }
    let player = pos.current as usize;
    if pos.newsboy == Some(pos.current) {
        out.push(Move::Newsboy);
        return;
    }
    if pos.phase == Phase::FinalPresses {
        if pos.claimable(player) != 0 {
            out.push(Move::Press);
        }
        out.push(Move::Decline);
        return;
    }
    action_moves(pos, player, out);
    if out.is_empty() {
        out.push(Move::Decline);
    }
}

fn action_moves(pos: &Position, player: usize, out: &mut Vec<Move>) {
    let restricted = pos.phase == Phase::FinalTurns;
    let home = pos.players[player].home;
    if home > 0 {
        let top = if restricted { 1 } else { home };
        for story in pos.stories_in_play() {
            out.extend((1..=top).map(|count| Move::Assign { story, count }));
        }
    }
    let mine: FixedList<(Story, u8), { REPORTERS as usize }> = {
        let mut l = FixedList::new();
        for s in stories_of(pos.mine(player)) {
            l.push((s, pos.reporters[s.id()][player]));
        }
        l
    };
    if restricted {
        for &(s, _) in mine.iter() {
            let mut one = RecallList::new();
            one.push((s, 1));
            out.push(Move::Recall(one));
        }
    } else if !mine.is_empty() {
        // itertools.product(range(n1 + 1), ..., range(nk + 1)): the last story's count varies fastest.
        let mut counts = [0u8; REPORTERS as usize];
        let k = mine.len();
        'odometer: loop {
            let mut i = k;
            loop {
                if i == 0 {
                    break 'odometer;
                }
                i -= 1;
                if counts[i] < mine[i].1 {
                    counts[i] += 1;
                    counts[i + 1..k].iter_mut().for_each(|c| *c = 0);
                    break;
                }
            }
            let mut items = RecallList::new();
            for (j, &(s, _)) in mine.iter().enumerate() {
                if counts[j] > 0 {
                    items.push((s, counts[j]));
                }
            }
            out.push(Move::Recall(items));
        }
    }
    for &(source, _) in mine.iter() {
        out.extend(pos.stories_in_play().filter(|&t| t != source).map(|to| Move::Reassign { from: source, to }));
    }
    if pos.claimable(player) != 0 {
        out.push(Move::Press);
    }
}

/// How many moves [`legal_moves_into`] would list, without listing them.
pub fn legal_move_count(pos: &Position) -> usize {
    if pos.is_over() || pos.draw_pending {
        return 0;
    }
    let player = pos.current as usize;
    if pos.newsboy == Some(pos.current) {
        return 1;
    }
    let claim = (pos.claimable(player) != 0) as usize;
    if pos.phase == Phase::FinalPresses {
        return claim + 1;
    }
    action_count(pos, player, claim).max(1)
}

/// Assign, recall, reassign and press moves (0 when the player can take no action).
pub fn action_count(pos: &Position, player: usize, claim: usize) -> usize {
    let restricted = pos.phase == Phase::FinalTurns;
    let stories = pos.on_board.count_ones() as usize;
    let home = pos.players[player].home as usize;
    let mut count = if home > 0 { stories * if restricted { 1 } else { home } } else { 0 };
    let mine = pos.mine(player);
    let stories_mine = mine.count_ones() as usize;
    if restricted {
        count += stories_mine;
    } else if mine != 0 {
        count += stories_of(mine).map(|s| pos.reporters[s.id()][player] as usize + 1).product::<usize>() - 1;
    }
    count + stories_mine * stories.saturating_sub(1) + claim
}
