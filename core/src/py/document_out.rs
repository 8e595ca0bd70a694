//! A [`Position`] and its [`Event`]s written as the Python engine writes them
//! (`State.to_json()`, `Event.to_json()`), so the two engines compare with `==`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::document::{NEWSBOY, TWO_PLAYER};
use crate::events::{EndOutcome, Event, Page, PressOutcome};
use crate::position::{Cell, Position};
use crate::story::{kind_text, Story};
use crate::tables::{BEAT_NAMES, DECK_NAMES, NKINDS, NSTARS, POSITION_FORMAT, POSITION_VERSION};

fn cell<'py>(py: Python<'py>, c: Option<Cell>) -> PyResult<Bound<'py, PyAny>> {
    match c {
        None => Ok(py.None().into_bound(py)),
        Some((x, y)) => Ok(ints(py, [x, y])?.into_any()),
    }
}

/// Small numbers as a list of ints (PyO3 writes a `&[u8]` as bytes).
pub fn ints<'py>(py: Python<'py>, values: impl IntoIterator<Item = u8>) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, values.into_iter().map(u32::from))
}

fn stories<'py>(py: Python<'py>, items: impl IntoIterator<Item = Story>) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, items.into_iter().map(|s| s.to_string()))
}

fn players_of<'py>(py: Python<'py>, mask: u8, n: usize) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, (0..n).filter(|p| mask & (1 << p) != 0))
}

/// The position document, `last_event` given by the caller.
pub fn position_doc<'py>(py: Python<'py>, pos: &Position, last_event: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let n = pos.n_players();
    let doc = PyDict::new(py);
    doc.set_item("format", POSITION_FORMAT)?;
    doc.set_item("version", POSITION_VERSION)?;
    let game = PyDict::new(py);
    game.set_item("players", pos.definition.players)?;
    let mut variants = Vec::new();
    if pos.definition.newsboy {
        variants.push(NEWSBOY);
    }
    if pos.definition.two_player {
        variants.push(TWO_PLAYER);
    }
    variants.sort_unstable();
    game.set_item("variants", variants)?;
    game.set_item("deck", DECK_NAMES[pos.definition.deck as usize])?;
    doc.set_item("game", game)?;
    doc.set_item("phase", pos.phase.name())?;
    doc.set_item("ply", pos.ply)?;
    let turn = PyDict::new(py);
    turn.set_item("player", pos.current)?;
    turn.set_item("turns_left", pos.turns_left)?;
    turn.set_item("pending", ints(py, pos.pending.iter().copied())?)?;
    turn.set_item("newsboy", pos.newsboy)?;
    turn.set_item("trigger_player", pos.trigger_player)?;
    if pos.draw_pending {
        turn.set_item("draw_pending", true)?;
    }
    doc.set_item("turn", turn)?;
    let board = PyDict::new(py);
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        let column = PyList::empty(py);
        for &s in pos.column(b as u8) {
            let item = PyDict::new(py);
            item.set_item("story", s.to_string())?;
            item.set_item("reporters", ints(py, pos.reporters[s.id()][..n].iter().copied())?)?;
            column.append(item)?;
        }
        board.set_item(*beat, column)?;
    }
    doc.set_item("board", board)?;
    let markers = PyDict::new(py);
    let bonus = PyDict::new(py);
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        markers.set_item(*beat, pos.markers[b])?;
        bonus.set_item(*beat, pos.bonus[b])?;
    }
    doc.set_item("markers", markers)?;
    doc.set_item("bonus", bonus)?;
    let stacks = PyDict::new(py);
    for kind in 0..NKINDS as u8 {
        let stars = (1..=NSTARS as u8).filter(|s| pos.stacks[kind as usize] & (1 << (s - 1)) != 0);
        stacks.set_item(kind_text(kind), ints(py, stars)?)?;
    }
    doc.set_item("stacks", stacks)?;
    let deck = PyDict::new(py);
    deck.set_item("cards", ints(py, (1..64u8).filter(|&c| pos.unseen & (1 << c) != 0))?)?;
    deck.set_item("order_known", false)?;
    deck.set_item("discard", ints(py, pos.discard.iter().copied())?)?;
    doc.set_item("deck", deck)?;
    let players = PyList::empty(py);
    for p in &pos.players[..n] {
        let d = PyDict::new(py);
        d.set_item("home", p.home)?;
        d.set_item("pennies", p.pennies)?;
        d.set_item("circulation", p.circulation)?;
        d.set_item("ad", cell(py, p.ad)?)?;
        d.set_item("published", stories(py, p.published.iter().copied())?)?;
        d.set_item("done", p.done)?;
        players.append(d)?;
    }
    doc.set_item("players", players)?;
    doc.set_item("last_event", last_event)?;
    Ok(doc)
}

