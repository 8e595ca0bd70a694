//! The Python class `pennypress_core.Position`: a [`crate::Position`] plus its last event.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::document_in::{read_position, set_entered};
use super::document_out::{draw_only_doc, event_doc, ints, position_doc};
use super::{guard, rng_from_seed, to_py, Random};
use crate::error::CoreResult;
use crate::events::{Drawn, Event};
use crate::moves::{legal_move_count, Move};
use crate::policy::{Policy, RandomPolicy};
use crate::position::Position as Core;

/// The last thing that happened, for `to_json()` (the core's positions do not carry it).
enum Last {
    /// The document's own `last_event` (any JSON, `None` included), before the core moved.
    Document(Py<PyAny>),
    Core(Event),
    /// A card drawn for a press the core did not see.
    DrawOnly { ply: u32, player: u8, card: u8 },
}

impl Last {
    fn clone_ref(&self, py: Python<'_>) -> Last {
        match self {
            Last::Document(obj) => Last::Document(obj.clone_ref(py)),
            Last::Core(e) => Last::Core(*e),
            Last::DrawOnly { ply, player, card } => Last::DrawOnly { ply: *ply, player: *player, card: *card },
        }
    }
}

/// A public position on the native core. Build it from a position document the Python
/// loader has checked (`State.to_json()` of a public view); play moves and draws on it.
#[pyclass(module = "pennypress_core", name = "Position")]
pub struct Position {
    pos: Core,
    last: Last,
}

fn deepcopy<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    obj.py().import("copy")?.call_method1("deepcopy", (obj,))
}

impl Position {
    /// Run `f` on a copy and keep the result only if it succeeds: an illegal move or a
    /// panic leaves the position as it was.
    fn mutate<T>(&mut self, f: impl FnOnce(&mut Core) -> CoreResult<T>) -> PyResult<T> {
        let mut work = self.pos;
        let out = guard(|| f(&mut work).map_err(to_py))?;
        self.pos = work;
        Ok(out)
    }

    fn event_dict<'py>(&self, py: Python<'py>, event: &Event) -> PyResult<Bound<'py, PyDict>> {
        event_doc(py, event, self.pos.n_players())
    }

    /// Record a draw in the last event, as `engine.rules.chance.apply_chance` does, and return it.
    fn record_draw<'py>(&mut self, py: Python<'py>, player: u8, drawn: &Drawn) -> PyResult<Bound<'py, PyAny>> {
        let ply = self.pos.ply;
        let last = std::mem::replace(&mut self.last, Last::Core(Event { ply: 0, player: 0, mv: Move::Press, press: None, end: None }));
        self.last = match last {
            Last::Core(mut e) if e.press.is_some() && e.ply == ply => {
                e.complete_draw(drawn);
                Last::Core(e)
            }
            Last::Document(doc) => {
                let doc = doc.bind(py);
                let press_now = !doc.is_none()
                    && doc.get_item("ply").and_then(|p| p.extract::<u32>()).is_ok_and(|p| p == ply)
                    && doc.get_item("press").is_ok_and(|p| !p.is_none());
                if press_now {
                    let doc = deepcopy(doc)?;
                    let press = doc.get_item("press")?;
                    press.set_item("card", drawn.card)?;
                    press.set_item("card_stories", drawn.stories.iter().map(|s| s.to_string()).collect::<Vec<_>>())?;
                    press.set_item("new_ad", ints(py, [drawn.new_ad.0, drawn.new_ad.1])?)?;
                    Last::Document(doc.unbind())
                } else {
                    Last::DrawOnly { ply, player, card: drawn.card }
                }
            }
            _ => Last::DrawOnly { ply, player, card: drawn.card },
        };
        self.last_event(py)
    }

    fn last_event<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.last {
            Last::Document(doc) => deepcopy(doc.bind(py)),
            Last::Core(e) => Ok(self.event_dict(py, e)?.into_any()),
            Last::DrawOnly { ply, player, card } => Ok(draw_only_doc(py, *ply, *player, *card)?.into_any()),
        }
    }

    fn legal(&self) -> Vec<Move> {
        self.pos.legal_moves()
    }
}

#[pymethods]
impl Position {
    /// Read a position document (the order of `deck.cards` is not kept: the core holds the public view).
    /// `board_order` lists the board's stories in the order they came into play (`list(state.reporters)`;
    /// a document read back gives board order, as the Python loader does).
    #[new]
    #[pyo3(signature = (doc, board_order=None))]
    fn new(py: Python<'_>, doc: &Bound<'_, PyAny>, board_order: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        guard(|| {
            let mut pos = read_position(doc)?;
            if let Some(order) = board_order {
                set_entered(&mut pos, order)?;
            }
            let last = match doc.get_item("last_event") {
                Ok(e) => deepcopy(&e)?.unbind(),
                Err(_) => py.None(),
            };
            Ok(Position { pos, last: Last::Document(last) })
        })
    }

