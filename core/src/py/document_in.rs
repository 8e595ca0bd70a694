//! A position document (`State.to_json()`, docs/guide/position.md) read into a [`Position`].
//!
//! The Python loader (`State.from_json`) has already checked every document that
//! reaches here; this reader still refuses anything the core could not hold
//! safely -- a wrong type, an index out of range, a count that would overflow a
//! fixed list -- with `BadPosition` naming the field, so no input can make the
//! core panic. The deck is read as a set: its order is never kept.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::BadPosition;
use crate::position::{Cell, Definition, Phase, PlayerState, Position};
use crate::story::{kind_text, Story};
use crate::tables::{
    self, BEAT_NAMES, BONUS_MAX, COLUMN_CAPACITY, DECK_NAMES, DECK_SIZE, MAXP, MAX_PENNIES, MAX_POSITION,
    MAX_PUBLISHED, NKINDS, NSTARS, PAGE_COLUMNS, PAGE_ROWS, REPORTERS,
};

/// The variant names of the position format the core knows (game.json's `variants`).
pub const TWO_PLAYER: &str = "two-player";
pub const NEWSBOY: &str = "newsboy";
/// A circulation beyond any game's (the core keeps circulation in 16 bits).
const MAX_CIRCULATION: i64 = 10_000;

/// The reader's one refusal: "position.<path>: <what>" ("position: <what>" for the document itself).
fn bad<T>(path: &str, what: impl std::fmt::Display) -> PyResult<T> {
    let at = if path.is_empty() { "position".to_string() } else { format!("position.{path}") };
    Err(BadPosition::new_err(format!("{at}: {what}")))
}

fn get<'py>(d: &Bound<'py, PyDict>, key: &str, path: &str) -> PyResult<Bound<'py, PyAny>> {
    match d.get_item(key)? {
        Some(v) => Ok(v),
        None => bad(&join(path, key), "missing"),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn dict<'py>(v: &Bound<'py, PyAny>, path: &str) -> PyResult<Bound<'py, PyDict>> {
    match v.cast::<PyDict>() {
        Ok(d) => Ok(d.clone()),
        Err(_) => bad(path, "expected an object"),
    }
}

fn list<'py>(v: &Bound<'py, PyAny>, path: &str) -> PyResult<Bound<'py, PyList>> {
    match v.cast::<PyList>() {
        Ok(l) => Ok(l.clone()),
        Err(_) => bad(path, "expected a list"),
    }
}

fn int(v: &Bound<'_, PyAny>, path: &str, lo: i64, hi: i64) -> PyResult<i64> {
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return bad(path, "expected a whole number, got a boolean");
    }
    match v.extract::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        Ok(n) => bad(path, format!("{n} is out of range ({lo} to {hi})")),
        Err(_) => bad(path, "expected a whole number"),
    }
}

fn boolean(v: &Bound<'_, PyAny>, path: &str) -> PyResult<bool> {
    match v.cast::<pyo3::types::PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => bad(path, "expected true or false"),
    }
}

fn string(v: &Bound<'_, PyAny>, path: &str) -> PyResult<String> {
    v.extract::<String>().or_else(|_| bad(path, "expected text"))
}

fn player_index(v: &Bound<'_, PyAny>, path: &str, players: u8) -> PyResult<u8> {
    Ok(int(v, path, 0, players as i64 - 1)? as u8)
}

fn optional_player(v: &Bound<'_, PyAny>, path: &str, players: u8) -> PyResult<Option<u8>> {
    if v.is_none() {
        Ok(None)
    } else {
        player_index(v, path, players).map(Some)
    }
}

fn story(v: &Bound<'_, PyAny>, path: &str) -> PyResult<Story> {
    let text = string(v, path)?;
    Story::parse(&text).map_or_else(|| bad(path, format!("{text:?} is not a story such as war:D:3")), Ok)
}

fn cell(v: &Bound<'_, PyAny>, path: &str) -> PyResult<Option<Cell>> {
    if v.is_none() {
        return Ok(None);
    }
    let l = list(v, path)?;
    if l.len() != 2 {
        return bad(path, "expected [x, y] or null");
    }
    let x = int(&l.get_item(0)?, &format!("{path}[0]"), 0, PAGE_COLUMNS as i64 - 1)?;
    let y = int(&l.get_item(1)?, &format!("{path}[1]"), 0, PAGE_ROWS as i64 - 1)?;
    Ok(Some((x as u8, y as u8)))
}

