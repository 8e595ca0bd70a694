//! The league on the core in plain Rust: the evaluator, the timer and the MCTS bot play only legal
//! moves and their games end, the evaluator's waiting cost remembers as the Python bot's does, the
//! MCTS bot's decision depends only on its seed and the position, the reading of a position and the
//! final round's rule. (That they decide as the Python bots do is proved from
//! Python: tests/core/test_core_league.py, tests/core/test_core_proofs.py (the full count).)

mod common;

use pennypress_core::league::final_round::{final_scores, play_out};
use pennypress_core::league::reading::{acting_order, acts_before, bonus_rates, presses_left};
use pennypress_core::position::testing::new_game;
use pennypress_core::position::{Phase, Position};
use pennypress_core::rng::Seed;
use pennypress_core::league::mcts::MctsSettings;
use pennypress_core::league::mcts_leaf::LeafSettings;
use pennypress_core::league::mcts_rollout::RolloutSettings;
use pennypress_core::{EvaluatorPolicy, EvaluatorWeights, MctsPolicy, Move, PolicySpec, TimerSettings};

/// Parameters for these tests (the bots' own live in Python and come from there).
fn evaluator_weights() -> EvaluatorWeights {
    EvaluatorWeights::from_values([
        4.0, 3.0, 18.0, 0.9, 4.0, 10.0, 0.8, 0.9, 2.0, 1.5, 1.0, 0.6, 4.0, 0.6, 1.0, 3.0, 3.5, 0.01, 1.5, 3.0, 1.0, 6.0,
    ])
}

fn timer_settings() -> TimerSettings {
    let mut base = [None; 6];
    base[2] = Some(11.0);
    base[3] = Some(11.0);
    TimerSettings::from_values(base, [3.0, 1.5, 2.0, 1.0, 3.0, 3.0, 0.3, 8.0, 4.0, 1.0, 1.0, 0.2, 6.0])
}

fn mcts_settings(iterations: u32) -> MctsSettings {
    MctsSettings {
        iterations,
        exploration: 0.7,
        widening: 2.0,
        idle: 0.02,
        idle_turns: 6.0,
        horizon: 6,
        leaf: LeafSettings::from_values([0.75, 8.0, 3.0, 3.0, 0.1, 20.0]),
        rollout: RolloutSettings::from_values([3.0, 10.0, 0.05, 0.9]),
    }
}

fn league() -> Vec<PolicySpec> {
    vec![
        PolicySpec::Evaluator { weights: evaluator_weights() },
        PolicySpec::Timer { settings: timer_settings() },
        PolicySpec::Mcts { settings: mcts_settings(20) },
    ]
}

/// Every decision of seeded games with the league bots in turn in the seats; every game ends.
fn decisions(games: u64, visit: impl FnMut(&Position, Move)) {
    let specs = league();
    let ends = common::decisions(
        games,
        300,
        |g, players| (0..players as u64).map(|s| specs[((g + s) % 3) as usize].make(&Seed::from_i128(s as i128))).collect(),
        visit,
    );
    assert!(ends.iter().all(|end| end.is_over()), "a game did not end");
}

#[test]
fn the_league_bots_play_only_listed_moves_and_their_games_end() {
    let mut phases = [0; 3];
    let mut presses = 0;
    decisions(12, |pos, mv| {
        assert!(pos.legal_moves().contains(&mv), "{mv} is not a legal move");
        phases[pos.phase as usize] += 1;
        presses += (mv == Move::Press) as u32;
    });
    assert!(phases.iter().all(|&n| n > 20) && presses > 30, "phases {phases:?}, presses {presses}");
}

#[test]
fn waiting_costs_more_each_time_the_same_position_comes_back_and_after_idle_turns() {
    let w = evaluator_weights();
    let pos = new_game(3, 5);
    let mut bot = EvaluatorPolicy::new(w);
    for k in 0..10 {
        let idle = (k as f64 - w.idle_turns).max(0.0);
        assert_eq!(bot.waiting_cost(&pos), w.tempo + w.repeat * k as f64 + w.idle * idle, "visit {k}");
    }
    let mut fresh = EvaluatorPolicy::new(w);
    let legal = pos.legal_moves();
    let scores = fresh.evaluate(&pos, &legal, w.tempo);
    let dearer = fresh.evaluate(&pos, &legal, w.tempo + 5.0);
    for ((m, a), (_, b)) in scores.iter().zip(&dearer) {
        assert!(if *m == Move::Press { a == b } else { a > b }, "{m}: {a} then {b}");
    }
}

#[test]
fn the_reading_of_a_position_is_the_python_docstrings() {
    let three = new_game(3, 7);
    let order = acting_order(&three);
    assert_eq!(order.as_slice(), &[0, 1, 2]);
    assert_eq!((acts_before(order.as_slice(), 2), acts_before(order.as_slice(), 0)), (&[0u8, 1][..], &[][..]));
    let two = new_game(2, 7);
    assert_eq!((acting_order(&two).as_slice(), presses_left(&two, 0)), (&[0u8, 1, 1][..], 4));
    let rates: f64 = bonus_rates(&three).iter().sum();
    assert!(rates > 0.0 && rates < 3.0);
}

#[test]
fn the_final_round_plays_to_the_end_by_its_rule() {
    let mut starts = Vec::new();
    decisions(8, |pos, _| {
        if pos.phase == Phase::FinalTurns && starts.len() < 6 {
            starts.push(*pos);
        }
    });
    assert!(starts.len() >= 4);
    for start in starts {
        let end = play_out(&start);
        assert!(end.is_over() && end.winners() != 0);
        let (scores, winners) = final_scores(&start);
        assert_eq!((scores, winners), (end.players.map(|p| p.circulation), end.winners()));
        assert_eq!(final_scores(&end), (scores, winners), "a finished game is its own end");
    }
}

#[test]
fn the_mcts_bot_decides_by_its_seed_and_the_position_alone() {
    let settings = mcts_settings(60);
    let mut visited = 0;
    let mut differ = 0;
    decisions(6, |pos, _| {
        if pos.legal_moves().len() < 3 || pos.phase != Phase::Normal || visited >= 40 {
            return;
        }
        visited += 1;
        let mut a = MctsPolicy::new(settings, Seed::from_i128(11));
        let searched = a.search(pos);
        assert!(searched.iter().map(|&(_, v, _)| v).sum::<u32>() == settings.iterations, "every iteration visits a root child");
        assert!(searched.iter().all(|&(_, _, mean)| (0.0..=1.0).contains(&mean)), "rewards lie in [0, 1]");
        assert_eq!(MctsPolicy::new(settings, Seed::from_i128(11)).search(pos), searched, "the same seed, the same search");
        differ += (MctsPolicy::new(settings, Seed::from_i128(12)).search(pos) != searched) as u32;
    });
    assert!(visited == 40 && differ > 30, "{visited} positions, {differ} searched differently with another seed");
}
