//! The value model in plain Rust: who acts before whom, the progress, the hat weights, features that
//! mean what they say, estimates that add up to one, and playouts that stop at their leaf on any
//! number of threads. (That features and estimates equal the Python ones is proved from Python:
//! tests/core/test_core_value.py.)

use std::sync::Arc;

use pennypress_core::playout::{playout_to, run_batch, run_batch_to, Leaf};
use pennypress_core::position::testing::new_game;
use pennypress_core::value::{acting_before, player_features, progress, PlayerCountModel, ValueModel, FEATURES, NFEATURES};
use pennypress_core::value_policy::ValuePolicy;
use pennypress_core::{HeuristicPolicy, Move, Phase, Policy, PolicySpec, Position, PyRandom, RandomPolicy, Weights};

fn feature(name: &str) -> usize {
    FEATURES.iter().position(|f| *f == name).unwrap()
}

/// A model whose win weights count circulation only (1 a point) and whose score is the circulation.
fn circulation_model() -> ValueModel {
    let mut row = [0.0; NFEATURES];
    row[feature("circulation")] = 1.0;
    let m = PlayerCountModel { win: vec![row; 2], score: vec![row; 2], network: None };
    ValueModel::new(vec![0.0, 1.0], [m.clone(), m.clone(), m.clone(), m.clone(), m.clone(), m]).unwrap()
}

#[test]
fn acting_order_progress_and_hats() {
    let pos = new_game(4, 3);
    assert_eq!(pos.current, 0);
    assert_eq!(acting_before(&pos, 0), (0b1110, 3));
    assert_eq!(acting_before(&pos, 2), (0b0011, 2));
    assert_eq!(progress(&pos), 0.0);
    let model = circulation_model();
    assert_eq!(model.hats(-1.0), vec![1.0, 0.0]);
    assert_eq!(model.hats(0.25), vec![0.75, 0.25]);
    assert_eq!(model.hats(1.0), vec![0.0, 1.0]);
    assert!(ValueModel::new(vec![1.0, 0.0], Default::default()).is_err());
}

#[test]
fn features_of_a_deal_and_estimates_that_follow_circulation() {
    let mut pos = new_game(3, 7);
    for p in 0..3 {
        let x = player_features(&pos, p);
        assert_eq!(x[feature("circulation")], 0);
        assert_eq!(x[feature("presses_left")], 4);
        assert_eq!(x[feature("on_board")], 0);
        assert_eq!(x[feature("order")], p as i32);
        assert_eq!(x[feature("one")], 1);
    }
    let model = circulation_model();
    let even = model.evaluate(&pos);
    assert!(even[..3].iter().all(|e| (e.0 - 1.0 / 3.0).abs() < 1e-12));
    pos.players[1].circulation = 10;
    let ahead = model.evaluate(&pos);
    assert!(ahead[1].0 > 0.99 && (ahead[..3].iter().map(|e| e.0).sum::<f64>() - 1.0).abs() < 1e-12);
    assert_eq!((ahead[1].1, ahead[1].2, ahead[0].1), (10.0, 10.0, -10.0));
}

#[test]
fn playouts_stop_at_their_leaf_on_any_thread_count() {
    let mut start = new_game(3, 11);
    let mut legal = Vec::new();
    let mut bots: Vec<RandomPolicy> = (0..3).map(|s| RandomPolicy::new(40 + s)).collect();
    for _ in 0..6 {
        start.legal_moves_into(&mut legal);
        let mv = bots[start.current as usize].choose(&start, &legal);
        start.apply(mv).unwrap();
    }
    let leaf = Leaf { model: Arc::new(circulation_model()), depth: 4 };
    let spec = PolicySpec::Random;
    let r = playout_to(&start, 5, 0, &spec, None, Some(&leaf), 3000).unwrap();
    assert!(r.estimate.is_some() && r.moves >= 4);
    let full = playout_to(&start, 5, 0, &spec, None, None, 3000).unwrap();
    assert!(full.estimate.is_none() && full.moves > r.moves);
    let afters = [start];
    let jobs: Vec<(usize, u64)> = (0..40).map(|k| (0, k)).collect();
    let one = run_batch_to(&afters, &jobs, 3, &spec, false, Some(&leaf), 3000, 1).unwrap();
    assert_eq!(run_batch_to(&afters, &jobs, 3, &spec, false, Some(&leaf), 3000, 2).unwrap(), one);
    assert_eq!(run_batch_to(&afters, &jobs, 3, &spec, false, Some(&leaf), 3000, 4).unwrap(), one);
    assert_eq!(run_batch_to(&afters, &jobs, 3, &spec, false, None, 3000, 1).unwrap(), run_batch(&afters, &jobs, 3, &spec, false, 3000, 1).unwrap());
}

