//! Search on the core from Python: policies, bots, playouts on many threads, the exact search,
//! and tournament games.
//!
//! - `Weights(**fields)`: the heuristic bot's weights, every field of the Python dataclass by name
//!   (`Weights.FIELDS`, in its order); `Policy.random()`, `.greedy(threshold, reporter_cost)`,
//!   `.heuristic(weights)`, `.jittered_greedy(base, spread, costs)`, `.jittered_heuristic(weights,
//!   jitter)`: which bot plays and how it is made from a seed; the league's `Policy.evaluator(weights)`,
//!   `.timer(settings)` and `.mcts(settings)` take the Python dataclass as a dict (`dataclasses.asdict`),
//!   every field by name (`Policy.league_fields()`).
//! - `Bot(policy, seed)`: one seated bot that keeps its memory between decisions; `choose(position)`;
//!   an evaluator's `evaluate(position)` (every move's score, as `EvaluatorBot.evaluate`), an MCTS
//!   bot's `last_visits()` (as `MctsBot.last_visits`).
//! - `run_playouts(afters, jobs, seed, policy, exact_end, threads, move_cap)`: playout `k` from
//!   `afters[i]` for every `(i, k)` in `jobs`, without the GIL, on `threads` threads; per playout
//!   every player's `(win share, margin, circulation)` and the moves the bots played.
//! - `ExactSearch()`: `value(position)`, `move_values(position)`, `nodes`, `len()` (its memo).
//! - `play_games(games, move_cap, threads)`: whole games with known deck orders (a tournament);
//!   `play_games_recorded(...)` the same games with every press and the end's beat bonuses.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::position::Position;
use super::{bot_seed, guard, to_py, BadInput};
use crate::exact::ExactSearch as CoreExact;
use crate::heuristic::Weights as CoreWeights;
use crate::league::mcts_leaf::LeafSettings;
use crate::league::mcts_rollout::RolloutSettings;
use crate::league::{EvaluatorWeights, MctsSettings, TimerSettings};
use crate::outcome::Outcome;
use crate::playout::{play_games as core_play_games, play_games_recorded as core_play_games_recorded, run_batch_to,
    Game, GameRecord, GameResult, Leaf};
use crate::value::{self as value, Network, PlayerCountModel, ValueModel as CoreValueModel, NFEATURES, NVARYING};
use crate::policy::{Bot as CoreBot, Policy as _, PolicySpec};
use crate::tables::MAXP;

fn outcome_tuple<'py>(py: Python<'py>, o: &Outcome) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, o.as_slice().iter().copied())
}

/// The heuristic bot's weights (the Python `Weights` dataclass, every field given by name).
#[pyclass(module = "pennypress_core", name = "Weights", frozen, eq)]
#[derive(PartialEq)]
pub struct Weights {
    pub(crate) w: CoreWeights,
}

#[pymethods]
impl Weights {
    #[new]
    #[pyo3(signature = (**fields))]
    fn new(fields: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        guard(|| Ok(Weights { w: CoreWeights::from_values(named_values("Weights", fields, &CoreWeights::FIELDS, &[])?) }))
    }

    /// The field names, in the dataclass's order.
    #[classattr]
    #[allow(non_snake_case)]
    fn FIELDS() -> Vec<&'static str> {
        CoreWeights::FIELDS.to_vec()
    }

    /// `{field: value}`.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, v) in CoreWeights::FIELDS.iter().zip(self.w.values()) {
            d.set_item(name, v)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let parts: Vec<String> =
            CoreWeights::FIELDS.iter().zip(self.w.values()).map(|(n, v)| format!("{n}={v:?}")).collect();
        format!("Weights({})", parts.join(", "))
    }
}