    /// The position document (`State.to_json()` of the public view), `last_event` included.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| position_doc(py, &self.pos, self.last_event(py)?))
    }

    /// The last event (`Event.to_json()`), or `None`.
    fn last_event_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| self.last_event(py))
    }

    /// Every legal move in the engine's notation and order (`[]` at a chance node or once over).
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        guard(|| Ok(self.legal().iter().map(|m| m.to_string()).collect()))
    }

    fn legal_move_count(&self) -> PyResult<usize> {
        guard(|| Ok(legal_move_count(&self.pos)))
    }

    /// Play a move -- its notation (`str(move)`) or its index in `legal_moves()` -- and return
    /// the event (`Event.to_json()`). An illegal move raises `IllegalMove` and changes nothing.
    fn apply<'py>(&mut self, py: Python<'py>, mv: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let event = if let Ok(index) = mv.extract::<usize>() {
            let legal = guard(|| Ok(self.legal()))?;
            let Some(&m) = legal.get(index) else {
                return Err(super::IllegalMove::new_err(format!(
                    "move index {index} is out of range: there are {} legal moves",
                    legal.len()
                )));
            };
            self.mutate(|p| p.apply(m))?
        } else if let Ok(text) = mv.extract::<String>() {
            self.mutate(|p| p.apply_notation(&text))?
        } else {
            return Err(super::BadInput::new_err("a move is its notation (text) or its index in legal_moves()"));
        };
        self.last = Last::Core(event);
        guard(|| self.event_dict(py, &event))
    }

    fn is_chance_node(&self) -> bool {
        self.pos.is_chance_node()
    }

    /// The cards the pending draw can give, ascending (each equally likely); `[]` if none is pending.
    fn chance_outcomes(&self) -> PyResult<Vec<u32>> {
        guard(|| Ok(self.pos.chance_outcomes().map(u32::from).collect()))
    }

    /// Draw `card` at the chance node; returns the completed event (the press with its card).
    fn apply_chance<'py>(&mut self, py: Python<'py>, card: i64) -> PyResult<Bound<'py, PyAny>> {
        let player = self.pos.current;
        let Ok(card) = u8::try_from(card) else {
            return Err(super::IllegalMove::new_err(format!("headline card {card} cannot be drawn: it is not a card of this deck")));
        };
        let drawn = self.mutate(|p| p.apply_chance(card))?;
        guard(|| self.record_draw(py, player, &drawn))
    }

    /// Draw the pending card with `rng` as `engine.rules.chance.resolve_chance(state, rng)` does;
    /// returns the completed event, or `None` when no draw is pending.
    fn resolve_chance<'py>(&mut self, py: Python<'py>, rng: &mut Random) -> PyResult<Option<Bound<'py, PyAny>>> {
        let player = self.pos.current;
        let mut r = rng.rng.clone();
        let drawn = self.mutate(|p| p.resolve_chance(&mut r))?;
        rng.rng = r;
        match drawn {
            Some(d) => guard(|| self.record_draw(py, player, &d)).map(Some),
            None => Ok(None),
        }
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> Position {
        Position { pos: self.pos, last: self.last.clone_ref(py) }
    }

    fn __copy__(&self, py: Python<'_>) -> Position {
        self.clone(py)
    }

    /// Play to the end with the random policy (the Python `RandomBot`, seeded `seat_seeds[seat]`)
    /// in every seat, drawing cards with `chance` -- `engine.play.match.play_match` with
    /// `RandomBot`s -- without the GIL. Returns the final position; this one is unchanged.
    fn playout_random(&self, py: Python<'_>, chance: &mut Random, seat_seeds: &Bound<'_, PyList>) -> PyResult<Position> {
        let mut bots = Vec::new();
        for seed in seat_seeds.iter() {
            bots.push(RandomPolicy { rng: rng_from_seed(&seed)? });
        }
        if bots.len() != self.pos.n_players() {
            return Err(super::BadInput::new_err(format!("{} seat seeds for {} players", bots.len(), self.pos.n_players())));
        }
        let start = self.pos;
        let mut rng = chance.rng.clone();
        let (end, last) = py.detach(|| guard(|| playout(start, &mut rng, &mut bots).map_err(to_py)))?;
        chance.rng = rng;
        let last = match last {
            Some(e) => Last::Core(e),
            None => self.last.clone_ref(py),
        };
        Ok(Position { pos: end, last })
    }

    #[getter]
    fn current_player(&self) -> u8 {
        self.pos.current
    }

    #[getter]
    fn phase(&self) -> &'static str {
        self.pos.phase.name()
    }

    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply
    }

    fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// The winners once the game is over (`[]` before).
    #[getter]
    fn winners(&self) -> Vec<usize> {
        let w = self.pos.winners();
        (0..self.pos.n_players()).filter(|p| w & (1 << p) != 0).collect()
    }

    /// The board's stories in the order they came into play (the Python `State.reporters` order).
    #[getter]
    fn board_order(&self) -> Vec<String> {
        self.pos.stories_as_entered().iter().map(|s| s.to_string()).collect()
    }

    /// Each player's circulation.
    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.pos.players[..self.pos.n_players()].iter().map(|p| p.circulation).collect()
    }

    fn __eq__(&self, other: &Position) -> bool {
        self.pos == other.pos
    }
}

/// The playout loop: choose, apply, draw -- the core's `play_match`.
fn playout(mut pos: Core, chance: &mut crate::rng::PyRandom, bots: &mut [RandomPolicy]) -> CoreResult<(Core, Option<Event>)> {
    let mut legal = Vec::with_capacity(64);
    let mut last = None;
    pos.resolve_chance(chance)?;
    while !pos.is_over() {
        pos.legal_moves_into(&mut legal);
        let mv = bots[pos.current as usize].choose(&pos, &legal);
        let mut event = pos.apply(mv)?;
        if let Some(drawn) = pos.resolve_chance(chance)? {
            event.complete_draw(&drawn);
        }
        last = Some(event);
    }
    Ok((pos, last))
}

/// The crate's test fixture `position::testing::new_game` as a document (tests compare it
/// with the Python engine's `new_game`).
#[pyfunction]
pub fn _testing_new_game(py: Python<'_>, players: u8, seed: u64) -> PyResult<Bound<'_, PyDict>> {
    guard(|| {
        if !(crate::tables::MIN_PLAYERS..=crate::tables::MAX_PLAYERS).contains(&players) {
            return Err(super::BadInput::new_err("players: 2 to 5"));
        }
        position_doc(py, &crate::position::testing::new_game(players, seed), py.None().into_bound(py))
    })
}
