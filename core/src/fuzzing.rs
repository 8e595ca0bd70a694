//! Fuzz targets as plain Rust: the functions `core/fuzz/` (cargo-fuzz, nightly) and
//! `tests/fuzz_replay.rs` (stable `cargo test`: the committed corpus and a seeded random walk) call.
//!
//! The property of both: no input panics. Every refusal is a [`CoreError`].
//!
//! - [`read_position`]: a position document as the core's reader takes it. The reader itself
//!   (`src/py/document_in.rs`) reads Python objects through PyO3, so here the same fields are read
//!   from bytes -- each a value a little beyond its range on both sides -- through the same checks,
//!   in the same order, into the same plain-Rust calls (`place_story`, `return_to_stack`, the fixed
//!   lists' `try_push`). Keep the two in step: a check added there is added here.
//!   Then every read-only question a search asks of the position, and every legal move and card.
//! - [`play`]: a position (a seeded deal, or one read as above), then a sequence of steps: a legal
//!   move by index, a card drawn by index (or any card id, which must be refused, not panic),
//!   a move by its notation (the seam's `apply("...")`).

use crate::error::{CoreError, CoreResult};
use crate::moves::{legal_move_count, legal_moves_into, Move};
use crate::position::{Definition, Phase, PlayerState, Position};
use crate::press::press_outcome;
use crate::story::{kind_text, Story};
use crate::tables::{
    self, BEAT_NAMES, BONUS_MAX, COLUMN_CAPACITY, DECK_NAMES, DECK_SIZE, MAXP, MAX_PENNIES, MAX_POSITION, NKINDS,
    NSTARS, NSTORIES, PAGE_COLUMNS, PAGE_ROWS, REPORTERS,
};

/// The fuzzer's bytes, read one field at a time; past the end every field reads as 0.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }

    pub fn is_empty(&self) -> bool {
        self.at >= self.data.len()
    }

    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A value from `lo - 1` to `hi + 1`: mostly in range, sometimes just outside it (to be refused).
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo + 3).max(1) as u64;
        let raw = u16::from_le_bytes([self.byte(), self.byte()]) as u64;
        lo - 1 + (raw % span) as i64
    }

    /// A count of items, 0 to `max`.
    pub fn count(&mut self, max: usize) -> usize {
        self.byte() as usize % (max + 1)
    }
}

fn bad<T>(path: &str, what: impl std::fmt::Display) -> CoreResult<T> {
    Err(CoreError::BadPosition(format!("position.{path}: {what}")))
}

/// The reader's range check (`int()` in `document_in.rs`).
fn int(b: &mut Bytes, path: &str, lo: i64, hi: i64) -> CoreResult<i64> {
    let n = b.int(lo, hi);
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        bad(path, format!("{n} is out of range ({lo} to {hi})"))
    }
}

fn optional_player(b: &mut Bytes, path: &str, players: u8) -> CoreResult<Option<u8>> {
    if b.byte() % 2 == 0 {
        Ok(None)
    } else {
        int(b, path, 0, players as i64 - 1).map(|n| Some(n as u8))
    }
}

/// A story: a valid one mostly; a byte past the 45 stories is text that is no story (refused).
fn story(b: &mut Bytes, path: &str) -> CoreResult<Story> {
    let id = b.byte() as usize % (NSTORIES + 1);
    if id == NSTORIES {
        return bad(path, "\"war:E:9\" is not a story such as war:D:3");
    }
    Ok(Story(id as u8))
}

fn cell(b: &mut Bytes, path: &str) -> CoreResult<Option<(u8, u8)>> {
    if b.byte() % 2 == 0 {
        return Ok(None);
    }
    let x = int(b, &format!("{path}[0]"), 0, PAGE_COLUMNS as i64 - 1)?;
    let y = int(b, &format!("{path}[1]"), 0, PAGE_ROWS as i64 - 1)?;
    Ok(Some((x as u8, y as u8)))
}

