//! The transitions, checked as the rules state them: on seeded random games (every decision node
//! and card draw of thousands of games) and on small positions built for one rule.
//!
//! The fixture `position::testing::new_game` is the Python engine's `new_game` (a pytest,
//! tests/core/test_core_position.py, compares them).

use pennypress_core::moves::{legal_move_count, Move};
use pennypress_core::position::testing::new_game;
use pennypress_core::position::{Phase, Position};
use pennypress_core::story::{stories_of, Story};
use pennypress_core::tables::{self, NKINDS, NSTARS, NSTORIES, REPORTERS};
use pennypress_core::turns::final_edition_order;
use pennypress_core::{Policy, PyRandom, RandomPolicy};

/// Every story is in exactly one place: the board, a stack, or one player's published stories.
fn stories_conserved(p: &Position) -> bool {
    let mut seen = [0u8; NSTORIES];
    for s in p.stories_in_play() {
        seen[s.id()] += 1;
    }
    for kind in 0..NKINDS as u8 {
        for stars in 1..=NSTARS as u8 {
            if p.stacks[kind as usize] & (1 << (stars - 1)) != 0 {
                seen[(kind * NSTARS as u8 + stars - 1) as usize] += 1;
            }
        }
    }
    for pl in &p.players[..p.n_players()] {
        for s in pl.published.iter() {
            seen[s.id()] += 1;
        }
    }
    seen.iter().all(|&n| n == 1)
}

fn reporters_conserved(p: &Position) -> bool {
    (0..p.n_players()).all(|pl| p.players[pl].home + p.on_board_of(pl) == REPORTERS)
}

/// Play seeded random games, calling `check(before, move, after)` after every move.
fn games(count: u64, mut check: impl FnMut(&Position, Move, &Position)) {
    for game in 0..count {
        let players = 2 + (game % 4) as u8;
        let mut pos = new_game(players, game);
        let mut chance = PyRandom::from_u64(game + 7);
        let mut bots: Vec<RandomPolicy> = (0..players as u64).map(|s| RandomPolicy::new(game * 31 + s)).collect();
        let mut legal = Vec::new();
        while !pos.is_over() {
            pos.legal_moves_into(&mut legal);
            let mv = bots[pos.current as usize].choose(&pos, &legal);
            let before = pos;
            pos.apply(mv).expect("a listed move is legal");
            check(&before, mv, &pos);
            pos.resolve_chance(&mut chance).expect("a card to draw");
        }
    }
}

#[test]
fn listed_moves_are_legal_distinct_and_counted_and_the_books_balance() {
    games(400, |before, _mv, after| {
        let moves = before.legal_moves();
        assert_eq!(moves.len(), legal_move_count(before));
        for (i, m) in moves.iter().enumerate() {
            assert!(before.check_move(m).is_ok(), "{m}");
            assert!(!moves[i + 1..].contains(m), "{m} listed twice");
        }
        assert!(stories_conserved(after) && reporters_conserved(after));
        let entered = after.stories_as_entered();
        assert_eq!(entered.iter().fold(0u64, |m, s| m | s.bit()), after.on_board);
        assert_eq!(entered.len() as u32, after.on_board.count_ones(), "each story on the board once");
        if after.phase == Phase::Normal && !after.draw_pending {
            for b in 0..5 {
                assert_eq!(after.markers[b], after.marker_formula(b as u8), "markers follow the board between turns");
            }
        }
        if before.phase != Phase::Normal {
            assert_eq!(after.markers, before.markers, "markers are frozen in the final edition");
        }
    });
}

