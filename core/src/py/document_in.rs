//! A position document's Python objects as a [`Source`] of the core's one reader
//! ([`crate::document::read_position`]), and the board's order of entry, which a document does not hold.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

use crate::document::{self, bad, join, Entries, Source, Words};
use crate::error::CoreResult;
use crate::position::Position;

/// A place in a document made of Python objects (`State.to_json()`).
struct PyNode<'py>(Bound<'py, PyAny>);

/// A Python error while reading (a dict whose keys cannot be compared): refused as the field's.
fn python<T>(path: &str, err: PyErr) -> CoreResult<T> {
    bad(path, format!("cannot be read ({})", err.to_string().replace('\n', " ")))
}

impl<'py> PyNode<'py> {
    fn dict(&self) -> Option<&Bound<'py, PyDict>> {
        self.0.cast::<PyDict>().ok()
    }
}

impl<'py> Source for PyNode<'py> {
    fn object(&self, path: &str) -> CoreResult<()> {
        match self.dict() {
            Some(_) => Ok(()),
            None => bad(path, "expected an object"),
        }
    }

    fn field(&self, key: &str, path: &str) -> CoreResult<Self> {
        match self.optional(key) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => bad(&join(path, key), "missing"),
            Err(e) => Err(e),
        }
    }

    fn optional(&self, key: &str) -> CoreResult<Option<Self>> {
        let Some(d) = self.dict() else { return bad(key, "expected an object") };
        match d.get_item(key) {
            Ok(v) => Ok(v.map(PyNode)),
            Err(e) => python(key, e),
        }
    }

    fn list(&self, path: &str, _entries: Entries) -> CoreResult<Vec<Self>> {
        match self.0.cast::<PyList>() {
            Ok(l) => Ok(l.iter().map(PyNode).collect()),
            Err(_) => bad(path, "expected a list"),
        }
    }

    fn int(&self, path: &str, lo: i64, hi: i64) -> CoreResult<i64> {
        if self.0.is_instance_of::<PyBool>() {
            return bad(path, "expected a whole number, got a boolean");
        }
        match self.0.extract::<i64>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            Ok(n) => bad(path, format!("{n} is out of range ({lo} to {hi})")),
            Err(_) => bad(path, "expected a whole number"),
        }
    }

    fn boolean(&self, path: &str) -> CoreResult<bool> {
        match self.0.cast::<PyBool>() {
            Ok(b) => Ok(b.is_true()),
            Err(_) => bad(path, "expected true or false"),
        }
    }

    fn text(&self, path: &str, _words: Words) -> CoreResult<String> {
        self.0.extract::<String>().or_else(|_| bad(path, "expected text"))
    }

    fn is_null(&self) -> bool {
        self.0.is_none()
    }
}

/// Read a position document; `BadPosition` names the first thing the core cannot hold.
pub fn read_position(doc: &Bound<'_, PyAny>) -> PyResult<Position> {
    document::read_position(&PyNode(doc.clone())).map_err(super::to_py)
}

/// Put the board's stories in the order they came into play (`list(State.reporters)`), which a
/// document does not hold: it must name every story on the board once.
pub fn set_entered(pos: &mut Position, order: &Bound<'_, PyAny>) -> PyResult<()> {
    entered_from(pos, order).map_err(super::to_py)
}

fn entered_from(pos: &mut Position, order: &Bound<'_, PyAny>) -> CoreResult<()> {
    let items = match order.try_iter() {
        Ok(items) => items,
        Err(e) => return python("board_order", e),
    };
    let mut entered = pos.entered;
    entered.clear();
    let mut seen = 0u64;
    for (i, v) in items.enumerate() {
        let v = match v {
            Ok(v) => v,
            Err(e) => return python("board_order", e),
        };
        let s = document::story(&PyNode(v), &format!("board_order[{i}]"))?;
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