/// A position document read from bytes through the reader's checks (see the module's doc).
pub fn read_position(b: &mut Bytes) -> CoreResult<Position> {
    let players = int(b, "game.players", tables::MIN_PLAYERS as i64, tables::MAX_PLAYERS as i64)? as u8;
    let flags = b.byte();
    let deck = b.byte() as usize % (DECK_NAMES.len() + 1);
    if deck == DECK_NAMES.len() {
        return bad("game.deck", "unknown deck \"huge\"");
    }
    let def = Definition { players, two_player: flags & 1 != 0, newsboy: flags & 2 != 0, deck: deck as u8 };
    let n = players;
    let mut pos = Position { definition: def, ..Position::default() };
    pos.phase = match b.byte() % 5 {
        0 => Phase::Normal,
        1 => Phase::FinalTurns,
        2 => Phase::FinalPresses,
        3 => Phase::Over,
        _ => return bad("phase", "unknown phase \"later\""),
    };
    pos.ply = u32::from_le_bytes([b.byte(), b.byte(), 0, 0]);
    pos.current = int(b, "turn.player", 0, n as i64 - 1)? as u8;
    pos.turns_left = int(b, "turn.turns_left", 1, 2)? as u8;
    for i in 0..b.count(MAXP) {
        let p = int(b, &format!("turn.pending[{i}]"), 0, n as i64 - 1)? as u8;
        if !pos.pending.try_push(p) {
            return bad("turn.pending", "more players waiting than the game has");
        }
    }
    pos.newsboy = optional_player(b, "turn.newsboy", n)?;
    pos.trigger_player = optional_player(b, "turn.trigger_player", n)?;
    pos.draw_pending = b.byte() % 2 == 1;

    let mut seen: u64 = 0;
    let mut place = |s: Story, path: &str| -> CoreResult<()> {
        if seen & s.bit() != 0 {
            return bad(path, format!("{s} appears twice"));
        }
        seen |= s.bit();
        Ok(())
    };
    let mut on_board = [0u16; MAXP];
    for (beat_index, beat) in BEAT_NAMES.iter().enumerate() {
        let path = format!("board.{beat}");
        for i in 0..b.count(COLUMN_CAPACITY as usize + 1) {
            let at = format!("{path}[{i}]");
            let s = story(b, &format!("{at}.story"))?;
            if s.beat() as usize != beat_index {
                return bad(&format!("{at}.story"), format!("{s} is not a {beat} story"));
            }
            place(s, &at)?;
            let mut r = [0u8; MAXP];
            for (p, count) in r.iter_mut().enumerate().take(n as usize) {
                *count = int(b, &format!("{at}.reporters[{p}]"), 0, REPORTERS as i64)? as u8;
                on_board[p] += *count as u16;
            }
            if pos.height(beat_index as u8) + s.spaces() > COLUMN_CAPACITY {
                return bad(&path, format!("more than {COLUMN_CAPACITY} spaces of stories"));
            }
            pos.place_story(s);
            pos.reporters[s.id()] = r;
        }
    }
    for beat in 0..BEAT_NAMES.len() {
        pos.markers[beat] = int(b, "markers", 0, MAX_POSITION as i64)? as u8;
        pos.bonus[beat] = int(b, "bonus", 0, BONUS_MAX as i64)? as u8;
    }
    for kind in 0..NKINDS as u8 {
        let path = format!("stacks.{}", kind_text(kind));
        let mut last = 0;
        for i in 0..b.count(NSTARS) {
            let stars = int(b, &format!("{path}[{i}]"), 1, NSTARS as i64)? as u8;
            if stars <= last {
                return bad(&path, "expected stars in increasing order, 1 on top");
            }
            last = stars;
            let s = Story(kind * NSTARS as u8 + stars - 1);
            place(s, &path)?;
            pos.return_to_stack(s);
        }
    }
    let mut cards: u64 = 0;
    for (field, count) in [("deck.cards", 0usize), ("deck.discard", 1)] {
        for i in 0..b.count(DECK_SIZE) {
            let id = int(b, &format!("{field}[{i}]"), 1, DECK_SIZE as i64)? as u8;
            if cards & (1 << id) != 0 {
                return bad(field, format!("card {id} appears twice"));
            }
            cards |= 1 << id;
            if count == 0 {
                pos.unseen |= 1 << id;
            } else {
                pos.discard.push(id);
            }
        }
    }
    for p in 0..n as usize {
        let path = format!("players[{p}]");
        let mut ps = PlayerState {
            home: int(b, &format!("{path}.home"), 0, REPORTERS as i64)? as u8,
            pennies: int(b, &format!("{path}.pennies"), 0, MAX_PENNIES as i64)? as u8,
            circulation: int(b, &format!("{path}.circulation"), 0, 10_000)? as u16,
            ad: cell(b, &format!("{path}.ad"))?,
            done: b.byte() % 2 == 1,
            ..PlayerState::default()
        };
        for i in 0..b.count(tables::MAX_PUBLISHED + 1) {
            let at = format!("{path}.published[{i}]");
            let s = story(b, &at)?;
            place(s, &at)?;
            if ps.published.len() >= REPORTERS as usize * ps.pennies as usize || !ps.published.try_push(s) {
                return bad(&format!("{path}.published"), "more stories than presses allow");
            }
        }
        if ps.home as u16 + on_board[p] != REPORTERS as u16 {
            return bad(&path, format!("{} reporters at home and {} on the board", ps.home, on_board[p]));
        }
        if ps.done && pos.phase == Phase::Normal {
            return bad(&format!("{path}.done"), "players are done only in the final edition");
        }
        let trigger = tables::final_edition_presses(n);
        if ps.pennies > trigger || (ps.pennies == trigger && !ps.done) {
            return bad(&format!("{path}.pennies"), format!("{} presses: the {trigger}th press ends a player's game", ps.pennies));
        }
        pos.players[p] = ps;
    }
    if !pos.is_over() && pos.players[pos.current as usize].done {
        return bad("turn.player", "the player to move has finished the final edition");
    }
    if pos.phase != Phase::Normal && pos.trigger_player.is_none() {
        return bad("turn.trigger_player", "the final edition needs the player who triggered it");
    }
    Ok(pos)
}