#[test]
fn a_press_claims_scores_publishes_and_returns_the_rest() {
    let mut presses = 0;
    games(400, |before, mv, after| {
        if mv != Move::Press {
            return;
        }
        presses += 1;
        let me = before.current as usize;
        let claimed = before.claimable(me);
        assert_eq!(after.on_board & claimed, 0, "claimed stories leave the board");
        let published: u64 = after.players[me].published.iter().skip(before.players[me].published.len()).fold(0, |m, s| m | s.bit());
        assert_eq!(published & !claimed, 0, "only claimed stories are published");
        for s in stories_of(claimed & !published) {
            assert!(after.stacks[s.kind() as usize] & (1 << (s.stars() - 1)) != 0, "{s} goes back to its stack");
        }
        assert_eq!(after.players[me].pennies, before.players[me].pennies + 1);
        assert_eq!(after.players[me].ad, None);
        for other in 0..before.n_players() {
            if other == me {
                continue;
            }
            let scooped: u16 = stories_of(claimed)
                .filter(|s| before.reporters[s.id()][other] > 0)
                .map(|s| before.scoop_value(s.beat()) as u16)
                .sum();
            if !after.is_over() {
                // (at the end the bonuses are added too)
                assert_eq!(after.players[other].circulation, before.players[other].circulation + scooped, "scoops paid");
            }
        }
    });
    assert!(presses > 1000);
}

#[test]
fn the_final_edition_goes_round_from_the_triggers_left_then_the_game_ends() {
    // Rulebook p. 5: with 4 players and the 3rd player (index 2) triggering, the others play
    // in the order 3, 0, 1; players already done are left out.
    let mut p = new_game(4, 1);
    assert_eq!(final_edition_order(&p, 2).as_slice(), &[3, 0, 1]);
    p.players[0].done = true;
    assert_eq!(final_edition_order(&p, 2).as_slice(), &[3, 1]);

    let mut finished = 0;
    games(300, |before, mv, after| {
        if before.phase == Phase::Normal && after.phase == Phase::FinalTurns {
            let t = before.current as usize;
            assert_eq!(mv, Move::Press);
            assert_eq!(after.trigger_player, Some(t as u8));
            assert!(after.players[t].done && !after.draw_pending && after.newsboy.is_none());
            let n = before.n_players();
            let mut order = vec![after.current];
            order.extend(after.pending.iter());
            assert_eq!(order, (1..n).map(|k| ((t + k) % n) as u8).collect::<Vec<_>>());
        }
        if before.phase == Phase::FinalPresses {
            assert!(matches!(mv, Move::Press | Move::Decline));
            assert!(after.players[before.current as usize].done);
        }
        if after.is_over() {
            finished += 1;
            assert!((0..after.n_players()).all(|p| after.players[p].done));
            assert_ne!(after.winners(), 0);
        }
    });
    assert_eq!(finished, 300, "every game ends");
}

#[test]
fn two_players_take_turns_p1_p2_p2_p1_p1() {
    let mut p = new_game(2, 3);
    let mut order = vec![p.current];
    for _ in 0..6 {
        let story = p.stories_in_play().next().expect("a story");
        let mv = if p.players[p.current as usize].home > 0 {
            Move::Assign { story, count: 1 }
        } else {
            p.legal_moves().into_iter().find(|m| matches!(m, Move::Reassign { .. })).expect("a reassign")
        };
        p.apply(mv).unwrap();
        order.push(p.current);
    }
    assert_eq!(order, vec![0, 1, 1, 0, 0, 1, 1]);
}

#[test]
fn the_newsboy_holder_only_passes_it_to_the_right() {
    let mut p = new_game(4, 5);
    p.definition.newsboy = true;
    p.newsboy = Some(1);
    let story = p.stories_in_play().next().unwrap();
    p.apply(Move::Assign { story, count: 1 }).unwrap();
    assert_eq!(p.current, 1);
    assert_eq!(p.legal_moves(), vec![Move::Newsboy]);
    assert!(p.check_move(&Move::Press).is_err() && p.check_move(&Move::Decline).is_err());
    p.apply(Move::Newsboy).unwrap();
    assert_eq!((p.newsboy, p.current), (Some(0), 2));
}

/// A press that draws: player 0 claims a story alone; returns the position at the chance node.
fn at_chance_node(seed: u64) -> Position {
    let mut p = new_game(3, seed);
    let story = p.stories_in_play().next().unwrap();
    p.apply(Move::Assign { story, count: 1 }).unwrap();
    for _ in 0..2 {
        let other = p.stories_in_play().find(|&s| s != story).unwrap();
        p.apply(Move::Assign { story: other, count: 1 }).unwrap();
    }
    p.apply(Move::Press).unwrap();
    assert!(p.is_chance_node());
    p
}