/// `fields` as the values of `names` in order, every name given once and each a finite number;
/// names in `skip` may be given and are left to the caller. `what` names the parameters in messages.
fn named_values<const N: usize>(
    what: &str,
    fields: Option<&Bound<'_, PyDict>>,
    names: &[&str; N],
    skip: &[&str],
) -> PyResult<[f64; N]> {
    let mut values = [0.0f64; N];
    let mut given = [false; N];
    if let Some(fields) = fields {
        for (key, value) in fields.iter() {
            let name: String = key.extract().map_err(|_| BadInput::new_err(format!("{what}: field names are strings")))?;
            if skip.contains(&name.as_str()) {
                continue;
            }
            let Some(i) = names.iter().position(|f| *f == name) else {
                let expected: Vec<&str> = skip.iter().chain(names.iter()).copied().collect();
                return Err(BadInput::new_err(format!(
                    "{what}: unknown field '{name}' (expected {})",
                    expected.join(", ")
                )));
            };
            values[i] =
                value.extract::<f64>().map_err(|_| BadInput::new_err(format!("{what}: {name} must be a number")))?;
            if !values[i].is_finite() {
                return Err(BadInput::new_err(format!("{what}: {name} must be a finite number")));
            }
            given[i] = true;
        }
    }
    let mut missing: Vec<&str> = skip.iter().copied().filter(|f| !fields.is_some_and(|d| d.contains(f).unwrap_or(false))).collect();
    missing.extend((0..N).filter(|&i| !given[i]).map(|i| names[i]));
    if !missing.is_empty() {
        return Err(BadInput::new_err(format!("{what}: every field is needed; missing {}", missing.join(", "))));
    }
    Ok(values)
}

/// The timer's `base` field: `{players: threshold}` for player counts 2-5.
fn timer_base(base: &Bound<'_, PyAny>) -> PyResult<[Option<f64>; MAXP + 1]> {
    let bad = || BadInput::new_err("TimerSettings: base must map player counts (2-5) to finite numbers");
    let map: Vec<(usize, f64)> = base.cast::<PyDict>().map_err(|_| bad())?.iter()
        .map(|(k, v)| Ok((k.extract::<usize>().map_err(|_| bad())?, v.extract::<f64>().map_err(|_| bad())?)))
        .collect::<PyResult<_>>()?;
    let mut out = [None; MAXP + 1];
    for (players, value) in map {
        if !(2..=MAXP).contains(&players) || !value.is_finite() {
            return Err(bad());
        }
        out[players] = Some(value);
    }
    Ok(out)
}

/// Which bot plays in every seat, and how it is made from its seed.
#[pyclass(module = "pennypress_core", name = "Policy", frozen)]
pub struct Policy {
    pub(crate) spec: PolicySpec,
}

#[pymethods]
impl Policy {
    /// `RandomBot(seed)`.
    #[staticmethod]
    fn random() -> Policy {
        Policy { spec: PolicySpec::Random }
    }

    /// `GreedyBot(seed, threshold, reporter_cost)`.
    #[staticmethod]
    fn greedy(threshold: f64, reporter_cost: f64) -> Policy {
        Policy { spec: PolicySpec::Greedy { threshold, reporter_cost } }
    }

    /// `HeuristicBot(seed, weights)`.
    #[staticmethod]
    fn heuristic(weights: &Weights) -> Policy {
        Policy { spec: PolicySpec::Heuristic { weights: weights.w } }
    }

    /// The advisor's greedy playout bot: threshold `base + randrange(spread)`, reporter cost
    /// `choice(costs)`, drawn from `random.Random(seed)`.
    #[staticmethod]
    fn jittered_greedy(base: f64, spread: u64, costs: Vec<f64>) -> PyResult<Policy> {
        if spread < 1 || costs.is_empty() {
            return Err(BadInput::new_err("jittered_greedy: a spread of at least 1 and at least one reporter cost"));
        }
        Ok(Policy { spec: PolicySpec::JitteredGreedy { base, spread, costs } })
    }

    /// The advisor's heuristic playout bot: each weight times `1 + uniform(-jitter, jitter)`.
    #[staticmethod]
    fn jittered_heuristic(weights: &Weights, jitter: f64) -> Policy {
        Policy { spec: PolicySpec::JitteredHeuristic { weights: weights.w, jitter } }
    }

    /// The value bot (`ValueBot`): the value model one move ahead, `margin_weight` times the
    /// expected margin as a tie-break, seeded noise below `noise`; the jittered heuristic bot outside
    /// normal play.
    #[staticmethod]
    fn value(model: &ValueModel, weights: &Weights, jitter: f64, margin_weight: f64, noise: f64) -> PyResult<Policy> {
        if !(margin_weight.is_finite() && noise.is_finite() && noise >= 0.0 && jitter.is_finite() && jitter >= 0.0) {
            return Err(BadInput::new_err("Policy.value: margin_weight, noise >= 0 and jitter >= 0 must be finite"));
        }
        Ok(Policy { spec: PolicySpec::Value { model: model.model.clone(), weights: weights.w, jitter, margin_weight, noise } })
    }

