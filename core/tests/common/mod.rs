//! What the crate's integration tests share: seeded games played by given bots, visiting every decision.

use pennypress_core::policy::Bot;
use pennypress_core::position::testing::new_game;
use pennypress_core::position::Position;
use pennypress_core::{Move, Policy, PyRandom};

/// Every decision of `games` seeded games: game `g` has `2 + g % 4` players, starts from
/// `new_game(players, first_seed + g)`, draws its cards from `PyRandom::from_u64(g)` and seats
/// `bots(g, players)`; `visit` sees each position before the move chosen there. Returns the
/// positions the games ended in (or stopped at, after 3,000 moves).
pub fn decisions(
    games: u64,
    first_seed: u64,
    bots: impl Fn(u64, u8) -> Vec<Bot>,
    mut visit: impl FnMut(&Position, Move),
) -> Vec<Position> {
    let mut ends = Vec::new();
    for game in 0..games {
        let players = 2 + (game % 4) as u8;
        let mut pos = new_game(players, first_seed + game);
        let mut chance = PyRandom::from_u64(game);
        let mut seated = bots(game, players);
        let mut legal = Vec::new();
        while !pos.is_over() && pos.ply < 3000 {
            pos.legal_moves_into(&mut legal);
            let mv = seated[pos.current as usize].choose(&pos, &legal);
            visit(&pos, mv);
            pos.apply(mv).expect("a legal move");
            pos.resolve_chance(&mut chance).expect("a card");
        }
        ends.push(pos);
    }
    ends
}