#[test]
fn a_card_draw_advances_its_bonus_places_what_fits_and_sets_the_new_ad() {
    let p = at_chance_node(7);
    let outcomes: Vec<u8> = p.chance_outcomes().collect();
    assert_eq!(outcomes.len(), p.unseen.count_ones() as usize);
    for &card in &outcomes {
        let mut q = p;
        let data = tables::card(0, card);
        let drawn = q.apply_chance(card).unwrap();
        let beat = data.beat as usize;
        assert_eq!(q.bonus[beat], (p.bonus[beat] + data.bonus).min(tables::BONUS_MAX));
        assert_eq!(q.players[0].ad, Some((data.ad_column, tables::ad_row(1).unwrap())));
        assert_eq!(drawn.stories.len() + (drawn.empty_stacks + drawn.did_not_fit) as usize, data.stories.len());
        assert_eq!(q.discard.as_slice().last(), Some(&card));
        assert_eq!((q.current, q.draw_pending), (1, false));
        assert!(stories_conserved(&q));
    }
    // an empty stack places nothing; a full column takes nothing
    let card = outcomes[0];
    let data = tables::card(0, card);
    let mut empty = p;
    for &(b, s) in data.stories {
        empty.stacks[(b * tables::NSHAPES as u8 + s) as usize] = 0;
    }
    let drawn = empty.apply_chance(card).unwrap();
    assert!(drawn.stories.is_empty() && drawn.empty_stacks as usize == data.stories.len());
    let mut full = p;
    for &(b, _) in data.stories {
        while full.height(b) < tables::COLUMN_CAPACITY {
            let kind = (0..tables::NSHAPES as u8).map(|s| b * tables::NSHAPES as u8 + s).find(|&k| {
                full.peek_stack(k).is_some_and(|st| st.spaces() == 1 && full.fits(st))
            });
            let Some(kind) = kind else { break };
            let st = full.peek_stack(kind).unwrap();
            full.take_from_stack(st);
            full.place_story(st);
        }
    }
    let drawn = full.apply_chance(card).unwrap();
    for s in drawn.stories.iter() {
        assert!(p.height(s.beat()) + s.spaces() <= tables::COLUMN_CAPACITY);
    }
}

#[test]
fn a_seeded_draw_is_randrange_over_the_sorted_unseen_cards() {
    for seed in 0..50 {
        let p = at_chance_node(seed);
        let cards: Vec<u8> = p.chance_outcomes().collect();
        let mut a = PyRandom::from_u64(seed);
        let mut b = PyRandom::from_u64(seed);
        let k = b.randrange(0, cards.len() as i64, 1).unwrap() as usize;
        assert_eq!(p.sample_chance(&mut a).unwrap(), cards[k]);
        assert_eq!(a.state(), b.state());
    }
    // the last card is drawn without a random number
    let mut p = at_chance_node(1);
    let last = p.chance_outcomes().next().unwrap();
    p.unseen = 1 << last;
    let mut r = PyRandom::from_u64(9);
    let before = r.state();
    assert_eq!(p.sample_chance(&mut r).unwrap(), last);
    assert_eq!(r.state(), before);
}

#[test]
fn illegal_moves_and_cards_are_refused_and_change_nothing() {
    let p = new_game(3, 2);
    let story = p.stories_in_play().next().unwrap();
    let absent = (0..NSTORIES as u8).map(Story).find(|s| p.on_board & s.bit() == 0).unwrap();
    for mv in [
        Move::Assign { story, count: REPORTERS + 1 },
        Move::Assign { story: absent, count: 1 },
        Move::Reassign { from: story, to: story },
        Move::Press,
        Move::Newsboy,
        Move::Decline,
    ] {
        let mut q = p;
        assert!(q.apply(mv).is_err(), "{mv}");
        assert_eq!(q, p);
    }
    let mut q = p;
    assert!(q.apply_chance(1).is_err());
    assert_eq!(q, p);
}