/// A position a few random moves into a 3-player game (seeded), with a press among its legal moves.
fn position_with_a_press(seed: u64) -> pennypress_core::Position {
    let mut pos = new_game(3, seed);
    let mut legal = Vec::new();
    let mut bots: Vec<RandomPolicy> = (0..3).map(|s| RandomPolicy::new(seed * 10 + s)).collect();
    let mut chance = pennypress_core::PyRandom::from_u64(seed);
    loop {
        pos.legal_moves_into(&mut legal);
        if pos.ply > 6 && legal.contains(&pennypress_core::Move::Press) && legal.len() > 5 {
            return pos;
        }
        let mv = bots[pos.current as usize].choose(&pos, &legal);
        pos.apply(mv).unwrap();
        pos.resolve_chance(&mut chance).unwrap();
    }
}

#[test]
fn the_value_bot_plays_the_move_the_model_values_most() {
    use pennypress_core::heuristic::Weights;
    use pennypress_core::policy::Bot;
    use pennypress_core::rng::Seed;
    let model = Arc::new(circulation_model());
    for seed in 1..6 {
        let pos = position_with_a_press(seed);
        let mut legal = Vec::new();
        pos.legal_moves_into(&mut legal);
        let quiet = PolicySpec::Value { model: model.clone(), weights: Weights::default(), jitter: 0.0, margin_weight: 0.001, noise: 0.0 };
        let Bot::Value(mut bot) = quiet.make(&Seed::from_i128(seed as i128)) else { panic!("a value bot") };
        let values: Vec<f64> = legal
            .iter()
            .map(|&mv| {
                let mut after = pos;
                after.apply(mv).unwrap();
                bot.value_after(&after, pos.current as usize)
            })
            .collect();
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let first_best = legal[values.iter().position(|&v| v == best).unwrap()];
        assert_eq!(bot.choose(&pos, &legal), first_best);
        // under the circulation model every move but the press leaves the chances as they are
        let waits: Vec<f64> = legal.iter().zip(&values).filter(|(m, _)| **m != pennypress_core::Move::Press).map(|(_, v)| *v).collect();
        assert!(waits.iter().all(|&v| v == waits[0]) && waits.len() + 1 == legal.len(), "seed {seed}");
        // with noise, a move within the noise of the best, the same for the same seed
        let noisy = PolicySpec::Value { model: model.clone(), weights: Weights::default(), jitter: 0.0, margin_weight: 0.001, noise: 0.5 };
        let a = noisy.make(&Seed::from_i128(seed as i128)).choose(&pos, &legal);
        assert_eq!(noisy.make(&Seed::from_i128(seed as i128)).choose(&pos, &legal), a);
        assert!(values[legal.iter().position(|&m| m == a).unwrap()] > best - 0.5);
    }
}

#[test]
fn value_bot_playouts_are_the_same_on_any_thread_count() {
    let start = position_with_a_press(3);
    let model = Arc::new(circulation_model());
    let spec = PolicySpec::Value {
        model: model.clone(),
        weights: pennypress_core::heuristic::Weights::default(),
        jitter: 0.1,
        margin_weight: 0.001,
        noise: 0.01,
    };
    let leaf = Leaf { model, depth: 3 };
    let afters = [start];
    let jobs: Vec<(usize, u64)> = (0..24).map(|k| (0, k)).collect();
    let one = run_batch_to(&afters, &jobs, 8, &spec, false, Some(&leaf), 3000, 1).unwrap();
    assert_eq!(run_batch_to(&afters, &jobs, 8, &spec, false, Some(&leaf), 3000, 2).unwrap(), one);
    assert!(one.iter().all(|r| r.estimate.is_some() && r.moves >= 3));
}