    /// The advisor's mixed playout bot: in each playout and seat the value bot (as `value`) with
    /// probability `share` (drawn first from `random.Random(seed)`), else the jittered heuristic bot.
    #[staticmethod]
    fn mixed(model: &ValueModel, weights: &Weights, jitter: f64, margin_weight: f64, noise: f64, share: f64) -> PyResult<Policy> {
        if !(margin_weight.is_finite() && noise.is_finite() && noise >= 0.0 && jitter.is_finite() && jitter >= 0.0) {
            return Err(BadInput::new_err("Policy.mixed: margin_weight, noise >= 0 and jitter >= 0 must be finite"));
        }
        if !(0.0..=1.0).contains(&share) {
            return Err(BadInput::new_err("Policy.mixed: share must be within [0, 1]"));
        }
        Ok(Policy { spec: PolicySpec::Mixed { model: model.model.clone(), weights: weights.w, jitter, margin_weight, noise, share } })
    }

    /// The softmax bot (`SoftmaxBot`): `model`'s softmax draw over the moves of normal play, the jittered
    /// heuristic bot outside it; with `share`, the advisor's mix with the softmax bot in the value bot's
    /// place (drawn first from `random.Random(seed)`).
    #[staticmethod]
    #[pyo3(signature = (model, weights, jitter, share = None))]
    fn softmax(model: &MovePolicy, weights: &Weights, jitter: f64, share: Option<f64>) -> PyResult<Policy> {
        if !(jitter.is_finite() && jitter >= 0.0) {
            return Err(BadInput::new_err("Policy.softmax: jitter must be finite and >= 0"));
        }
        if share.is_some_and(|s| !(0.0..=1.0).contains(&s)) {
            return Err(BadInput::new_err("Policy.softmax: share must be within [0, 1]"));
        }
        Ok(Policy { spec: PolicySpec::Softmax { model: model.model.clone(), weights: weights.w, jitter, share } })
    }

    /// `ExactFinalBot(inner)`: the bot `policy` makes from the same seed, with every final-edition
    /// decision (no card to draw) the exact search's move instead.
    #[staticmethod]
    fn exact_final(policy: &Policy) -> Policy {
        Policy { spec: PolicySpec::ExactFinal { inner: Box::new(policy.spec.clone()) } }
    }

    /// The bot `policy` makes from the same seed, its final-edition decisions the exact search's moves
    /// only where it is a value or softmax bot (`rollout_bot(..., exact_seats=True)`); a heuristic seat
    /// of a mixed policy plays as before.
    #[staticmethod]
    fn exact_seats(policy: &Policy) -> Policy {
        Policy { spec: PolicySpec::ExactSeats { inner: Box::new(policy.spec.clone()) } }
    }

