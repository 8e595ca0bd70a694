//! A position document (`State.to_json()`, docs/guide/position.md) read into a [`Position`]: the
//! core's one reader, over any [`Source`] of the document's values.
//!
//! The Python loader (`State.from_json`) has already checked every document the seam hands the
//! core; this reader still refuses anything the core could not hold safely -- a wrong type, an index
//! out of range, a count that would overflow a fixed list -- with [`CoreError::BadPosition`] naming
//! the field, so no input can make the core panic. The deck is read as a set: its order is never kept.
//!
//! Two sources read through it: the Python objects of a document (`src/py/document_in.rs`, the seam)
//! and a fuzzer's bytes ([`crate::fuzzing`], cargo-fuzz), so the reader the fuzzer runs is this one.

use crate::error::{CoreError, CoreResult};
use crate::position::{Cell, Definition, Phase, PlayerState, Position};
use crate::story::{kind_text, Story};
use crate::tables::{
    self, BEAT_NAMES, BONUS_MAX, COLUMN_CAPACITY, DECK_NAMES, DECK_SIZE, MAXP, MAX_PENNIES, MAX_POSITION,
    MAX_PUBLISHED, NKINDS, NSTARS, NSTORIES, PAGE_COLUMNS, PAGE_ROWS, REPORTERS,
};

/// The variant names of the position format the core knows (game.json's `variants`).
pub const TWO_PLAYER: &str = "two-player";
pub const NEWSBOY: &str = "newsboy";
/// A circulation beyond any game's (the core keeps circulation in 16 bits).
pub const MAX_CIRCULATION: i64 = 10_000;

/// How many entries a list of a valid document holds: what a fuzzer's source aims at (a document's
/// own list has the length it has).
#[derive(Clone, Copy, Debug)]
pub enum Entries {
    /// From none to this many.
    AtMost(usize),
    /// Exactly this many.
    Exactly(usize),
}

/// The words a text field of a valid document may hold, for a fuzzer's source to choose from (the
/// reader itself judges any text): `count` of them, the i-th written by `word(i)`.
#[derive(Clone, Copy)]
pub struct Words<'w> {
    pub count: usize,
    pub word: &'w dyn Fn(usize) -> String,
}

/// Where a document's values come from. Each method reads the value at `path` as one kind, or
/// refuses it with [`bad`] naming `path`; a node is a place in the document.
pub trait Source: Sized {
    /// The node is an object (a dict).
    fn object(&self, path: &str) -> CoreResult<()>;
    /// The object's field `key` (`"missing"` when absent); the node is an object already.
    fn field(&self, key: &str, path: &str) -> CoreResult<Self>;
    /// The object's field `key`, or `None` when absent (a field with a default).
    fn optional(&self, key: &str) -> CoreResult<Option<Self>>;
    /// The node as a list.
    fn list(&self, path: &str, entries: Entries) -> CoreResult<Vec<Self>>;
    /// A whole number from `lo` to `hi` (a boolean is not one).
    fn int(&self, path: &str, lo: i64, hi: i64) -> CoreResult<i64>;
    /// `true` or `false`.
    fn boolean(&self, path: &str) -> CoreResult<bool>;
    /// Text; `words` are the words a valid document could hold here.
    fn text(&self, path: &str, words: Words) -> CoreResult<String>;
    /// Whether the node is `null`.
    fn is_null(&self) -> bool;
}

/// The reader's one refusal: `position.<path>: <what>` (`position: <what>` for the document itself).
pub fn bad<T>(path: &str, what: impl std::fmt::Display) -> CoreResult<T> {
    let at = if path.is_empty() { "position".to_string() } else { format!("position.{path}") };
    Err(CoreError::BadPosition(format!("{at}: {what}")))
}

/// `path.key` (`key` at the top).
pub fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn object<S: Source>(node: &S, key: &str, path: &str) -> CoreResult<S> {
    let v = node.field(key, path)?;
    v.object(&join(path, key))?;
    Ok(v)
}

fn player_index<S: Source>(v: &S, path: &str, players: u8) -> CoreResult<u8> {
    Ok(v.int(path, 0, players as i64 - 1)? as u8)
}

fn optional_player<S: Source>(v: &S, path: &str, players: u8) -> CoreResult<Option<u8>> {
    if v.is_null() {
        Ok(None)
    } else {
        player_index(v, path, players).map(Some)
    }
}

fn story_word(i: usize) -> String {
    Story(i as u8).to_string()
}

/// A story, as its text (`war:D:3`).
pub fn story<S: Source>(v: &S, path: &str) -> CoreResult<Story> {
    let text = v.text(path, Words { count: NSTORIES, word: &story_word })?;
    Story::parse(&text).map_or_else(|| bad(path, format!("{text:?} is not a story such as war:D:3")), Ok)
}

