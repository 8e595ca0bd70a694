//! The search side of the core in plain Rust: the policies play legal moves and draw from their
//! generators exactly as their Python bots do, playouts do not depend on the thread count, the exact
//! search takes each player's preferred move, and tournament games follow the deck order given.
//! (That the policies, playouts and the exact search equal the Python ones is proved from Python:
//! tests/core/.)

mod common;

use pennypress_core::exact::{is_deterministic, ExactSearch};
use pennypress_core::outcome::{final_values, prefers};
use pennypress_core::playout::{play_game, play_games, playout, run_batch, seeded, Game};
use pennypress_core::position::testing::new_game;
use pennypress_core::position::{Phase, Position};
use pennypress_core::rng::Seed;
use pennypress_core::{Move, Policy, PolicySpec, PyRandom, Weights};

/// Weights for these tests (not the tuned ones: those live in Python and come from there).
fn weights() -> Weights {
    Weights::from_values([0.8, 1.0, 0.5, 0.3, 0.4, 0.3, 0.5, 0.4, 10.0, 0.5, 11.0, 3.0])
}

fn specs() -> Vec<PolicySpec> {
    vec![
        PolicySpec::Random,
        PolicySpec::Greedy { threshold: 9.0, reporter_cost: 1.0 },
        PolicySpec::Heuristic { weights: weights() },
        PolicySpec::JitteredGreedy { base: 8.0, spread: 3, costs: vec![0.75, 1.0, 1.25] },
        PolicySpec::JitteredHeuristic { weights: weights(), jitter: 0.15 },
    ]
}

/// Positions of seeded games played by the given policy in every seat, before each decision.
fn decisions(spec: &PolicySpec, games: u64, visit: impl FnMut(&Position, Move)) {
    common::decisions(games, 100, |g, players| (0..players as u64).map(|s| spec.make(&Seed::from_i128((g * 8 + s) as i128))).collect(), visit);
}

#[test]
fn every_policy_plays_only_listed_moves_and_its_games_end() {
    for spec in specs() {
        let mut count = 0;
        let mut phases = [0; 3];
        decisions(&spec, 60, |pos, mv| {
            assert!(pos.legal_moves().contains(&mv), "{spec:?} played {mv}, not a legal move");
            count += 1;
            phases[pos.phase as usize] += 1;
        });
        assert!(count > 1000 && phases.iter().all(|&n| n > 0), "{spec:?}: {count} decisions, phases {phases:?}");
    }
}

#[test]
fn the_same_seed_makes_the_same_bot_and_jitter_draws_what_python_draws() {
    for spec in specs() {
        let mut a = spec.make(&Seed::from_i128(5));
        let mut b = spec.make(&Seed::from_i128(5));
        decisions(&spec, 8, |pos, _| {
            let legal = pos.legal_moves();
            assert_eq!(a.choose(pos, &legal), b.choose(pos, &legal));
        });
    }
    // rollout_bot: 12 uniform(-J, J) draws in field order, each weight times (1 + draw)
    let mut rng = PyRandom::from_u64(77);
    let jittered = weights().jittered(&mut rng, 0.15);
    let mut again = PyRandom::from_u64(77);
    for (w, j) in weights().values().iter().zip(jittered.values()) {
        assert_eq!(j, w * (1.0 + again.uniform(-0.15, 0.15)));
    }
    assert_eq!(rng.state(), again.state(), "nothing else is drawn");
}

#[test]
fn waiting_costs_the_repeat_weight_more_each_time_a_position_comes_back() {
    let w = weights();
    let mut checked = 0;
    decisions(&PolicySpec::Heuristic { weights: w }, 6, |pos, _| {
        if pos.phase != Phase::Normal || pos.newsboy == Some(pos.current) {
            return;
        }
        let mut bot = pennypress_core::HeuristicPolicy::new(w, PyRandom::from_u64(0));
        let first = bot.evaluate(pos, 0);
        let again = bot.evaluate(pos, 2);
        assert_eq!(first.len(), again.len());
        for ((m, v), (m2, v2)) in first.iter().zip(&again) {
            assert_eq!(m, m2);
            let extra = if *m == Move::Press { 0.0 } else { 2.0 * w.repeat };
            assert!((v - v2 - extra).abs() < 1e-9, "{m}: {v} then {v2}");
        }
        checked += 1;
    });
    assert!(checked > 100);
}

