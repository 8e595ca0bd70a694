//! End-game scoring: beat bonuses and the winners (the Python `engine/endgame.py`).

use crate::events::{BeatBonus, EndOutcome};
use crate::position::PlayerState;
use crate::tables::{MAXP, NBEATS};

/// Who gets a beat's bonus: every player with the most stars there (nobody if the most is 0).
pub fn beat_bonus(stars: &[u8], points: u8) -> BeatBonus {
    let most = stars.iter().copied().max().unwrap_or(0);
    if most == 0 {
        return BeatBonus { most_stars: 0, players: 0, points: 0 };
    }
    let players = stars.iter().enumerate().filter(|(_, &s)| s == most).fold(0u8, |m, (i, _)| m | 1 << i);
    BeatBonus { most_stars: most, players, points }
}

/// Highest circulation; ties broken by most stories published; still tied: shared (bit per player).
pub fn winners_of(circulation: &[u16], stories: &[usize]) -> u8 {
    let best = circulation.iter().zip(stories).map(|(&c, &s)| (c, s)).max();
    circulation
        .iter()
        .zip(stories)
        .enumerate()
        .filter(|&(_, (&c, &s))| Some((c, s)) == best)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// The winners of players whose circulation is final.
pub fn winners(players: &[PlayerState]) -> u8 {
    let circulation: Vec<u16> = players.iter().map(|p| p.circulation).collect();
    let stories: Vec<usize> = players.iter().map(|p| p.published.len()).collect();
    winners_of(&circulation, &stories)
}

/// Bonuses per beat, the final circulation after them, and the winners; does not change the players.
pub fn end_scoring(players: &[PlayerState], bonus: &[u8; NBEATS]) -> EndOutcome {
    let mut out = EndOutcome::default();
    let n = players.len();
    for (p, player) in players.iter().enumerate() {
        out.circulation[p] = player.circulation;
    }
    for (beat, &points) in bonus.iter().enumerate() {
        let mut stars = [0u8; MAXP];
        for (p, player) in players.iter().enumerate() {
            stars[p] = player.stars(beat as u8);
        }
        let bb = beat_bonus(&stars[..n], points);
        for (p, c) in out.circulation.iter_mut().enumerate().take(n) {
            if bb.players & (1 << p) != 0 {
                *c += bb.points as u16;
            }
        }
        out.bonuses[beat] = bb;
    }
    let stories: Vec<usize> = players.iter().map(|p| p.published.len()).collect();
    out.winners = winners_of(&out.circulation[..n], &stories);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonuses_are_shared_on_a_tie_and_the_winner_tie_breaks_on_stories() {
        // Rulebook p. 11: two players with 3 politics stars both get the politics bonus.
        assert_eq!(beat_bonus(&[3, 3, 0], 7), BeatBonus { most_stars: 3, players: 0b011, points: 7 });
        assert_eq!(beat_bonus(&[0, 0], 7), BeatBonus::default());
        // Equal circulation: the most stories published wins; still equal, a shared victory.
        assert_eq!(winners_of(&[30, 30, 12], &[5, 4, 9]), 0b001);
        assert_eq!(winners_of(&[30, 30], &[5, 5]), 0b011);
    }
}