/// Everything a search asks of a position without changing it; then every legal move, and every
/// card of a pending draw, played on a copy. Any of them may refuse; none may panic.
pub fn exercise(pos: &Position) {
    let mut legal = Vec::new();
    legal_moves_into(pos, &mut legal);
    assert_eq!(legal.len(), legal_move_count(pos), "the legal-move count and list disagree");
    let _ = (pos.is_over(), pos.is_chance_node(), pos.beat_values(), pos.top_beats(), pos.repetition_key());
    if pos.is_over() {
        let _ = pos.winners();
    }
    for player in 0..pos.n_players() {
        let _ = (pos.mine(player), pos.claimable(player), pos.outnumbered(player), pos.would_trigger(player));
        let _ = press_outcome(pos, player);
    }
    for mv in &legal {
        let mut copy = *pos;
        let _ = copy.apply(*mv);
        let _ = copy.to_string_moves();
    }
    for card in pos.chance_outcomes() {
        let mut copy = *pos;
        let _ = copy.apply_chance(card);
    }
}

impl Position {
    /// The legal moves' notation (what the seam hands Python); a helper of [`exercise`].
    fn to_string_moves(&self) -> Vec<String> {
        let mut legal = Vec::new();
        legal_moves_into(self, &mut legal);
        legal.iter().map(Move::to_string).collect()
    }
}

/// Target `core-position`: read a position document from `data`, and when it is accepted, exercise it.
pub fn fuzz_position(data: &[u8]) {
    if let Ok(pos) = read_position(&mut Bytes::new(data)) {
        exercise(&pos);
    }
}

/// The longest sequence [`fuzz_moves`] plays (a whole game is a few hundred steps).
pub const MAX_STEPS: usize = 1000;

/// Target `core-moves`: a start (byte 0: even, a seeded deal of 2 to 5 players; odd, a document
/// read as [`read_position`] does), then steps until the bytes run out: a legal move by index, a card
/// by index among the pending draw's outcomes, any card id (refused unless it is drawable), a move
/// by notation (`apply_notation`), or the seeded draw (`resolve_chance`).
pub fn fuzz_moves(data: &[u8]) {
    let mut b = Bytes::new(data);
    // From a deal, every card chance_outcomes() offers is drawn; a document the reader took may still
    // be one no game reaches (a draw pending for a player with no press), where the draw is refused.
    let dealt = b.data.first().is_some_and(|f| f % 2 == 0);
    let mut state = if b.byte() % 2 == 0 {
        let players = 2 + b.byte() % 4;
        let seed = u16::from_le_bytes([b.byte(), b.byte()]) as u64;
        crate::position::testing::new_game(players, seed)
    } else {
        match read_position(&mut b) {
            Ok(pos) => pos,
            Err(_) => return,
        }
    };
    let mut legal = Vec::new();
    let mut rng = crate::rng::PyRandom::from_u64(b.byte() as u64);
    for _ in 0..MAX_STEPS {
        if b.is_empty() {
            break;
        }
        let op = b.byte();
        let arg = b.byte();
        // As the seam does (`src/py/position.rs`, `mutate`): play on a copy, keep it if it was accepted.
        let mut work = state;
        let pos = &mut work;
        let accepted = match op % 8 {
            0..=3 => {
                legal_moves_into(pos, &mut legal);
                if legal.is_empty() {
                    let outcomes: Vec<u8> = pos.chance_outcomes().collect();
                    if outcomes.is_empty() {
                        pos.apply(Move::Decline).is_ok()
                    } else {
                        let card = outcomes[arg as usize % outcomes.len()];
                        let drawn = pos.apply_chance(card);
                        assert!(drawn.is_ok() || !dealt, "a card from chance_outcomes() was refused: {drawn:?}");
                        drawn.is_ok()
                    }
                } else {
                    let mv = legal[arg as usize % legal.len()];
                    let event = pos.apply(mv);
                    assert!(event.is_ok() || !dealt, "a move from the legal list was refused: {mv} -> {event:?}");
                    event.is_ok()
                }
            }
            4 => pos.apply_chance(arg).is_ok(),
            5 => {
                legal_moves_into(pos, &mut legal);
                let text = match legal.get(arg as usize) {
                    Some(mv) if arg % 3 != 0 => mv.to_string(),
                    _ => ["press war:A:1@0,0,1x1", "assign 9 war:A:1", "", "decline", "newsboy", "recall 1 war:A:1"]
                        [arg as usize % 6]
                        .to_string(),
                };
                pos.apply_notation(&text).is_ok()
            }
            6 => pos.resolve_chance(&mut rng).is_ok(),
            _ => {
                let mv = match arg % 4 {
                    0 => Move::Press,
                    1 => Move::Newsboy,
                    2 => Move::Decline,
                    _ => Move::Assign { story: Story(arg % NSTORIES as u8), count: 1 + (arg >> 4) % 6 },
                };
                pos.apply(mv).is_ok()
            }
        };
        if accepted {
            state = work;
        }
    }
    legal_moves_into(&state, &mut legal);
    assert_eq!(legal.len(), legal_move_count(&state), "the legal-move count and list disagree");
}