    /// The table read (`PolicySpec::Table`): seat `p` of a playout plays one of `seats[p]`'s policies, drawn
    /// by their weights from `random.Random(abs(seed) + 2**100)` (`seed` the seat's own), the drawn policy made
    /// from the seat's seed as it would be alone; a seat with no weights (the player advised) plays `base`.
    #[staticmethod]
    fn table(base: &Policy, seats: Vec<Vec<(f64, PyRef<'_, Policy>)>>) -> PyResult<Policy> {
        for weights in &seats {
            let total: f64 = weights.iter().map(|(w, _)| w).sum();
            if weights.iter().any(|(w, _)| !(w.is_finite() && *w >= 0.0)) || (!weights.is_empty() && !(total > 0.0)) {
                return Err(BadInput::new_err("a table seat's weights are finite, 0 or more, and not all 0"));
            }
        }
        let seats = seats.iter().map(|w| w.iter().map(|(x, p)| (*x, p.spec.clone())).collect()).collect();
        Ok(Policy { spec: PolicySpec::Table { base: Box::new(base.spec.clone()), seats } })
    }

    /// The league's `EvaluatorBot(seed, weights)`: `weights` is `dataclasses.asdict(EvaluatorWeights(...))`
    /// (every field by name).
    #[staticmethod]
    fn evaluator(weights: &Bound<'_, PyDict>) -> PyResult<Policy> {
        guard(|| {
            let v = named_values("EvaluatorWeights", Some(weights), &EvaluatorWeights::FIELDS, &[])?;
            Ok(Policy { spec: PolicySpec::Evaluator { weights: EvaluatorWeights::from_values(v) } })
        })
    }

    /// The league's `TimerBot(seed, settings)`: `settings` is `dataclasses.asdict(TimerSettings(...))`
    /// (every field by name; `base` a `{players: threshold}` dict).
    #[staticmethod]
    fn timer(settings: &Bound<'_, PyDict>) -> PyResult<Policy> {
        guard(|| {
            let names: [&str; 13] = std::array::from_fn(|i| TimerSettings::FIELDS[i + 1]);
            let v = named_values("TimerSettings", Some(settings), &names, &["base"])?;
            let base = timer_base(&settings.get_item("base")?.expect("checked by named_values"))?;
            Ok(Policy { spec: PolicySpec::Timer { settings: TimerSettings::from_values(base, v) } })
        })
    }

    /// The league's `MctsBot(seed, settings)`: `settings` is `dataclasses.asdict(MctsSettings(...))`
    /// (every field by name; `leaf` and `rollout` dicts of their own; `iterations` and `horizon` whole).
    #[staticmethod]
    fn mcts(settings: &Bound<'_, PyDict>) -> PyResult<Policy> {
        guard(|| {
            let nested = ["leaf", "rollout"];
            let names: [&str; 6] = std::array::from_fn(|i| MctsSettings::FIELDS[i]);
            let v = named_values("MctsSettings", Some(settings), &names, &nested)?;
            let part = |name: &str| -> PyResult<Bound<'_, PyDict>> {
                let value = settings.get_item(name)?.expect("checked by named_values");
                value.cast_into::<PyDict>().map_err(|_| BadInput::new_err(format!("MctsSettings: {name} must be a dict")))
            };
            let leaf = named_values("LeafSettings", Some(&part("leaf")?), &LeafSettings::FIELDS, &[])?;
            let rollout = named_values("RolloutSettings", Some(&part("rollout")?), &RolloutSettings::FIELDS, &[])?;
            let whole = |name: &str, x: f64| -> PyResult<u32> {
                if x >= 0.0 && x.fract() == 0.0 && x <= u32::MAX as f64 {
                    Ok(x as u32)
                } else {
                    Err(BadInput::new_err(format!("MctsSettings: {name} must be a whole number >= 0")))
                }
            };
            let settings = MctsSettings {
                iterations: whole("iterations", v[0])?,
                exploration: v[1],
                widening: v[2],
                idle: v[3],
                idle_turns: v[4],
                horizon: whole("horizon", v[5])?,
                leaf: LeafSettings::from_values(leaf),
                rollout: RolloutSettings::from_values(rollout),
            };
            Ok(Policy { spec: PolicySpec::Mcts { settings } })
        })
    }

    /// The field names of the league bots' parameters, in their dataclasses' order:
    /// `{"evaluator": [...], "timer": [...], "mcts": [...], "mcts.leaf": [...], "mcts.rollout": [...]}`.
    #[staticmethod]
    fn league_fields() -> std::collections::HashMap<&'static str, Vec<&'static str>> {
        [
            ("evaluator", EvaluatorWeights::FIELDS.to_vec()),
            ("timer", TimerSettings::FIELDS.to_vec()),
            ("mcts", MctsSettings::FIELDS.to_vec()),
            ("mcts.leaf", LeafSettings::FIELDS.to_vec()),
            ("mcts.rollout", RolloutSettings::FIELDS.to_vec()),
        ]
        .into_iter()
        .collect()
    }

    fn __repr__(&self) -> String {
        format!("Policy({:?})", self.spec)
    }
}

/// One bot in its seat: it keeps its memory (the heuristic bot's visits) between decisions.
#[pyclass(module = "pennypress_core", name = "Bot")]
pub struct Bot {
    bot: CoreBot,
}

#[pymethods]
impl Bot {
    /// The bot `policy` makes from `random.Random(seed)`.
    #[new]
    fn new(policy: &Policy, seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(|| Ok(Bot { bot: policy.spec.make(&bot_seed(seed)?) }))
    }

    /// The evaluator's scored moves in `position` (`EvaluatorBot.evaluate(view)`: every legal move
    /// with its win-chance proxy, a waiting move costing the tempo); `BadInput` for another bot.
    fn evaluate(&mut self, position: &Position) -> PyResult<Vec<(String, f64)>> {
        guard(|| {
            let CoreBot::Evaluator(bot) = &mut self.bot else {
                return Err(BadInput::new_err("evaluate: only the evaluator scores every move"));
            };
            let legal = position.pos.legal_moves();
            let tempo = bot.weights.tempo;
            Ok(bot.evaluate(&position.pos, &legal, tempo).into_iter().map(|(m, v)| (m.to_string(), v)).collect())
        })
    }

