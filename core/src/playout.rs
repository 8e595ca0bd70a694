//! Playouts and whole games on the core, on many threads, deterministic per seed.
//!
//! [`playout`] is the Python `engine/advisor/playout.py`'s `playout` after its
//! first move: playout `k` of an analysis seeded `seed` draws its cards from
//! `random.Random(playout_seed(seed, k))` and seats, in every seat, the bot
//! `spec` makes from `random.Random(playout_seed * 8 + seat)` -- so on the same
//! position it is the very same game as the Python playout, and playout `k` of
//! every move shares its futures. With `exact_end` the game is played by the
//! bots until the final edition, whose rest is solved by [`ExactSearch`].
//!
//! [`run_batch`] runs many `(position, k)` playouts on a rayon pool of the
//! threads asked for; each playout depends only on its inputs (the exact
//! search's memo changes how fast an answer comes, never the answer), so the
//! results are the same on any number of threads.
//!
//! [`play_game`] plays a whole game with a known deck order (a tournament):
//! the order stays outside the position -- the bots see only the public view --
//! and each card draw takes the next card of that order, as the Python game
//! loop does with a known deck. [`play_game_recorded`] plays the same game and
//! also writes down every press ([`PressRecord`]) and the end's beat bonuses
//! (a strategy study's raw data); the game itself is the same.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use crate::error::{CoreError, CoreResult};
use crate::events::BeatBonus;
use crate::exact::{is_deterministic, ExactSearch, EXACT_MEMO_LIMIT};
use crate::moves::Move;
use crate::outcome::{final_values, Outcome};
use crate::policy::{Bot, Policy, PolicySpec};
use crate::position::Position;
use crate::position::Phase;
use crate::rng::{PyRandom, Seed};
use crate::tables::{MAXP, NBEATS};
use crate::value::{Estimate, ValueModel};

/// Moves after which a game is judged not to end (the Python `DEFAULT_MOVE_CAP` is passed in).
pub type MoveCap = u32;


/// One playout's result: every player's outcome and the moves the bots played (a cost measure).
/// A playout cut short by a [`Leaf`] has no outcome of a finished game: `estimate` holds the value
/// model's estimates there (and `outcome` is the position's, with no winner). `trace` holds the
/// playout's first events (the likely line is their most frequent prefix).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PlayoutResult {
    pub outcome: Outcome,
    pub moves: u32,
    pub estimate: Option<[Estimate; MAXP]>,
    pub trace: Trace,
}

/// Events a [`Trace`] keeps: a playout's first moves and card draws.
pub const TRACE_LEN: usize = 8;

/// A playout's first [`TRACE_LEN`] events, in order: a bot's move as its index in the legal-move
/// list (`>= 0`), a headline card drawn as minus its id (`< 0`). The Python `playout`'s `trace` is
/// the same list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Trace {
    events: [i16; TRACE_LEN],
    len: u8,
}

impl Trace {
    /// The events recorded, in order.
    pub fn as_slice(&self) -> &[i16] {
        &self.events[..self.len as usize]
    }

    /// Whether it has room for another event.
    pub fn open(&self) -> bool {
        (self.len as usize) < TRACE_LEN
    }

    fn push(&mut self, event: i16) {
        if self.open() {
            self.events[self.len as usize] = event;
            self.len += 1;
        }
    }

    /// Record the move `mv` chosen from `legal` (its index there).
    fn push_move(&mut self, legal: &[Move], mv: Move) {
        if self.open() {
            let index = legal.iter().position(|m| *m == mv).unwrap_or(legal.len());
            self.push(index as i16);
        }
    }

    /// Record the card drawn, if one was.
    fn push_card(&mut self, card: Option<u8>) {
        if let Some(card) = card {
            self.push(-(card as i16));
        }
    }
}

/// Where a playout stops early: after `depth` bot moves, at the first position of normal play with
/// no card to draw, the value model estimates every player's chances (the Python `playout`'s
/// `leaf`). Positions of the final edition are played on to the end (they are few moves).
#[derive(Clone, Debug, PartialEq)]
pub struct Leaf {
    pub model: Arc<ValueModel>,
    pub depth: u32,
}

/// The seed of playout `k` of an analysis seeded `seed` (`playout_seed`).
pub fn playout_seed(seed: i64, k: u64) -> i128 {
    seed as i128 * 1_000_003 + k as i128
}

/// `random.Random(seed)` for any seed that fits in 128 bits (negative seeds use their absolute value).
pub fn seeded(seed: i128) -> PyRandom {
    PyRandom::from_u128(seed.unsigned_abs())
}