/// A model that weighs several features (so that moves differ), its win weights scaled by `sign`.
fn mixed_model(sign: f64) -> ValueModel {
    let mut row = [0.0; NFEATURES];
    for (name, w) in [("page", 0.30), ("reach", 0.12), ("on_board", -0.05), ("outnumbered", -0.20), ("tied", -0.1), ("scoops_in", 0.07)] {
        row[feature(name)] = sign * w;
    }
    let mut score = [0.0; NFEATURES];
    score[feature("circulation")] = 1.0;
    score[feature("page")] = 0.5;
    let m = PlayerCountModel { win: vec![row; 2], score: vec![score; 2], network: None };
    ValueModel::new(vec![0.0, 1.0], [m.clone(), m.clone(), m.clone(), m.clone(), m.clone(), m]).unwrap()
}

/// The value bot's choice worked out afresh, as it was before its weighings were memoised.
fn choose_afresh(bot: &mut ValuePolicy, pos: &Position, legal: &[Move]) -> Move {
    let me = pos.current as usize;
    let (mut best_move, mut best) = (legal[0], f64::NEG_INFINITY);
    for &mv in legal {
        let mut after = *pos;
        after.apply(mv).unwrap();
        let mut value = bot.value_after(&after, me);
        if bot.noise > 0.0 {
            value += bot.rng.uniform(0.0, bot.noise);
        }
        if value > best {
            (best_move, best) = (mv, value);
        }
    }
    best_move
}

fn value_bot(model: &Arc<ValueModel>, seed: u64, margin_weight: f64) -> ValuePolicy {
    ValuePolicy {
        model: model.clone(),
        margin_weight,
        noise: 0.02,
        rng: PyRandom::from_u64(seed),
        fallback: HeuristicPolicy::new(Weights::default(), PyRandom::from_u64(seed)),
    }
}

#[test]
fn the_value_bot_chooses_as_afresh_with_its_weighings_memoised() {
    // The memo is keyed by the position, its legal moves, the model and the margin weight: the same
    // position asked again (the playouts of one move), with fewer moves, or with another model must
    // each give what weighing afresh gives, with the generator drawn alike.
    let models = [Arc::new(mixed_model(1.0)), Arc::new(mixed_model(-1.0))];
    let mut pos = new_game(3, 21);
    let mut legal = Vec::new();
    let mut walker = RandomPolicy::new(9);
    let (mut differ, mut margins, mut asked) = (0, 0, 0);
    for step in 0..40 {
        pos.legal_moves_into(&mut legal);
        if pos.phase == Phase::Normal && !pos.draw_pending && legal.len() > 1 {
            for (m, model) in models.iter().enumerate() {
                for margin_weight in [0.01, 2.0] {
                    for subset in [&legal[..], &legal[1..]] {
                        // each key asked three times in a row: a weighing, then two uses of it
                        for again in 0..3u64 {
                            let seed = step * 100 + again * 10 + m as u64;
                            let mut memoised = value_bot(model, seed, margin_weight);
                            let mut fresh = value_bot(model, seed, margin_weight);
                            let got = memoised.choose(&pos, subset);
                            assert_eq!(got, choose_afresh(&mut fresh, &pos, subset), "step {step}, model {m}");
                            assert_eq!(memoised.rng.random().to_bits(), fresh.rng.random().to_bits());
                            asked += 1;
                        }
                    }
                }
            }
            let mut one = value_bot(&models[0], step, 0.01);
            let mut other = value_bot(&models[1], step, 0.01);
            differ += (one.choose(&pos, &legal) != other.choose(&pos, &legal)) as usize;
            let mut heavy = value_bot(&models[0], step, 2.0);
            margins += (value_bot(&models[0], step, 0.01).choose(&pos, &legal) != heavy.choose(&pos, &legal)) as usize;
        }
        let mv = walker.choose(&pos, &legal);
        pos.apply(mv).unwrap();
        while pos.draw_pending {
            pos.resolve_chance(&mut walker.rng).unwrap();
        }
        if pos.is_over() {
            break;
        }
    }
    assert!(asked > 200, "only {asked} decisions asked");
    assert!(differ > 0, "the two models never chose differently: the test cannot tell them apart");
    assert!(margins > 0, "the two margin weights never chose differently: the test cannot tell them apart");
}

#[test]
fn a_networks_inputs_are_every_feature_but_the_last_one() {
    // `Network` reads the first NFEATURES - 1 features: the constant `one` must stay last
    assert_eq!(FEATURES[NFEATURES - 1], "one");
}