/// The bytes [`read_position`] reads back as `pos` (but for the board's order of entry): the seed
/// corpus's positions are written with this.
pub fn position_bytes(pos: &Position) -> Vec<u8> {
    let mut out = Vec::new();
    let int = |out: &mut Vec<u8>, v: i64, lo: i64| out.extend_from_slice(&((v - lo + 1) as u16).to_le_bytes());
    let n = pos.n_players();
    let def = pos.definition;
    int(&mut out, def.players as i64, tables::MIN_PLAYERS as i64);
    out.push(def.two_player as u8 | (def.newsboy as u8) << 1);
    out.push(def.deck);
    out.push(match pos.phase {
        Phase::Normal => 0,
        Phase::FinalTurns => 1,
        Phase::FinalPresses => 2,
        Phase::Over => 3,
    });
    out.extend_from_slice(&(pos.ply.min(u16::MAX as u32) as u16).to_le_bytes());
    int(&mut out, pos.current as i64, 0);
    int(&mut out, pos.turns_left as i64, 1);
    out.push(pos.pending.len() as u8);
    for &p in &pos.pending {
        int(&mut out, p as i64, 0);
    }
    for who in [pos.newsboy, pos.trigger_player] {
        match who {
            None => out.push(0),
            Some(p) => {
                out.push(1);
                int(&mut out, p as i64, 0);
            }
        }
    }
    out.push(pos.draw_pending as u8);
    for beat in 0..BEAT_NAMES.len() {
        let column = pos.column(beat as u8);
        out.push(column.len() as u8);
        for s in column {
            out.push(s.0);
            for p in 0..n {
                int(&mut out, pos.reporters[s.id()][p] as i64, 0);
            }
        }
    }
    for beat in 0..BEAT_NAMES.len() {
        int(&mut out, pos.markers[beat] as i64, 0);
        int(&mut out, pos.bonus[beat] as i64, 0);
    }
    for kind in 0..NKINDS {
        let stars: Vec<u8> = (1..=NSTARS as u8).filter(|s| pos.stacks[kind] & (1 << (s - 1)) != 0).collect();
        out.push(stars.len() as u8);
        for s in stars {
            int(&mut out, s as i64, 1);
        }
    }
    let unseen: Vec<u8> = (1..=DECK_SIZE as u8).filter(|&c| pos.unseen & (1 << c) != 0).collect();
    for cards in [unseen, pos.discard.iter().copied().collect()] {
        out.push(cards.len() as u8);
        for c in cards {
            int(&mut out, c as i64, 1);
        }
    }
    for ps in pos.players.iter().take(n) {
        int(&mut out, ps.home as i64, 0);
        int(&mut out, ps.pennies as i64, 0);
        int(&mut out, ps.circulation as i64, 0);
        match ps.ad {
            None => out.push(0),
            Some((x, y)) => {
                out.push(1);
                int(&mut out, x as i64, 0);
                int(&mut out, y as i64, 0);
            }
        }
        out.push(ps.done as u8);
        out.push(ps.published.len() as u8);
        for s in &ps.published {
            out.push(s.0);
        }
    }
    out
}