/// The bots of playout seed `ps`: seat `s` made from `random.Random(ps * 8 + s)` (`rollout_bot`; a table's
/// seat by the style drawn for it, [`PolicySpec::make_for_seat`]).
pub fn rollout_bots(spec: &PolicySpec, ps: i128, players: usize) -> Vec<Bot> {
    let seeds: Vec<Seed> = (0..players).map(|seat| Seed::from_i128(ps * 8 + seat as i128)).collect();
    let rngs = Seed::rngs(&seeds);
    seeds.iter().zip(rngs).enumerate().map(|(seat, (seed, rng))| spec.make_for_seat(seat, seed, rng)).collect()
}

/// Play the bots' moves from `pos` until `done(pos)` or `cap` moves, drawing cards with `draw`
/// (which says the card it drew, if any); the moves and cards go into `trace` while it has room.
#[allow(clippy::too_many_arguments)]
fn play_until(
    pos: &mut Position,
    bots: &mut [Bot],
    cap: MoveCap,
    legal: &mut Vec<Move>,
    done: impl Fn(&Position) -> bool,
    mut draw: impl FnMut(&mut Position) -> CoreResult<Option<u8>>,
    trace: &mut Trace,
) -> CoreResult<u32> {
    let mut moves = 0;
    trace.push_card(draw(pos)?);
    while !done(pos) && moves < cap {
        pos.legal_moves_into(legal);
        let mv = bots[pos.current as usize].choose(pos, legal);
        trace.push_move(legal, mv);
        pos.apply(mv)?;
        trace.push_card(draw(pos)?);
        moves += 1;
    }
    Ok(moves)
}

/// Playout `k` of an analysis seeded `seed` from `after` (the position after the move played out,
/// possibly at a chance node): every player's outcome. With `exact` the final edition is solved.
pub fn playout(
    after: &Position,
    seed: i64,
    k: u64,
    spec: &PolicySpec,
    exact: Option<&mut ExactSearch>,
    cap: MoveCap,
) -> CoreResult<PlayoutResult> {
    playout_to(after, seed, k, spec, exact, None, cap)
}

/// [`playout`], stopping at a [`Leaf`] when one is given.
pub fn playout_to(
    after: &Position,
    seed: i64,
    k: u64,
    spec: &PolicySpec,
    exact: Option<&mut ExactSearch>,
    leaf: Option<&Leaf>,
    cap: MoveCap,
) -> CoreResult<PlayoutResult> {
    let ps = playout_seed(seed, k);
    // the card generator is made when a card is first drawn (every generator has its own seed, so
    // when it is made changes nothing; a short playout rarely draws)
    let mut chance: Option<PyRandom> = None;
    let mut draw = move |p: &mut Position| -> CoreResult<Option<u8>> {
        if p.draw_pending {
            return Ok(p.resolve_chance(chance.get_or_insert_with(|| seeded(ps)))?.map(|d| d.card));
        }
        Ok(None)
    };
    let mut pos = *after;
    let mut trace = Trace::default();
    trace.push_card(draw(&mut pos)?);
    let mut bots = rollout_bots(spec, ps, pos.n_players());
    let mut legal = Vec::with_capacity(64);
    let done = |outcome, moves, estimate, trace| Ok(PlayoutResult { outcome, moves, estimate, trace });
    if let Some(leaf) = leaf {
        let mut exact = exact;
        let mut moves = 0;
        loop {
            if pos.is_over() || moves >= cap {
                return done(final_values(&pos), moves, None, trace);
            }
            if let Some(search) = exact.as_deref_mut() {
                if is_deterministic(&pos) {
                    if search.memo_len() > EXACT_MEMO_LIMIT {
                        search.clear();
                    }
                    let outcome = search.value(&pos)?;
                    exact_line(search, pos, &mut trace)?;
                    return done(outcome, moves, None, trace);
                }
            }
            if moves >= leaf.depth && pos.phase == Phase::Normal && !pos.draw_pending {
                let estimate = Some(leaf.model.evaluate(&pos));
                return done(final_values(&pos), moves, estimate, trace);
            }
            pos.legal_moves_into(&mut legal);
            let mv = bots[pos.current as usize].choose(&pos, &legal);
            trace.push_move(&legal, mv);
            pos.apply(mv)?;
            trace.push_card(draw(&mut pos)?);
            moves += 1;
        }
    }
    match exact {
        Some(search) => {
            let moves = play_until(&mut pos, &mut bots, cap, &mut legal, is_deterministic, draw, &mut trace)?;
            if !is_deterministic(&pos) {
                return done(final_values(&pos), moves, None, trace);
            }
            if search.memo_len() > EXACT_MEMO_LIMIT {
                search.clear();
            }
            let outcome = search.value(&pos)?;
            exact_line(search, pos, &mut trace)?;
            done(outcome, moves, None, trace)
        }
        None => {
            let moves = play_until(&mut pos, &mut bots, cap, &mut legal, Position::is_over, draw, &mut trace)?;
            done(final_values(&pos), moves, None, trace)
        }
    }
}