#[test]
fn playouts_are_the_same_on_any_number_of_threads() {
    let afters: Vec<Position> = (0..4).map(|g| new_game(2 + g as u8, 40 + g)).collect();
    let jobs: Vec<(usize, u64)> = (0..4).flat_map(|i| (0..25).map(move |k| (i, k))).collect();
    for spec in specs() {
        let one = run_batch(&afters, &jobs, -12, &spec, false, 3000, 1).unwrap();
        assert_eq!(run_batch(&afters, &jobs, -12, &spec, false, 3000, 2).unwrap(), one);
        assert_eq!(run_batch(&afters, &jobs, -12, &spec, false, 3000, 4).unwrap(), one);
        assert!(one.iter().all(|r| r.moves > 0));
        let distinct: std::collections::HashSet<String> = one.iter().map(|r| format!("{:?}", r.outcome)).collect();
        assert!(distinct.len() > 10, "{spec:?}: the futures differ");
    }
    assert!(run_batch(&afters, &[(9, 0)], 1, &PolicySpec::Random, false, 3000, 1).is_err());
}

#[test]
fn a_playout_stopped_by_the_move_cap_has_no_winner() {
    let start = new_game(3, 2);
    let r = playout(&start, 1, 0, &PolicySpec::Random, None, 0).unwrap();
    assert_eq!((r.moves, r.outcome), (0, final_values(&start)));
    assert!(r.outcome.as_slice().iter().all(|v| v.0 == 0.0));
    let full = playout(&start, 1, 0, &PolicySpec::Random, None, 3000).unwrap();
    assert!(full.moves > 0 && (full.outcome.as_slice().iter().map(|v| v.0).sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn the_exact_search_takes_each_players_preferred_move() {
    let mut search = ExactSearch::new();
    let mut solved = 0;
    decisions(&PolicySpec::Greedy { threshold: 9.0, reporter_cost: 1.0 }, 24, |pos, _| {
        if !is_deterministic(pos) || pos.n_players() > 3 {
            return;
        }
        let me = pos.current as usize;
        let moves = search.move_values(pos).unwrap();
        let mut best = moves[0].1;
        for (_, v) in &moves[1..] {
            if prefers(v.values[me], best.values[me]) {
                best = *v;
            }
        }
        assert_eq!(search.value(pos).unwrap(), best, "the first of the best moves");
        assert_eq!(ExactSearch::new().value(pos).unwrap(), best, "a warm memo answers as a fresh one");
        solved += 1;
    });
    assert!(solved > 30);
    let over = playout(&new_game(2, 3), 5, 1, &PolicySpec::Random, None, 3000).unwrap();
    assert!(over.outcome.n == 2);
    let start = new_game(3, 9);
    assert!(ExactSearch::new().value(&start).is_err(), "not a final-edition position");
}

#[test]
fn a_search_over_its_limit_is_an_error() {
    let mut found = None;
    decisions(&PolicySpec::Greedy { threshold: 9.0, reporter_cost: 1.0 }, 12, |pos, _| {
        if found.is_none() && pos.phase == Phase::FinalTurns && pos.n_players() >= 4 {
            found = Some(*pos);
        }
    });
    let pos = found.expect("a 4-5 player final edition");
    assert!(ExactSearch::with_limit(3).value(&pos).is_err());
}

#[test]
fn tournament_games_draw_in_the_deck_order_given() {
    let start = new_game(3, 11);
    let mut order: Vec<u8> = (1..64).filter(|&c| start.unseen & (1 << c) != 0).collect();
    seeded(3).shuffle(&mut order);
    let greedy = PolicySpec::Greedy { threshold: 9.0, reporter_cost: 1.0 };
    let bots = |seed: u64| (0..3).map(|s| greedy.make(&Seed::from_i128((seed + s) as i128))).collect();
    let mut game = Game { start, deck: order.clone(), bots: bots(1) };
    let end = play_game(&mut game, 3000).unwrap().end;
    let drawn = &end.discard.as_slice()[start.discard.len()..];
    assert!(!drawn.is_empty() && drawn == &order[..drawn.len()]);
    let game = || Game { start, deck: order.clone(), bots: bots(1) };
    let games = vec![game(), game()];
    let results = play_games(games, 3000, 2).unwrap();
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0].end, end);
    let wrong = Game { start, deck: order[1..].to_vec(), bots: bots(1) };
    assert!(play_games(vec![wrong], 3000, 1).is_err(), "the deck order must list every unseen card");
}

#[test]
fn a_recorded_game_is_the_same_game_and_its_presses_add_up_to_the_scores() {
    use pennypress_core::playout::{play_game_recorded, play_games_recorded};
    for (players, seed) in [(2u8, 5u64), (3, 11), (4, 2), (5, 8)] {
        let start = new_game(players, seed);
        let mut order: Vec<u8> = (1..64).filter(|&c| start.unseen & (1 << c) != 0).collect();
        seeded(seed as i128).shuffle(&mut order);
        let heuristic = PolicySpec::Heuristic { weights: weights() };
        let bots = || (0..players as u64).map(|s| heuristic.make(&Seed::from_i128((seed * 31 + s) as i128))).collect();
        let plain = play_game(&mut Game { start, deck: order.clone(), bots: bots() }, 3000).unwrap();
        let (result, record) = play_game_recorded(&mut Game { start, deck: order.clone(), bots: bots() }, 3000).unwrap();
        assert_eq!(result, plain);
        let end = result.end;
        assert!(end.is_over());
        let bonuses = record.bonuses.expect("a finished game has its bonuses");
        assert_eq!(record.presses.iter().filter(|p| p.final_edition).count(), 1);
        assert_eq!(record.presses.len() as u32, end.players[..players as usize].iter().map(|p| p.pennies as u32).sum::<u32>());
        for seat in 0..players as usize {
            let pressed: i32 = record.presses.iter().filter(|p| p.player as usize == seat).map(|p| p.gain as i32).sum();
            let scooped: i32 = record.presses.iter().map(|p| p.scoops[seat] as i32).sum();
            let bonus: i32 = bonuses.iter().filter(|b| b.players & (1 << seat) != 0).map(|b| b.points as i32).sum();
            assert_eq!(pressed + scooped + bonus, end.players[seat].circulation as i32);
        }
        for w in record.presses.windows(2) {
            assert!(w[0].ply < w[1].ply && w[0].round <= w[1].round);
        }
        let again = play_games_recorded(vec![Game { start, deck: order.clone(), bots: bots() }; 2], 3000, 2).unwrap();
        assert_eq!(again[0], (result, record.clone()));
        assert_eq!(again[1].1, record);
    }
}

/// A table read seats each player by a style drawn by its weights from the seat's own seed, apart from the
/// bot's generator (so the bot drawn is the style's own bot of that seed); a seat without weights, and a
/// spec made without its seat, is the base.
#[test]
fn a_table_seats_each_player_by_its_weights_and_the_rest_by_the_base() {
    use pennypress_core::Bot;
    let table = PolicySpec::Table {
        base: Box::new(PolicySpec::Random),
        seats: vec![vec![], vec![(0.0, PolicySpec::Greedy { threshold: 9.0, reporter_cost: 1.0 }),
                                 (1.0, PolicySpec::Heuristic { weights: weights() })]],
    };
    let seed = Seed::from_i128(12345);
    assert!(matches!(table.make_for_seat(0, &seed, seed.rng()), Bot::Random(_)));
    assert!(matches!(table.make_for_seat(1, &seed, seed.rng()), Bot::Heuristic(_)));
    assert!(matches!(table.make_for_seat(2, &seed, seed.rng()), Bot::Random(_)));
    assert!(matches!(table.make(&seed), Bot::Random(_)));
    let mixed = PolicySpec::Table {
        base: Box::new(PolicySpec::Random),
        seats: vec![vec![(0.25, PolicySpec::Greedy { threshold: 9.0, reporter_cost: 1.0 }),
                         (0.75, PolicySpec::Heuristic { weights: weights() })]],
    };
    let n = 4000;
    let heuristic = (0..n).filter(|&k| {
        let s = Seed::from_i128(k * 8);
        matches!(mixed.make_for_seat(0, &s, s.rng()), Bot::Heuristic(_))
    }).count() as f64 / n as f64;
    assert!((heuristic - 0.75).abs() < 0.03, "{heuristic}");
    // the bot drawn is the style's own bot of the seed: it plays as that style alone does
    let alone = PolicySpec::Heuristic { weights: weights() };
    let pos = new_game(3, 7);
    let mut legal = Vec::new();
    pos.legal_moves_into(&mut legal);
    let mut drawn = table.make_for_seat(1, &seed, seed.rng());
    let mut own = alone.make(&seed);
    assert_eq!(drawn.choose(&pos, &legal), own.choose(&pos, &legal));
}

/// `abs(seed) + 2**bit`, for seeds of either sign, zero, and a carry across the words.
#[test]
fn a_seed_offset_is_its_absolute_value_plus_the_power() {
    let check = |seed: i128, bit: u32| {
        let want = seed.unsigned_abs() + (1u128 << bit);
        let got = Seed::from_i128(seed).offset_abs(bit);
        assert_eq!(got, Seed::from_i128(want as i128), "{seed} + 2**{bit}");
    };
    for seed in [0, 1, -1, 12345, -98765, (1i128 << 100) - 1, -((1i128 << 100) - 1), 1i128 << 100, i64::MAX as i128] {
        for bit in [0, 31, 32, 64, 100] {
            check(seed, bit);
        }
    }
}
