//! Fuzz targets as plain Rust: the functions `core/fuzz/` (cargo-fuzz, nightly) and
//! `tests/fuzz_replay.rs` (stable `cargo test`: the committed corpus and a seeded random walk) call.
//!
//! The property of both: no input panics. Every refusal is a [`CoreError`](crate::error::CoreError).
//!
//! - [`read_position`]: a position document read by the core's one reader
//!   ([`crate::document::read_position`], the reader the seam runs on Python objects) from a
//!   [`ByteSource`]: the fuzzer's bytes give each value the reader asks for -- a number a little
//!   beyond its range on both sides, a list's length, a word of the game or one that is none.
//!   [`fuzz_position`] then asks every read-only question a search asks of the position, and
//!   plays every legal move and card.
//! - [`fuzz_moves`]: a position (a seeded deal, or one read as above), then a sequence of steps: a legal
//!   move by index, a card drawn by index (or any card id, which must be refused, not panic),
//!   a move by its notation (the seam's `apply("...")`).

use std::cell::RefCell;

use crate::document::{self, bad, Entries, Source, Words};
use crate::error::CoreResult;
use crate::moves::{legal_move_count, legal_moves_into, Move};
use crate::position::{Phase, Position};
use crate::press::press_outcome;
use crate::story::Story;
use crate::tables::{self, BEAT_NAMES, DECK_SIZE, NKINDS, NSTARS, NSTORIES};

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
}

/// A document made of the fuzzer's bytes: each value the reader asks for is read off the bytes in
/// the order it asks (a [`Bytes`] shared by every node). It never holds a value of the wrong type (the
/// Python side's `core_reader` target fuzzes those); it holds numbers just out of range, lists one
/// entry too long or of the wrong length, and words that are no word of the game.
#[derive(Clone, Copy)]
pub struct ByteSource<'b, 'a> {
    bytes: &'b RefCell<Bytes<'a>>,
}

impl<'b, 'a> ByteSource<'b, 'a> {
    pub fn new(bytes: &'b RefCell<Bytes<'a>>) -> Self {
        ByteSource { bytes }
    }

    fn byte(&self) -> u8 {
        self.bytes.borrow_mut().byte()
    }
}

impl Source for ByteSource<'_, '_> {
    fn object(&self, _path: &str) -> CoreResult<()> {
        Ok(())
    }

    fn field(&self, _key: &str, _path: &str) -> CoreResult<Self> {
        Ok(*self)
    }

    fn optional(&self, _key: &str) -> CoreResult<Option<Self>> {
        Ok((self.byte() % 2 == 1).then_some(*self))
    }

    /// A list of a valid length mostly: up to one past the most, or (of an exact length) that length
    /// but one time in eight.
    fn list(&self, _path: &str, entries: Entries) -> CoreResult<Vec<Self>> {
        let b = self.byte() as usize;
        let len = match entries {
            Entries::AtMost(most) => b % (most + 2),
            Entries::Exactly(n) if b % 8 != 0 => n,
            Entries::Exactly(n) => (b >> 3) % (n + 2),
        };
        Ok(vec![*self; len])
    }

    fn int(&self, path: &str, lo: i64, hi: i64) -> CoreResult<i64> {
        let n = self.bytes.borrow_mut().int(lo, hi);
        if (lo..=hi).contains(&n) {
            Ok(n)
        } else {
            bad(path, format!("{n} is out of range ({lo} to {hi})"))
        }
    }

    fn boolean(&self, _path: &str) -> CoreResult<bool> {
        Ok(self.byte() % 2 == 1)
    }

    /// One of the words, or (one time in as many as there are words, plus one) a word that is none.
    fn text(&self, _path: &str, words: Words) -> CoreResult<String> {
        let i = self.byte() as usize % (words.count + 1);
        Ok(if i < words.count { (words.word)(i) } else { "war:E:9".to_string() })
    }

    fn is_null(&self) -> bool {
        self.byte() % 2 == 0
    }
}

/// A position document read from bytes by the core's reader (see the module's doc).
pub fn read_position(b: &RefCell<Bytes>) -> CoreResult<Position> {
    document::read_position(&ByteSource::new(b))
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
        let _ = copy.legal_move_texts();
    }
    for card in pos.chance_outcomes() {
        let mut copy = *pos;
        let _ = copy.apply_chance(card);
    }
}

impl Position {
    /// The legal moves' notation (what the seam hands Python); a helper of [`exercise`].
    fn legal_move_texts(&self) -> Vec<String> {
        let mut legal = Vec::new();
        legal_moves_into(self, &mut legal);
        legal.iter().map(Move::to_string).collect()
    }
}

/// Target `core-position`: read a position document from `data`, and when it is accepted, exercise it.
pub fn fuzz_position(data: &[u8]) {
    if let Ok(pos) = read_position(&RefCell::new(Bytes::new(data))) {
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
    let cell = RefCell::new(Bytes::new(data));
    // From a deal, every card chance_outcomes() offers is drawn; a document the reader took may still
    // be one no game reaches (a draw pending for a player with no press), where the draw is refused.
    let dealt = data.first().is_some_and(|f| f % 2 == 0);
    let first = cell.borrow_mut().byte();
    let mut state = if first % 2 == 0 {
        let mut b = cell.borrow_mut();
        let players = 2 + b.byte() % 4;
        let seed = u16::from_le_bytes([b.byte(), b.byte()]) as u64;
        crate::position::testing::new_game(players, seed)
    } else {
        match read_position(&cell) {
            Ok(pos) => pos,
            Err(_) => return,
        }
    };
    let mut b = cell.into_inner();
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

/// The bytes [`read_position`] reads back as `pos` (but for the board's order of entry), in the order
/// the reader asks for the values: the seed corpus's positions are written with this.
pub fn position_bytes(pos: &Position) -> Vec<u8> {
    let mut out = Vec::new();
    // a number: its offset from one below the range's low end, in two bytes (`Bytes::int`)
    let int = |out: &mut Vec<u8>, v: i64, lo: i64| out.extend_from_slice(&((v - lo + 1) as u16).to_le_bytes());
    let n = pos.n_players();
    let def = pos.definition;
    int(&mut out, def.players as i64, tables::MIN_PLAYERS as i64);
    let variants: Vec<u8> = [(def.two_player, 0u8), (def.newsboy, 1)].iter().filter(|v| v.0).map(|v| v.1).collect();
    out.push(variants.len() as u8);
    out.extend(&variants);
    out.extend([1, def.deck]); // the deck named
    out.push(Phase::ALL.iter().position(|&p| p == pos.phase).expect("a phase") as u8); // its word
    int(&mut out, pos.ply.min(u16::MAX as u32 - 1) as i64, 0);
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
    out.extend([1, pos.draw_pending as u8]); // draw_pending given
    for beat in 0..BEAT_NAMES.len() {
        let column = pos.column(beat as u8);
        out.push(column.len() as u8);
        for s in column {
            out.push(s.0);
            out.push(1); // one count per player
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
    out.push(1); // one entry per player
    for ps in pos.players.iter().take(n) {
        int(&mut out, ps.home as i64, 0);
        int(&mut out, ps.pennies as i64, 0);
        int(&mut out, ps.circulation as i64, 0);
        match ps.ad {
            None => out.push(0),
            Some((x, y)) => {
                out.extend([1, 1]); // not null; [x, y]
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