/// The rest of `trace` where the exact search finishes a playout: the moves of best play by everyone
/// ([`ExactSearch::best_move`]) from `pos` while the trace has room -- so a likely line goes on to the
/// end of the game, not to where the search took over (the Python `playout`'s `_exact_line`).
fn exact_line(search: &mut ExactSearch, mut pos: Position, trace: &mut Trace) -> CoreResult<()> {
    while trace.open() && !pos.is_over() {
        let mv = search.best_move(&pos)?;
        trace.push_move(&pos.legal_moves(), mv);
        pos.apply(mv)?;
    }
    Ok(())
}

thread_local! {
    /// Each thread's exact search, kept between playouts and batches (like the Python process's).
    static EXACT: RefCell<ExactSearch> = RefCell::new(ExactSearch::new());
}

/// A rayon pool of `threads` threads, made once per size and kept.
pub fn pool(threads: usize) -> CoreResult<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let threads = threads.max(1);
    let mut pools = POOLS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("pennypress-core-{i}"))
        .build()
        .map_err(|e| CoreError::BadInput(format!("cannot start {threads} threads: {e}")))?;
    let built = Arc::new(built);
    pools.insert(threads, built.clone());
    Ok(built)
}

/// Every playout of `jobs` -- `(index into afters, k)` -- on `threads` threads, results in job order.
pub fn run_batch(
    afters: &[Position],
    jobs: &[(usize, u64)],
    seed: i64,
    spec: &PolicySpec,
    exact_end: bool,
    cap: MoveCap,
    threads: usize,
) -> CoreResult<Vec<PlayoutResult>> {
    run_batch_to(afters, jobs, seed, spec, exact_end, None, cap, threads)
}

/// [`run_batch`] with every playout stopping at `leaf` when one is given.
#[allow(clippy::too_many_arguments)]
pub fn run_batch_to(
    afters: &[Position],
    jobs: &[(usize, u64)],
    seed: i64,
    spec: &PolicySpec,
    exact_end: bool,
    leaf: Option<&Leaf>,
    cap: MoveCap,
    threads: usize,
) -> CoreResult<Vec<PlayoutResult>> {
    if let Some(&(bad, _)) = jobs.iter().find(|(i, _)| *i >= afters.len()) {
        return Err(CoreError::BadInput(format!("playout of position {bad}: there are {} positions", afters.len())));
    }
    let one = |&(i, k): &(usize, u64)| -> CoreResult<PlayoutResult> {
        if exact_end {
            EXACT.with(|e| playout_to(&afters[i], seed, k, spec, Some(&mut e.borrow_mut()), leaf, cap))
        } else {
            playout_to(&afters[i], seed, k, spec, None, leaf, cap)
        }
    };
    if threads <= 1 {
        return jobs.iter().map(one).collect();
    }
    pool(threads)?.install(|| jobs.par_iter().with_max_len(1).map(one).collect())
}

/// A finished (or capped) game of a tournament.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct GameResult {
    pub end: Position,
    pub moves: u32,
}

/// A game to play with a known deck order: the start, the undrawn cards in order, one bot per seat.
#[derive(Clone, Debug)]
pub struct Game {
    pub start: Position,
    pub deck: Vec<u8>,
    pub bots: Vec<Bot>,
}

/// One press of a recorded game (`engine.position.events.PressOutcome` with the table before it).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PressRecord {
    /// Who pressed.
    pub player: u8,
    /// Moves played before the press (the position's ply before it).
    pub ply: u32,
    /// The round it fell in: `ply / players + 1` (a round is as many moves as there are players).
    pub round: u32,
    /// The page's circulation gain (`max(0, total)`) and its total.
    pub gain: i16,
    pub total: i16,
    /// Stories claimed, and of them published on the page.
    pub claimed: u8,
    pub published: u8,
    /// Scoop points this press gave each player (0 for the presser).
    pub scoops: [u8; MAXP],
    /// Whether this press began the final edition.
    pub final_edition: bool,
    /// Every player's circulation before the press (who led).
    pub before: [u16; MAXP],
}