fn cell<S: Source>(v: &S, path: &str) -> CoreResult<Option<Cell>> {
    if v.is_null() {
        return Ok(None);
    }
    let l = v.list(path, Entries::Exactly(2))?;
    if l.len() != 2 {
        return bad(path, "expected [x, y] or null");
    }
    let x = l[0].int(&format!("{path}[0]"), 0, PAGE_COLUMNS as i64 - 1)?;
    let y = l[1].int(&format!("{path}[1]"), 0, PAGE_ROWS as i64 - 1)?;
    Ok(Some((x as u8, y as u8)))
}

fn definition<S: Source>(game: &S) -> CoreResult<Definition> {
    let players = game.field("players", "game")?.int("game.players", tables::MIN_PLAYERS as i64, tables::MAX_PLAYERS as i64)? as u8;
    let mut def = Definition { players, ..Definition::default() };
    const VARIANTS: [&str; 2] = [TWO_PLAYER, NEWSBOY];
    let variant = Words { count: VARIANTS.len(), word: &|i| VARIANTS[i].to_string() };
    for (i, v) in game.field("variants", "game")?.list("game.variants", Entries::AtMost(2))?.iter().enumerate() {
        match v.text(&format!("game.variants[{i}]"), variant)?.as_str() {
            TWO_PLAYER => def.two_player = true,
            NEWSBOY => def.newsboy = true,
            other => return bad(&format!("game.variants[{i}]"), format!("unknown variant {other:?}")),
        }
    }
    let deck_name = Words { count: DECK_NAMES.len(), word: &|i| DECK_NAMES[i].to_string() };
    let deck = match game.optional("deck")? {
        Some(v) => v.text("game.deck", deck_name)?,
        None => DECK_NAMES[0].to_string(),
    };
    def.deck = match DECK_NAMES.iter().position(|d| *d == deck) {
        Some(i) => i as u8,
        None => return bad("game.deck", format!("unknown deck {deck:?}")),
    };
    Ok(def)
}