    /// The MCTS bot's root children after its last decision (`MctsBot.last_visits`): each move's
    /// notation, visits and mean reward for the mover (empty after a position with one legal move);
    /// `BadInput` for another bot.
    fn last_visits(&self) -> PyResult<Vec<(String, u32, f64)>> {
        guard(|| {
            let CoreBot::Mcts(bot) = &self.bot else {
                return Err(BadInput::new_err("last_visits: only the MCTS bot searches"));
            };
            Ok(bot.last_visits.iter().map(|&(m, v, r)| (m.to_string(), v, r)).collect())
        })
    }

    /// The bot's move for the player to move in `position` (its notation).
    fn choose(&mut self, position: &Position) -> PyResult<String> {
        guard(|| {
            let legal = position.pos.legal_moves();
            if legal.is_empty() {
                return Err(BadInput::new_err("no move to choose: the game is over or a card is to be drawn"));
            }
            Ok(self.bot.choose(&position.pos, &legal).to_string())
        })
    }
}

/// The value model (`engine/advisor/value.py`'s `ValueModel`): `ValueModel(anchors, models)` with
/// `models` `{players: (win rows, score rows)}` for 2-5 players, a row of `len(FEATURES)` weights per
/// anchor.
#[pyclass(module = "pennypress_core", name = "ValueModel", frozen)]
pub struct ValueModel {
    pub(crate) model: std::sync::Arc<CoreValueModel>,
}

/// One player count's `(win rows, score rows)` as Python gives them.
type WeightRows = (Vec<Vec<f64>>, Vec<Vec<f64>>);

/// One player count's win network as Python gives it: `(mean, spread, rival_mean, rival_spread, weights,
/// bias, out, linear)` (`engine/advisor/value.py`'s `Network`, field for field).
type NetworkParts = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>, Vec<Vec<f64>>, Vec<f64>, Vec<f64>, Vec<f64>);

fn varying(v: Vec<f64>, what: &str) -> PyResult<[f64; NVARYING]> {
    <[f64; NVARYING]>::try_from(v.as_slice())
        .map_err(|_| BadInput::new_err(format!("ValueModel: a network's {what} needs {NVARYING} numbers")))
}

fn network(parts: NetworkParts) -> PyResult<Network> {
    let (mean, spread, rival_mean, rival_spread, weights, bias, out, linear) = parts;
    Ok(Network {
        mean: varying(mean, "mean")?,
        spread: varying(spread, "spread")?,
        rival_mean: varying(rival_mean, "rival_mean")?,
        rival_spread: varying(rival_spread, "rival_spread")?,
        weights,
        bias,
        out,
        linear: varying(linear, "linear")?,
    })
}

fn weight_rows(rows: Vec<Vec<f64>>, what: &str) -> PyResult<Vec<[f64; NFEATURES]>> {
    rows.into_iter()
        .map(|r| {
            <[f64; NFEATURES]>::try_from(r.as_slice())
                .map_err(|_| BadInput::new_err(format!("ValueModel: {what} rows need {NFEATURES} weights each")))
        })
        .collect()
}

/// A move policy (`engine/advisor/move_policy.py`'s `MovePolicy`): `MovePolicy(players, anchors, own,
/// rivals)`, a row of `len(FEATURES)` weights (own) and of the varying features' count (rivals) per anchor.
#[pyclass(module = "pennypress_core", name = "MovePolicy", frozen)]
pub struct MovePolicy {
    pub(crate) model: std::sync::Arc<crate::move_policy::MovePolicyModel>,
}