/// What a recorded game wrote down: its presses in order and, when it ended, the beat bonuses.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameRecord {
    pub presses: Vec<PressRecord>,
    pub bonuses: Option<[BeatBonus; NBEATS]>,
}

/// Play `game` to its end (or `cap` moves), each draw taking the next card of the deck order
/// (`engine.play.match.play_match` on a position whose deck order is known).
pub fn play_game(game: &mut Game, cap: MoveCap) -> CoreResult<GameResult> {
    play_game_with(game, cap, None)
}

/// [`play_game`], also writing down every press and the end's beat bonuses (the same game).
pub fn play_game_recorded(game: &mut Game, cap: MoveCap) -> CoreResult<(GameResult, GameRecord)> {
    let mut record = GameRecord::default();
    let result = play_game_with(game, cap, Some(&mut record))?;
    Ok((result, record))
}

fn play_game_with(game: &mut Game, cap: MoveCap, record: Option<&mut GameRecord>) -> CoreResult<GameResult> {
    let mut pos = game.start;
    if game.bots.len() != pos.n_players() {
        return Err(CoreError::BadInput(format!("{} bots for {} players", game.bots.len(), pos.n_players())));
    }
    let mut next = 0usize;
    let deck = &game.deck;
    let mut draw = |p: &mut Position| -> CoreResult<Option<u8>> {
        if p.draw_pending {
            let card = *deck.get(next).ok_or_else(|| CoreError::BadInput("the deck order ran out of cards".into()))?;
            next += 1;
            p.apply_chance(card)?;
            return Ok(Some(card));
        }
        Ok(None)
    };
    let mut legal = Vec::with_capacity(64);
    let Some(record) = record else {
        let mut trace = Trace::default();
        let moves = play_until(&mut pos, &mut game.bots, cap, &mut legal, Position::is_over, draw, &mut trace)?;
        return Ok(GameResult { end: pos, moves });
    };
    // the same loop as `play_until`, reading each move's event
    let n = pos.n_players();
    let mut moves = 0;
    draw(&mut pos)?;
    while !pos.is_over() && moves < cap {
        pos.legal_moves_into(&mut legal);
        let mv = game.bots[pos.current as usize].choose(&pos, &legal);
        let (ply, mut before) = (pos.ply, [0u16; MAXP]);
        for (b, p) in before.iter_mut().zip(&pos.players[..n]) {
            *b = p.circulation;
        }
        let event = pos.apply(mv)?;
        if let Some(press) = event.press {
            let mut scoops = [0u8; MAXP];
            for sc in press.scoops.iter() {
                scoops[sc.player as usize] += sc.points;
            }
            record.presses.push(PressRecord {
                player: press.player,
                ply,
                round: ply / n as u32 + 1,
                gain: press.gain,
                total: press.total,
                claimed: press.claimed.len() as u8,
                published: press.page.placements.len() as u8,
                scoops,
                final_edition: press.final_edition,
                before,
            });
        }
        if let Some(end) = event.end {
            record.bonuses = Some(end.bonuses);
        }
        draw(&mut pos)?;
        moves += 1;
    }
    Ok(GameResult { end: pos, moves })
}

fn check_decks(games: &[Game]) -> CoreResult<()> {
    for g in games {
        let mut order = 0u64;
        for &c in &g.deck {
            order |= 1u64.checked_shl(c as u32).unwrap_or(0);
        }
        if order != g.start.unseen || g.deck.len() != g.start.unseen.count_ones() as usize {
            return Err(CoreError::BadInput("a deck order must list exactly the unseen cards, each once".into()));
        }
    }
    Ok(())
}

/// Every game on `threads` threads, results in game order.
pub fn play_games(games: Vec<Game>, cap: MoveCap, threads: usize) -> CoreResult<Vec<GameResult>> {
    check_decks(&games)?;
    let one = |mut g: Game| play_game(&mut g, cap);
    if threads <= 1 {
        return games.into_iter().map(one).collect();
    }
    pool(threads)?.install(|| games.into_par_iter().with_max_len(1).map(one).collect())
}

/// [`play_games`] with every game's [`GameRecord`].
pub fn play_games_recorded(games: Vec<Game>, cap: MoveCap, threads: usize) -> CoreResult<Vec<(GameResult, GameRecord)>> {
    check_decks(&games)?;
    let one = |mut g: Game| play_game_recorded(&mut g, cap);
    if threads <= 1 {
        return games.into_iter().map(one).collect();
    }
    pool(threads)?.install(|| games.into_par_iter().with_max_len(1).map(one).collect())
}