fn definition(game: &Bound<'_, PyDict>) -> PyResult<Definition> {
    let players = int(&get(game, "players", "game")?, "game.players", tables::MIN_PLAYERS as i64, tables::MAX_PLAYERS as i64)? as u8;
    let mut def = Definition { players, ..Definition::default() };
    for (i, v) in list(&get(game, "variants", "game")?, "game.variants")?.iter().enumerate() {
        match string(&v, &format!("game.variants[{i}]"))?.as_str() {
            TWO_PLAYER => def.two_player = true,
            NEWSBOY => def.newsboy = true,
            other => return bad(&format!("game.variants[{i}]"), format!("unknown variant {other:?}")),
        }
    }
    let deck = match game.get_item("deck")? {
        Some(v) => string(&v, "game.deck")?,
        None => DECK_NAMES[0].to_string(),
    };
    def.deck = match DECK_NAMES.iter().position(|d| *d == deck) {
        Some(i) => i as u8,
        None => return bad("game.deck", format!("unknown deck {deck:?}")),
    };
    Ok(def)
}

/// Put the board's stories in the order they came into play (`list(State.reporters)`), which a
/// document does not hold: it must name every story on the board once.
pub fn set_entered(pos: &mut Position, order: &Bound<'_, PyAny>) -> PyResult<()> {
    let mut entered = pos.entered;
    entered.clear();
    let mut seen = 0u64;
    for (i, v) in order.try_iter()?.enumerate() {
        let s = story(&v?, &format!("board_order[{i}]"))?;
        if pos.on_board & s.bit() == 0 || seen & s.bit() != 0 {
            return bad("board_order", format!("{s} is not on the board, or named twice"));
        }
        seen |= s.bit();
        entered.push(s);
    }
    if seen != pos.on_board {
        return bad("board_order", "name every story on the board");
    }
    pos.entered = entered;
    Ok(())
}