#[pymethods]
impl MovePolicy {
    #[new]
    fn new(players: usize, anchors: Vec<f64>, own: Vec<Vec<f64>>, rivals: Vec<Vec<f64>>) -> PyResult<Self> {
        guard(|| {
            let own = own.iter()
                .map(|r| <[f64; NFEATURES]>::try_from(r.as_slice()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| BadInput::new_err(format!("MovePolicy: own rows need {NFEATURES} weights each")))?;
            let rivals = rivals.iter()
                .map(|r| <[f64; NVARYING]>::try_from(r.as_slice()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| BadInput::new_err(format!("MovePolicy: rivals rows need {NVARYING} weights each")))?;
            let model = crate::move_policy::MovePolicyModel::new(players, anchors, own, rivals)
                .map_err(|e| BadInput::new_err(format!("MovePolicy: {e}")))?;
            Ok(MovePolicy { model: std::sync::Arc::new(model) })
        })
    }

    /// The table the policy is for.
    #[getter]
    fn players(&self) -> usize {
        self.model.players
    }

    /// The score of `position` (after a move) for `player` (`MovePolicy.score`).
    fn score(&self, position: &Position, player: usize) -> PyResult<f64> {
        guard(|| {
            let pos = &position.pos;
            if player >= pos.n_players() || pos.n_players() != self.model.players {
                return Err(BadInput::new_err(format!(
                    "MovePolicy.score: a player of a {}-player position (the policy's table), got player {player} of {}",
                    self.model.players, pos.n_players())));
            }
            Ok(self.model.score(pos, player))
        })
    }
}

#[pymethods]
impl ValueModel {
    #[new]
    #[pyo3(signature = (anchors, models, networks = None))]
    fn new(anchors: Vec<f64>, models: std::collections::HashMap<usize, WeightRows>,
           networks: Option<std::collections::HashMap<usize, NetworkParts>>) -> PyResult<Self> {
        guard(|| {
            let mut networks = networks.unwrap_or_default();
            if let Some(n) = networks.keys().find(|&&n| !(2..=MAXP).contains(&n)) {
                return Err(BadInput::new_err(format!("ValueModel: a network for {n} players: player counts are 2 to {MAXP}")));
            }
            let mut by_count: [PlayerCountModel; MAXP + 1] = Default::default();
            for (n, slot) in by_count.iter_mut().enumerate().skip(2) {
                let Some((win, score)) = models.get(&n) else {
                    return Err(BadInput::new_err(format!("ValueModel: no model for {n} players")));
                };
                *slot = PlayerCountModel {
                    win: weight_rows(win.clone(), "win")?,
                    score: weight_rows(score.clone(), "score")?,
                    network: networks.remove(&n).map(network).transpose()?,
                };
            }
            let model = CoreValueModel::new(anchors, by_count).map_err(|e| BadInput::new_err(format!("ValueModel: {e}")))?;
            Ok(ValueModel { model: std::sync::Arc::new(model) })
        })
    }

    /// The feature names, in the weights' order.
    #[classattr]
    #[allow(non_snake_case)]
    fn FEATURES() -> Vec<&'static str> {
        value::FEATURES.to_vec()
    }

    /// Every player's features in `position` (`position_features`).
    #[staticmethod]
    fn features(position: &Position) -> PyResult<Vec<Vec<i32>>> {
        guard(|| {
            let pos = &position.pos;
            Ok((0..pos.n_players()).map(|p| value::player_features(pos, p).to_vec()).collect())
        })
    }

    /// The game's progress in `position` (`progress`).
    #[staticmethod]
    fn progress(position: &Position) -> f64 {
        value::progress(&position.pos)
    }

    /// Every player's `(chance to win, expected margin, expected circulation)` in `position`.
    fn evaluate(&self, position: &Position) -> PyResult<Vec<(f64, f64, f64)>> {
        guard(|| {
            let pos = &position.pos;
            if pos.is_over() || pos.draw_pending {
                return Err(BadInput::new_err("evaluate: the game is over or a card is to be drawn"));
            }
            Ok(self.model.evaluate(pos)[..pos.n_players()].to_vec())
        })
    }
}

/// Playout `k` from `afters[i]` for every `(i, k)` in `jobs` (see the module's docs); with a
/// `value_model`, each playout stops after `depth` bot moves at a position of normal play and
/// reports the model's estimates there. With `trace`, each result also holds the playout's first
/// events (`playout::Trace`: a move's index in the legal list, or minus the card drawn).
#[pyfunction]
#[pyo3(signature = (afters, jobs, seed, policy, exact_end, threads, move_cap, value_model=None, depth=0, trace=false))]
#[allow(clippy::too_many_arguments)]
fn run_playouts<'py>(
    py: Python<'py>,
    afters: Vec<PyRef<'py, Position>>,
    jobs: Vec<(usize, u64)>,
    seed: i64,
    policy: &Policy,
    exact_end: bool,
    threads: usize,
    move_cap: u32,
    value_model: Option<PyRef<'py, ValueModel>>,
    depth: u32,
    trace: bool,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let positions: Vec<crate::position::Position> = afters.iter().map(|p| p.pos).collect();
    let spec = policy.spec.clone();
    let leaf = value_model.map(|m| Leaf { model: m.model.clone(), depth });
    let results = py.detach(|| {
        guard(|| {
            run_batch_to(&positions, &jobs, seed, &spec, exact_end, leaf.as_ref(), move_cap, threads).map_err(to_py)
        })
    })?;
    results
        .iter()
        .map(|r| {
            let values = match &r.estimate {
                Some(e) => PyTuple::new(py, e[..r.outcome.n as usize].iter().copied())?,
                None => outcome_tuple(py, &r.outcome)?,
            };
            if trace {
                let events = PyTuple::new(py, r.trace.as_slice().iter().copied())?;
                PyTuple::new(py, [values.into_any(), r.moves.into_pyobject(py)?.into_any(), events.into_any()])
            } else {
                PyTuple::new(py, [values.into_any(), r.moves.into_pyobject(py)?.into_any()])
            }
        })
        .collect()
}

