//! The thin PyO3 layer: the Python module `pennypress_core`.
//!
//! - `Position(doc)`: a public position read from a position document
//!   (`State.to_json()`); `legal_moves()` (notation, the engine's order),
//!   `apply(move)` (notation or index into `legal_moves()`), `chance_outcomes()`,
//!   `apply_chance(card)`, `resolve_chance(rng)`, `to_json()`, `clone()`;
//!   events come back as `Event.to_json()` dicts.
//! - `Random(seed)`: CPython's `random.Random`, bit for bit (crate::rng).
//! - `page_value(items, ad)`, `best_page(items, ad)`: the fast solver's answers.
//! - Exceptions: `CoreError` and its subclasses `BadPosition`, `IllegalMove`,
//!   `BadInput` and `CorePanic` -- a Rust panic never crosses into Python as
//!   anything else (every entry point runs under `catch_unwind`).

mod document_in;
mod document_out;
mod position;
mod search;

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::error::CoreError as RustError;
use crate::pages::{self, Item};
use crate::position::Cell;
use crate::rng::{PyRandom, Seed};

create_exception!(pennypress_core, CoreError, PyException, "Anything the native core refuses.");
create_exception!(pennypress_core, BadPosition, CoreError, "A position document the core cannot hold.");
create_exception!(pennypress_core, IllegalMove, CoreError, "A move or a card that is not legal now.");
create_exception!(pennypress_core, BadInput, CoreError, "A bad argument (a press's items, a random range).");
create_exception!(
    pennypress_core,
    CorePanic,
    CoreError,
    "An internal error of the native core (a bug): a Rust panic, caught at the boundary, with its message."
);

pub(crate) fn to_py(err: RustError) -> PyErr {
    match err {
        RustError::BadPosition(m) => BadPosition::new_err(m),
        RustError::IllegalMove(m) => IllegalMove::new_err(m),
        RustError::BadInput(m) => BadInput::new_err(m),
    }
}

/// Run `f`, turning a panic into `CorePanic` with the panic's message.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_string());
            Err(CorePanic::new_err(format!(
                "internal error in the native core (a bug; the position is unchanged): {message}"
            )))
        }
    }
}

/// The 32-bit words of `abs(seed)` for a Python int of any size (CPython's int seeding).
fn seed_words(seed: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if !seed.is_instance_of::<pyo3::types::PyInt>() {
        return Err(BadInput::new_err(format!("a seed is a whole number, got {}", seed.repr()?)));
    }
    let n = seed.call_method0("__abs__")?;
    let bits: usize = n.call_method0("bit_length")?.extract()?;
    let nbytes = bits.div_ceil(32).max(1) * 4;
    let bytes: Vec<u8> = n.call_method1("to_bytes", (nbytes, "little"))?.extract()?;
    Ok(bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// A bot's seed (any int) for the core.
pub(crate) fn bot_seed(seed: &Bound<'_, PyAny>) -> PyResult<Seed> {
    let words = seed_words(seed)?;
    let negative: bool = seed.lt(0)?;
    Ok(Seed::from_words(negative, &words))
}

pub(crate) fn rng_from_seed(seed: &Bound<'_, PyAny>) -> PyResult<PyRandom> {
    Ok(PyRandom::from_key(&seed_words(seed)?))
}

/// CPython's `random.Random(seed)` for an int seed, bit for bit: the same draws in the same order.
#[pyclass(module = "pennypress_core", name = "Random")]
pub struct Random {
    pub(crate) rng: PyRandom,
}

#[pymethods]
impl Random {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(|| Ok(Random { rng: rng_from_seed(seed)? }))
    }

    fn random(&mut self) -> PyResult<f64> {
        guard(|| Ok(self.rng.random()))
    }

    fn getrandbits<'py>(&mut self, py: Python<'py>, k: u32) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let words = self.rng.getrandbits_words(k);
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let int = py.get_type::<pyo3::types::PyInt>();
            int.call_method1("from_bytes", (bytes, "little"))
        })
    }

    /// `_randbelow(n)` for `0 < n < 2**64`.
    fn randbelow(&mut self, n: u64) -> PyResult<u64> {
        guard(|| self.rng.randbelow(n).map_err(to_py))
    }

    #[pyo3(signature = (start, stop=None, step=1))]
    fn randrange(&mut self, start: i64, stop: Option<i64>, step: i64) -> PyResult<i64> {
        guard(|| match stop {
            None if step != 1 => Err(BadInput::new_err("Missing a non-None stop argument")),
            None => self.rng.randrange(0, start, 1).map_err(to_py),
            Some(stop) => self.rng.randrange(start, stop, step).map_err(to_py),
        })
    }

    fn choice<'py>(&mut self, seq: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let n = seq.len()?;
            if n == 0 {
                return Err(pyo3::exceptions::PyIndexError::new_err("Cannot choose from an empty sequence"));
            }
            let i = self.rng.below(n).map_err(to_py)?;
            seq.get_item(i)
        })
    }

    fn uniform(&mut self, a: f64, b: f64) -> PyResult<f64> {
        guard(|| Ok(self.rng.uniform(a, b)))
    }

    /// Shuffle a list in place, as `random.Random.shuffle` does.
    fn shuffle(&mut self, x: &Bound<'_, PyList>) -> PyResult<()> {
        guard(|| {
            let mut items: Vec<Bound<'_, PyAny>> = x.iter().collect();
            self.rng.shuffle(&mut items);
            for (i, item) in items.into_iter().enumerate() {
                x.set_item(i, item)?;
            }
            Ok(())
        })
    }

    /// The state as `random.Random.getstate()[1]`: 624 words and the index.
    fn getstate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| PyTuple::new(py, self.rng.state()))
    }
}

