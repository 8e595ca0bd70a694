//! The fuzz targets on stable Rust (`src/fuzzing.rs`): the committed seed corpus
//! (`core/fuzz/corpus/`) replayed, the corpus's positions read back exactly, and a seeded random
//! walk of inputs -- so `cargo test` (and CI, which has no nightly toolchain or cargo-fuzz) checks
//! what the cargo-fuzz campaigns check: no input panics. A panic the fuzzer finds is added here as a
//! regression input (see docs/developer/fuzzing.md).

use std::cell::RefCell;
use std::fs;
use std::path::{Path, PathBuf};

use pennypress_core::fuzzing::{fuzz_moves, fuzz_position, position_bytes, read_position, Bytes};
use pennypress_core::moves::legal_move_count;
use pennypress_core::position::testing::new_game;
use pennypress_core::{Policy, PyRandom, RandomPolicy};

fn corpus(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join("corpus").join(target)
}

fn inputs(target: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<_> = fs::read_dir(corpus(target)).expect("the committed corpus").map(|e| e.unwrap().path()).collect();
    files.sort();
    files.iter().map(|f| fs::read(f).unwrap()).collect()
}

/// Positions of seeded random games (2 to 5 players), every `step` plies, and the last.
fn game_positions(games: u64, step: u32) -> Vec<pennypress_core::Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = new_game(2 + (g % 4) as u8, 100 + g);
        let mut bot = RandomPolicy::new(g);
        let mut chance = PyRandom::from_u64(g);
        let mut legal = Vec::new();
        while !pos.is_over() {
            if pos.ply % step == 0 {
                out.push(pos);
            }
            pos.legal_moves_into(&mut legal);
            let mv = bot.choose(&pos, &legal);
            pos.apply(mv).unwrap();
            pos.resolve_chance(&mut chance).unwrap();
        }
        out.push(pos);
    }
    out
}

#[test]
fn the_committed_corpus_replays_without_a_panic() {
    let position = inputs("position");
    let moves = inputs("moves");
    assert!(position.len() >= 10 && moves.len() >= 10, "the seed corpus is committed");
    position.iter().for_each(|d| fuzz_position(d));
    moves.iter().for_each(|d| fuzz_moves(d));
}

#[test]
fn positions_written_as_bytes_read_back() {
    for pos in game_positions(8, 9) {
        let bytes = position_bytes(&pos);
        let read = read_position(&RefCell::new(Bytes::new(&bytes))).expect("a real position is accepted");
        // the same position (written again: the fixed lists' unused slots and the order of entry,
        // which a document does not hold, may differ)
        assert_eq!(position_bytes(&read), bytes);
        assert_eq!((legal_move_count(&read), read.unseen), (legal_move_count(&pos), pos.unseen));
    }
}

/// A bounded random walk with a fixed seed: random bytes, and real positions with random bytes flipped.
#[test]
fn a_seeded_random_walk_finds_no_panic() {
    let mut rng = PyRandom::from_u64(36);
    let seeds: Vec<Vec<u8>> = game_positions(4, 15).iter().map(position_bytes).collect();
    for i in 0..3000usize {
        let mut data = if i % 2 == 0 {
            let len = rng.below(400).unwrap();
            (0..len).map(|_| rng.below(256).unwrap() as u8).collect::<Vec<u8>>()
        } else {
            seeds[i % seeds.len()].clone()
        };
        for _ in 0..1 + i % 4 {
            if !data.is_empty() {
                let at = rng.below(data.len()).unwrap();
                data[at] = rng.below(256).unwrap() as u8;
            }
        }
        fuzz_position(&data);
        let mut moves = vec![1u8];
        moves.extend_from_slice(&data);
        fuzz_moves(&moves);
        fuzz_moves(&data);
    }
}

/// Writes the seed corpus (`cargo test --test fuzz_replay -- --ignored write_corpus`): real positions
/// for `position`; for `moves`, seeded deals and real positions followed by a game's worth of steps.
#[test]
#[ignore]
fn write_corpus() {
    let mut rng = PyRandom::from_u64(2036);
    for target in ["position", "moves"] {
        let dir = corpus(target);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
    }
    for (i, pos) in game_positions(12, 20).iter().enumerate() {
        let bytes = position_bytes(pos);
        fs::write(corpus("position").join(format!("game-position-{i:03}")), &bytes).unwrap();
        if i % 3 == 0 {
            let mut moves = vec![1u8];
            moves.extend_from_slice(&bytes);
            moves.push(rng.below(256).unwrap() as u8);
            moves.extend((0..200).map(|_| rng.below(256).unwrap() as u8));
            fs::write(corpus("moves").join(format!("from-position-{i:03}")), &moves).unwrap();
        }
    }
    fs::write(corpus("moves").join("regression-draw-pending-no-press"), draw_pending_without_a_press()).unwrap();
    for players in 2..=5u8 {
        for seed in 0..3u8 {
            let mut moves = vec![0u8, players - 2, seed, 0, seed];
            moves.extend((0..600).map(|_| (rng.below(256).unwrap() as u8) & 0b1111_0011)); // mostly legal moves
            fs::write(corpus("moves").join(format!("deal-{players}p-{seed}")), &moves).unwrap();
        }
    }
}

/// Found by the `moves` campaign: a document the reader takes with a draw pending for a player who has
/// not pressed. The core refuses the draw (`BadPosition`: no ad row for 0 pennies) -- a `CoreError`,
/// as it must; the target had wrongly required every offered card to be drawn from any document.
fn draw_pending_without_a_press() -> Vec<u8> {
    let mut pos = new_game(3, 0);
    pos.draw_pending = true;
    assert_eq!(pos.players[pos.current as usize].pennies, 0);
    let mut data = vec![1u8]; // a document, then the seeded draw's seed and a step: a move or a card by index 0
    data.extend(position_bytes(&pos));
    data.extend([0, 0, 0]);
    data
}

#[test]
fn a_draw_pending_for_a_player_without_a_press_is_refused_not_a_panic() {
    let data = draw_pending_without_a_press();
    let read = read_position(&RefCell::new(Bytes::new(&data[1..]))).expect("the reader takes the document");
    assert!(read.draw_pending && read.chance_outcomes().next().is_some());
    let mut copy = read;
    assert!(copy.apply_chance(read.chance_outcomes().next().unwrap()).is_err());
    fuzz_moves(&data);
    assert_eq!(fs::read(corpus("moves").join("regression-draw-pending-no-press")).unwrap(), data,
               "the committed regression input is this one (write_corpus)");
}