/// The exact final-edition search; one object shares its memo between questions.
#[pyclass(module = "pennypress_core", name = "ExactSearch")]
pub struct ExactSearch {
    search: CoreExact,
}

#[pymethods]
impl ExactSearch {
    /// `max_nodes`: give up (`BadInput`) after solving that many positions.
    #[new]
    #[pyo3(signature = (max_nodes=None))]
    fn new(max_nodes: Option<u64>) -> Self {
        ExactSearch { search: max_nodes.map_or_else(CoreExact::new, CoreExact::with_limit) }
    }

    /// Every player's `(win share, margin, circulation)` under optimal play from `position`.
    fn value<'py>(&mut self, py: Python<'py>, position: &Position) -> PyResult<Bound<'py, PyTuple>> {
        let pos = position.pos;
        let search = &mut self.search;
        let v = py.detach(|| guard(|| search.value(&pos).map_err(to_py)))?;
        outcome_tuple(py, &v)
    }

    /// Each legal move (its notation) with everyone's outcome after it, in legal-move order.
    fn move_values<'py>(&mut self, py: Python<'py>, position: &Position) -> PyResult<Vec<(String, Bound<'py, PyTuple>)>> {
        let pos = position.pos;
        let search = &mut self.search;
        let found = py.detach(|| guard(|| search.move_values(&pos).map_err(to_py)))?;
        found.iter().map(|(m, v)| Ok((m.to_string(), outcome_tuple(py, v)?))).collect()
    }

    /// Positions solved so far (memo misses).
    #[getter]
    fn nodes(&self) -> u64 {
        self.search.nodes
    }

    fn __len__(&self) -> usize {
        self.search.memo_len()
    }
}