/// Read a position document; [`CoreError::BadPosition`] names the first thing the core cannot hold.
/// The board's order of entry is the document's (the seam then sets the order the game had).
pub fn read_position<S: Source>(doc: &S) -> CoreResult<Position> {
    doc.object("")?;
    let def = definition(&object(doc, "game", "")?)?;
    let n = def.players;
    let mut pos = Position { definition: def, ..Position::default() };
    let phase_name = Words { count: Phase::ALL.len(), word: &|i| Phase::ALL[i].name().to_string() };
    let phase = doc.field("phase", "")?.text("phase", phase_name)?;
    pos.phase = Phase::parse(&phase).map_or_else(|| bad("phase", format!("unknown phase {phase:?}")), Ok)?;
    pos.ply = doc.field("ply", "")?.int("ply", 0, u32::MAX as i64)? as u32;

    let turn = object(doc, "turn", "")?;
    pos.current = player_index(&turn.field("player", "turn")?, "turn.player", n)?;
    pos.turns_left = turn.field("turns_left", "turn")?.int("turn.turns_left", 1, 2)? as u8;
    let pending = turn.field("pending", "turn")?.list("turn.pending", Entries::AtMost(MAXP))?;
    for (i, v) in pending.iter().enumerate() {
        let path = format!("turn.pending[{i}]");
        if !pos.pending.try_push(player_index(v, &path, n)?) {
            return bad("turn.pending", "more players waiting than the game has");
        }
    }
    pos.newsboy = optional_player(&turn.field("newsboy", "turn")?, "turn.newsboy", n)?;
    pos.trigger_player = optional_player(&turn.field("trigger_player", "turn")?, "turn.trigger_player", n)?;
    pos.draw_pending = match turn.optional("draw_pending")? {
        Some(v) => v.boolean("turn.draw_pending")?,
        None => false,
    };

    let mut seen: u64 = 0; // every story once, wherever it is
    let mut place = |s: Story, path: &str| -> CoreResult<()> {
        if seen & s.bit() != 0 {
            return bad(path, format!("{s} appears twice"));
        }
        seen |= s.bit();
        Ok(())
    };
    let board = object(doc, "board", "")?;
    let mut on_board = [0u16; MAXP];
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        let path = format!("board.{beat}");
        let column = board.field(beat, "board")?.list(&path, Entries::AtMost(COLUMN_CAPACITY as usize + 1))?;
        for (i, item) in column.iter().enumerate() {
            let at = format!("{path}[{i}]");
            item.object(&at)?;
            let s = story(&item.field("story", &at)?, &format!("{at}.story"))?;
            if s.beat() as usize != b {
                return bad(&format!("{at}.story"), format!("{s} is not a {beat} story"));
            }
            place(s, &at)?;
            let counts = item.field("reporters", &at)?.list(&format!("{at}.reporters"), Entries::Exactly(n as usize))?;
            if counts.len() != n as usize {
                return bad(&format!("{at}.reporters"), format!("expected one count per player ({n})"));
            }
            let mut r = [0u8; MAXP];
            for (p, c) in counts.iter().enumerate() {
                r[p] = c.int(&format!("{at}.reporters[{p}]"), 0, REPORTERS as i64)? as u8;
                on_board[p] += r[p] as u16;
            }
            if pos.height(b as u8) + s.spaces() > COLUMN_CAPACITY {
                return bad(&path, format!("more than {COLUMN_CAPACITY} spaces of stories"));
            }
            pos.place_story(s);
            pos.reporters[s.id()] = r;
        }
    }
    let markers = object(doc, "markers", "")?;
    let bonus = object(doc, "bonus", "")?;
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        pos.markers[b] = markers.field(beat, "markers")?.int(&format!("markers.{beat}"), 0, MAX_POSITION as i64)? as u8;
        pos.bonus[b] = bonus.field(beat, "bonus")?.int(&format!("bonus.{beat}"), 0, BONUS_MAX as i64)? as u8;
    }
    let stacks = object(doc, "stacks", "")?;
    for kind in 0..NKINDS as u8 {
        let name = kind_text(kind);
        let path = format!("stacks.{name}");
        let mut last = 0;
        for (i, v) in stacks.field(&name, "stacks")?.list(&path, Entries::AtMost(NSTARS))?.iter().enumerate() {
            let stars = v.int(&format!("{path}[{i}]"), 1, NSTARS as i64)? as u8;
            if stars <= last {
                return bad(&path, "expected stars in increasing order, 1 on top");
            }
            last = stars;
            let s = Story(kind * NSTARS as u8 + stars - 1);
            place(s, &path)?;
            pos.return_to_stack(s);
        }
    }

    let deck = object(doc, "deck", "")?;
    let mut cards: u64 = 0;
    for (i, v) in deck.field("cards", "deck")?.list("deck.cards", Entries::AtMost(DECK_SIZE))?.iter().enumerate() {
        let id = v.int(&format!("deck.cards[{i}]"), 1, DECK_SIZE as i64)? as u8;
        if cards & (1 << id) != 0 {
            return bad("deck.cards", format!("card {id} appears twice"));
        }
        cards |= 1 << id;
    }
    pos.unseen = cards;
    for (i, v) in deck.field("discard", "deck")?.list("deck.discard", Entries::AtMost(DECK_SIZE))?.iter().enumerate() {
        let id = v.int(&format!("deck.discard[{i}]"), 1, DECK_SIZE as i64)? as u8;
        if cards & (1 << id) != 0 {
            return bad("deck.discard", format!("card {id} appears twice"));
        }
        cards |= 1 << id;
        pos.discard.push(id); // at most DECK_SIZE distinct ids
    }

    let players = doc.field("players", "")?.list("players", Entries::Exactly(n as usize))?;
    if players.len() != n as usize {
        return bad("players", format!("expected {n} players"));
    }
    for (p, d) in players.iter().enumerate() {
        let path = format!("players[{p}]");
        d.object(&path)?;
        let mut ps = PlayerState {
            home: d.field("home", &path)?.int(&format!("{path}.home"), 0, REPORTERS as i64)? as u8,
            pennies: d.field("pennies", &path)?.int(&format!("{path}.pennies"), 0, MAX_PENNIES as i64)? as u8,
            circulation: d.field("circulation", &path)?.int(&format!("{path}.circulation"), 0, MAX_CIRCULATION)? as u16,
            ad: cell(&d.field("ad", &path)?, &format!("{path}.ad"))?,
            done: d.field("done", &path)?.boolean(&format!("{path}.done"))?,
            ..PlayerState::default()
        };
        let published = d.field("published", &path)?.list(&format!("{path}.published"), Entries::AtMost(MAX_PUBLISHED + 1))?;
        for (i, s) in published.iter().enumerate() {
            let at = format!("{path}.published[{i}]");
            let s = story(s, &at)?;
            place(s, &at)?;
            if ps.published.len() >= REPORTERS as usize * ps.pennies as usize || !ps.published.try_push(s) {
                return bad(&format!("{path}.published"), format!("more than {REPORTERS} stories per press ({MAX_PUBLISHED} at most)"));
            }
        }
        if ps.home as u16 + on_board[p] != REPORTERS as u16 {
            return bad(&path, format!("{} reporters at home and {} on the board; a player has {REPORTERS}", ps.home, on_board[p]));
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