/// Read a position document; `BadPosition` names the first thing the core cannot hold.
pub fn read_position(doc: &Bound<'_, PyAny>) -> PyResult<Position> {
    let doc = dict(doc, "")?;
    let def = definition(&dict(&get(&doc, "game", "")?, "game")?)?;
    let n = def.players;
    let mut pos = Position { definition: def, ..Position::default() };
    let phase = string(&get(&doc, "phase", "")?, "phase")?;
    pos.phase = Phase::parse(&phase).map_or_else(|| bad("phase", format!("unknown phase {phase:?}")), Ok)?;
    pos.ply = int(&get(&doc, "ply", "")?, "ply", 0, u32::MAX as i64)? as u32;

    let turn = dict(&get(&doc, "turn", "")?, "turn")?;
    pos.current = player_index(&get(&turn, "player", "turn")?, "turn.player", n)?;
    pos.turns_left = int(&get(&turn, "turns_left", "turn")?, "turn.turns_left", 1, 2)? as u8;
    let pending = list(&get(&turn, "pending", "turn")?, "turn.pending")?;
    for (i, v) in pending.iter().enumerate() {
        let path = format!("turn.pending[{i}]");
        if !pos.pending.try_push(player_index(&v, &path, n)?) {
            return bad("turn.pending", "more players waiting than the game has");
        }
    }
    pos.newsboy = optional_player(&get(&turn, "newsboy", "turn")?, "turn.newsboy", n)?;
    pos.trigger_player = optional_player(&get(&turn, "trigger_player", "turn")?, "turn.trigger_player", n)?;
    pos.draw_pending = match turn.get_item("draw_pending")? {
        Some(v) => boolean(&v, "turn.draw_pending")?,
        None => false,
    };

    let mut seen: u64 = 0; // every story once, wherever it is
    let mut place = |s: Story, path: &str| -> PyResult<()> {
        if seen & s.bit() != 0 {
            return bad(path, format!("{s} appears twice"));
        }
        seen |= s.bit();
        Ok(())
    };
    let board = dict(&get(&doc, "board", "")?, "board")?;
    let mut on_board = [0u16; MAXP];
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        let path = format!("board.{beat}");
        for (i, item) in list(&get(&board, beat, "board")?, &path)?.iter().enumerate() {
            let at = format!("{path}[{i}]");
            let item = dict(&item, &at)?;
            let s = story(&get(&item, "story", &at)?, &format!("{at}.story"))?;
            if s.beat() as usize != b {
                return bad(&format!("{at}.story"), format!("{s} is not a {beat} story"));
            }
            place(s, &at)?;
            let counts = list(&get(&item, "reporters", &at)?, &format!("{at}.reporters"))?;
            if counts.len() != n as usize {
                return bad(&format!("{at}.reporters"), format!("expected one count per player ({n})"));
            }
            let mut r = [0u8; MAXP];
            for (p, c) in counts.iter().enumerate() {
                r[p] = int(&c, &format!("{at}.reporters[{p}]"), 0, REPORTERS as i64)? as u8;
                on_board[p] += r[p] as u16;
            }
            if pos.height(b as u8) + s.spaces() > COLUMN_CAPACITY {
                return bad(&path, format!("more than {COLUMN_CAPACITY} spaces of stories"));
            }
            pos.place_story(s);
            pos.reporters[s.id()] = r;
        }
    }
    let markers = dict(&get(&doc, "markers", "")?, "markers")?;
    let bonus = dict(&get(&doc, "bonus", "")?, "bonus")?;
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        pos.markers[b] = int(&get(&markers, beat, "markers")?, &format!("markers.{beat}"), 0, MAX_POSITION as i64)? as u8;
        pos.bonus[b] = int(&get(&bonus, beat, "bonus")?, &format!("bonus.{beat}"), 0, BONUS_MAX as i64)? as u8;
    }
    let stacks = dict(&get(&doc, "stacks", "")?, "stacks")?;
    for kind in 0..NKINDS as u8 {
        let name = kind_text(kind);
        let path = format!("stacks.{name}");
        let mut last = 0;
        for (i, v) in list(&get(&stacks, &name, "stacks")?, &path)?.iter().enumerate() {
            let stars = int(&v, &format!("{path}[{i}]"), 1, NSTARS as i64)? as u8;
            if stars <= last {
                return bad(&path, "expected stars in increasing order, 1 on top");
            }
            last = stars;
            let s = Story(kind * NSTARS as u8 + stars - 1);
            place(s, &path)?;
            pos.return_to_stack(s);
        }
    }

    let deck = dict(&get(&doc, "deck", "")?, "deck")?;
    let mut cards: u64 = 0;
    for (i, v) in list(&get(&deck, "cards", "deck")?, "deck.cards")?.iter().enumerate() {
        let id = int(&v, &format!("deck.cards[{i}]"), 1, DECK_SIZE as i64)? as u8;
        if cards & (1 << id) != 0 {
            return bad("deck.cards", format!("card {id} appears twice"));
        }
        cards |= 1 << id;
    }
    pos.unseen = cards;
    for (i, v) in list(&get(&deck, "discard", "deck")?, "deck.discard")?.iter().enumerate() {
        let id = int(&v, &format!("deck.discard[{i}]"), 1, DECK_SIZE as i64)? as u8;
        if cards & (1 << id) != 0 {
            return bad("deck.discard", format!("card {id} appears twice"));
        }
        cards |= 1 << id;
        pos.discard.push(id); // at most DECK_SIZE distinct ids
    }

    let players = list(&get(&doc, "players", "")?, "players")?;
    if players.len() != n as usize {
        return bad("players", format!("expected {n} players"));
    }
    for (p, v) in players.iter().enumerate() {
        let path = format!("players[{p}]");
        let d = dict(&v, &path)?;
        let mut ps = PlayerState {
            home: int(&get(&d, "home", &path)?, &format!("{path}.home"), 0, REPORTERS as i64)? as u8,
            pennies: int(&get(&d, "pennies", &path)?, &format!("{path}.pennies"), 0, MAX_PENNIES as i64)? as u8,
            circulation: int(&get(&d, "circulation", &path)?, &format!("{path}.circulation"), 0, MAX_CIRCULATION)? as u16,
            ad: cell(&get(&d, "ad", &path)?, &format!("{path}.ad"))?,
            done: boolean(&get(&d, "done", &path)?, &format!("{path}.done"))?,
            ..PlayerState::default()
        };
        for (i, s) in list(&get(&d, "published", &path)?, &format!("{path}.published"))?.iter().enumerate() {
            let at = format!("{path}.published[{i}]");
            let s = story(&s, &at)?;
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