/// The games `play_games` takes, made ready for the core (each seat's bot made from its seed).
#[allow(clippy::type_complexity)]
fn games_to_play(
    games: &[(PyRef<'_, Position>, Vec<u8>, Vec<PyRef<'_, Policy>>, Vec<Bound<'_, PyAny>>)],
) -> PyResult<Vec<Game>> {
    let mut todo = Vec::with_capacity(games.len());
    for (start, deck, policies, seeds) in games.iter() {
        if policies.len() != seeds.len() {
            return Err(BadInput::new_err(format!("{} policies for {} seat seeds", policies.len(), seeds.len())));
        }
        let mut bots = Vec::with_capacity(seeds.len());
        for (p, s) in policies.iter().zip(seeds) {
            bots.push(p.spec.make(&bot_seed(s)?));
        }
        todo.push(Game { start: start.pos, deck: deck.clone(), bots });
    }
    Ok(todo)
}

type GameTuple = (Vec<u16>, Vec<usize>, Vec<u32>, Vec<usize>, u32, bool);

fn game_tuple(r: &GameResult) -> GameTuple {
    let p = &r.end;
    let n = p.n_players();
    let w = p.winners();
    (
        p.players[..n].iter().map(|x| x.circulation).collect(),
        (0..n).filter(|i| w & (1 << i) != 0).collect(),
        p.players[..n].iter().map(|x| x.pennies as u32).collect(),
        p.players[..n].iter().map(|x| x.published.len()).collect(),
        p.ply,
        p.is_over(),
    )
}

/// Whole games with known deck orders: `games` lists `(start position, undrawn cards in order,
/// [Policy per seat], [seed per seat])`; per game `(scores, winners, presses, stories, moves, over)`.
#[pyfunction]
#[pyo3(signature = (games, move_cap, threads))]
#[allow(clippy::type_complexity)]
fn play_games(
    py: Python<'_>,
    games: Vec<(PyRef<'_, Position>, Vec<u8>, Vec<PyRef<'_, Policy>>, Vec<Bound<'_, PyAny>>)>,
    move_cap: u32,
    threads: usize,
) -> PyResult<Vec<GameTuple>> {
    let todo = games_to_play(&games)?;
    let results = py.detach(|| guard(|| core_play_games(todo, move_cap, threads).map_err(to_py)))?;
    Ok(results.iter().map(game_tuple).collect())
}

/// A press as `play_games_recorded` gives it: `(player, ply, round, gain, total, claimed, published,
/// [scoop points to each player], final_edition, [each player's circulation before])`.
type PressTuple = (u8, u32, u32, i16, i16, u8, u8, Vec<u8>, bool, Vec<u16>);
/// A beat's end bonus: `(points, most stars, [players who got it])`.
type BonusTuple = (u8, u8, Vec<usize>);

fn record_tuples(r: &GameRecord, n: usize) -> (Vec<PressTuple>, Vec<BonusTuple>) {
    let presses = r.presses.iter().map(|p| (
        p.player, p.ply, p.round, p.gain, p.total, p.claimed, p.published,
        p.scoops[..n].to_vec(), p.final_edition, p.before[..n].to_vec(),
    )).collect();
    let bonuses = r.bonuses.map_or_else(Vec::new, |bs| bs.iter().map(|b| (
        b.points, b.most_stars, (0..n).filter(|i| b.players & (1 << i) != 0).collect(),
    )).collect());
    (presses, bonuses)
}

/// `play_games` with each game's record: per game `(scores, winners, presses, stories, moves, over,
/// press records, beat bonuses)` -- a press record as `PressTuple`, the bonuses per beat in board
/// order as `(points, most stars, [players])` (empty for a game stopped at the move cap).
#[pyfunction]
#[pyo3(signature = (games, move_cap, threads))]
#[allow(clippy::type_complexity)]
fn play_games_recorded(
    py: Python<'_>,
    games: Vec<(PyRef<'_, Position>, Vec<u8>, Vec<PyRef<'_, Policy>>, Vec<Bound<'_, PyAny>>)>,
    move_cap: u32,
    threads: usize,
) -> PyResult<Vec<(Vec<u16>, Vec<usize>, Vec<u32>, Vec<usize>, u32, bool, Vec<PressTuple>, Vec<BonusTuple>)>> {
    let todo = games_to_play(&games)?;
    let results = py.detach(|| guard(|| core_play_games_recorded(todo, move_cap, threads).map_err(to_py)))?;
    Ok(results
        .iter()
        .map(|(r, rec)| {
            let (a, b, c, d, e, f) = game_tuple(r);
            let (presses, bonuses) = record_tuples(rec, r.end.n_players());
            (a, b, c, d, e, f, presses, bonuses)
        })
        .collect())
}

/// Panics on purpose in one task of a thread pool (without the GIL), so the tests can see a panic
/// on another thread arrive as `CorePanic` with its message.
#[pyfunction]
fn _panic_in_threads_for_test(py: Python<'_>, message: &str, threads: usize) -> PyResult<()> {
    use rayon::prelude::*;
    let message = message.to_string();
    py.detach(|| {
        guard(|| {
            let pool = crate::playout::pool(threads).map_err(to_py)?;
            pool.install(|| {
                (0..threads * 4).into_par_iter().with_max_len(1).for_each(|i| {
                    if i == threads * 2 {
                        panic!("{message}");
                    }
                })
            });
            Ok(())
        })
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Weights>()?;
    m.add_class::<Policy>()?;
    m.add_class::<Bot>()?;
    m.add_class::<ExactSearch>()?;
    m.add_class::<ValueModel>()?;
    m.add_class::<MovePolicy>()?;
    m.add_function(wrap_pyfunction!(run_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_games_recorded, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_in_threads_for_test, m)?)?;
    Ok(())
}