fn items_of(items: &Bound<'_, PyAny>) -> PyResult<Vec<Item>> {
    let mut out = Vec::new();
    for (k, item) in items.try_iter()?.enumerate() {
        let (shape, value, top): (u8, u8, bool) = item?
            .extract()
            .map_err(|_| BadInput::new_err(format!("items[{k}]: expected (shape index, value, is_top)")))?;
        out.push(Item { shape, value, top });
    }
    Ok(out)
}

/// `solver.fast.page_value(items, ad)`: `(total, gain, top_edge, top_rest)`.
#[pyfunction]
#[pyo3(signature = (items, ad=None))]
fn page_value(items: &Bound<'_, PyAny>, ad: Option<Cell>) -> PyResult<(i16, i16, u8, u8)> {
    guard(|| {
        let v = pages::page_value(&items_of(items)?, ad).map_err(to_py)?;
        Ok((v.total, v.gain, v.top_edge, v.top_rest))
    })
}

/// `solver.fast.best_page(items, ad)`: `(placements as (story, x, y, w, h), exclusive, top_edge,
/// top_rest, total, gain)`.
#[pyfunction]
#[pyo3(signature = (items, ad=None))]
#[allow(clippy::type_complexity)]
fn best_page(items: &Bound<'_, PyAny>, ad: Option<Cell>) -> PyResult<(Vec<(u8, u8, u8, u8, u8)>, Option<u8>, u8, u8, i16, i16)> {
    guard(|| {
        let page = pages::best_page(&items_of(items)?, ad).map_err(to_py)?;
        let placements = page.placements.iter().map(|p| (p.story, p.x, p.y, p.w, p.h)).collect();
        let v = page.value;
        Ok((placements, page.exclusive, v.top_edge, v.top_rest, v.total, v.gain))
    })
}

/// Panics on purpose, so the tests can see a panic arrive as `CorePanic` with its message.
#[pyfunction]
fn _panic_for_test(message: &str) -> PyResult<()> {
    guard(|| panic!("{message}"))
}

#[pymodule]
fn pennypress_core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CoreError", py.get_type::<CoreError>())?;
    m.add("BadPosition", py.get_type::<BadPosition>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("BadInput", py.get_type::<BadInput>())?;
    m.add("CorePanic", py.get_type::<CorePanic>())?;
    m.add_class::<Random>()?;
    m.add_class::<position::Position>()?;
    m.add_function(wrap_pyfunction!(page_value, m)?)?;
    m.add_function(wrap_pyfunction!(best_page, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    m.add_function(wrap_pyfunction!(position::_testing_new_game, m)?)?;
    search::register(m)?;
    Ok(())
}