/// A page in the move notation: `story@x,y,wxh ... exclusive=story|none`.
pub fn page_notation(page: &Page) -> String {
    let mut parts: Vec<String> =
        page.placements.iter().map(|(s, p)| format!("{s}@{},{},{}x{}", p.x, p.y, p.w, p.h)).collect();
    parts.push(match page.exclusive {
        Some(s) => format!("exclusive={s}"),
        None => "exclusive=none".to_string(),
    });
    parts.join(" ")
}

fn breakdown_doc<'py>(py: Python<'py>, press: &PressOutcome) -> PyResult<Bound<'py, PyDict>> {
    let b = press.breakdown();
    let items = press.items(press.top_beats());
    let list = PyList::empty(py);
    for (i, (it, &s)) in items.iter().zip(press.claimed.iter()).enumerate() {
        let published = press.page.publishes(s);
        let exclusive = press.page.exclusive == Some(s);
        let value = it.value as i16;
        let d = PyDict::new(py);
        d.set_item("story", i)?;
        d.set_item("value", it.value)?;
        d.set_item("top_beat", it.top)?;
        d.set_item("published", published)?;
        d.set_item("exclusive", exclusive)?;
        d.set_item("points", if published { value } else { -value } + if exclusive { value } else { 0 })?;
        list.append(d)?;
    }
    let doc = PyDict::new(py);
    doc.set_item("stories", list)?;
    doc.set_item("published", b.published)?;
    doc.set_item("exclusive_bonus", b.exclusive_bonus)?;
    let rows = PyList::empty(py);
    for (r, &(count, points)) in b.empty_by_row.iter().enumerate() {
        let d = PyDict::new(py);
        d.set_item("row", r)?;
        d.set_item("count", count)?;
        d.set_item("points", points)?;
        rows.append(d)?;
    }
    doc.set_item("empty_cells", rows)?;
    doc.set_item("empty", b.empty())?;
    doc.set_item("unpublished", b.unpublished)?;
    doc.set_item("total", b.total())?;
    Ok(doc)
}

fn press_doc<'py>(py: Python<'py>, press: &PressOutcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("player", press.player)?;
    d.set_item("claimed", stories(py, press.claimed.iter().copied())?)?;
    d.set_item("left", stories(py, press.left.iter().copied())?)?;
    let scoops = PyList::empty(py);
    for sc in press.scoops.iter() {
        let s = PyDict::new(py);
        s.set_item("player", sc.player)?;
        s.set_item("story", sc.story.to_string())?;
        s.set_item("points", sc.points)?;
        scoops.append(s)?;
    }
    d.set_item("scoops", scoops)?;
    let values = PyDict::new(py);
    for (b, beat) in BEAT_NAMES.iter().enumerate() {
        values.set_item(*beat, press.beat_values[b])?;
    }
    d.set_item("beat_values", values)?;
    d.set_item("ad", cell(py, press.ad)?)?;
    d.set_item("page", page_notation(&press.page))?;
    d.set_item("unpublished", stories(py, press.unpublished())?)?;
    d.set_item("total", press.total)?;
    d.set_item("gain", press.gain)?;
    d.set_item("breakdown", breakdown_doc(py, press)?)?;
    d.set_item("card", press.card)?;
    d.set_item("card_stories", stories(py, press.card_stories.iter().copied())?)?;
    d.set_item("new_ad", cell(py, press.new_ad)?)?;
    d.set_item("final_edition", press.final_edition)?;
    Ok(d)
}

fn end_doc<'py>(py: Python<'py>, end: &EndOutcome, n: usize) -> PyResult<Bound<'py, PyDict>> {
    let bonuses = PyList::empty(py);
    for (b, bb) in end.bonuses.iter().enumerate() {
        let d = PyDict::new(py);
        d.set_item("beat", BEAT_NAMES[b])?;
        d.set_item("most_stars", bb.most_stars)?;
        d.set_item("players", players_of(py, bb.players, n)?)?;
        d.set_item("points", bb.points)?;
        bonuses.append(d)?;
    }
    let d = PyDict::new(py);
    d.set_item("bonuses", bonuses)?;
    d.set_item("circulation", &end.circulation[..n])?;
    d.set_item("winners", players_of(py, end.winners, n)?)?;
    Ok(d)
}

/// An event as `Event.to_json()` writes it.
pub fn event_doc<'py>(py: Python<'py>, event: &Event, n: usize) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("ply", event.ply)?;
    d.set_item("player", event.player)?;
    d.set_item("move", event.mv.to_string())?;
    if let Some(press) = &event.press {
        d.set_item("press", press_doc(py, press)?)?;
    }
    if let Some(end) = &event.end {
        d.set_item("end", end_doc(py, end, n)?)?;
    }
    Ok(d)
}

/// The event of a draw whose press the core did not see: `{"ply", "player", "move": "press", "cards": [card]}`.
pub fn draw_only_doc(py: Python<'_>, ply: u32, player: u8, card: u8) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("ply", ply)?;
    d.set_item("player", player)?;
    d.set_item("move", "press")?;
    d.set_item("cards", ints(py, [card])?)?;
    Ok(d)
}

