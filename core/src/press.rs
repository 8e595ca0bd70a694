//! Going to press with the optimal page (the Python `engine/rules/press.py`, optimal pages only).
//!
//! [`press_outcome`] works the whole press out without changing the position
//! -- claims (canonical order), the stories left behind, scoops (once per other
//! player per claimed story they have a reporter on, at that beat's scoop value
//! now), the optimal page from the tables, the score, the trigger -- and
//! [`Position::resolve_press`] carries it out: scoops paid (also to players who
//! finished the final edition), claimed stories off the board and reporters
//! home, published stories to the player, unpublished ones back to their
//! stacks, circulation, the ad removed, a penny, then the final-edition trigger
//! or the chance node for the headline card.
//!
//! [`PressValuer`] is the Python `PressValuer`: what a press of any stories would
//! gain for one player with one set of beat values (the position's, or those a
//! move would leave) -- the one place the bots turn stories into the fast
//! solver's items.
//!
//! A press with a page the player proposes is checked and scored by the Python
//! engine (the solver's checker); the core never sees one.

use crate::error::{CoreError, CoreResult};
use crate::events::{Page, PressOutcome, Scoop};
use crate::pages::{best_page, page_value, Item, Placement};
use crate::position::{Cell, Phase, Position};
use crate::small::FixedList;
use crate::story::{stories_of, Story};
use crate::tables::{MAX_BEAT_VALUE, MAX_CLAIMED_STORIES, NBEATS, NCELLS, PAGE_COLUMNS};
use crate::turns::final_edition_order;

/// Bits of a thread's gain cache index: 2^14 entries of 8 bytes, small enough to stay in a core's L2 cache.
const GAIN_CACHE_BITS: u32 = 14;

thread_local! {
    /// Each thread's cache of page gains, direct-mapped: an entry is `(key + 1) << 16 | gain`, 0 when empty.
    /// A gain depends only on the press's items (as a multiset) and the ad cell, so the key is those
    /// ([`gain_key`]); a collision only costs a recomputation -- answers never depend on the cache.
    static GAINS: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![0; 1 << GAIN_CACHE_BITS]);
}

/// Bits of an item's code in a gain key: shape (2), top (1), value (3), plus one so that no code is 0.
const ITEM_CODE_BITS: u32 = 7;
const _: () = assert!(crate::tables::NSHAPES <= 4 && MAX_BEAT_VALUE < 8, "an item code packs shape, top and value");
const _: () = assert!(MAX_CLAIMED_STORIES as u32 * ITEM_CODE_BITS + 4 <= 48, "a gain key fits in 48 bits");

/// A press's items by their codes ([`PressValuer::code`]).
pub type Codes = FixedList<u8, MAX_CLAIMED_STORIES>;

/// The key of a press's gain: its item codes in increasing order (none is 0, so lists of different
/// lengths differ), and above them the ad cell (`12` for none).
fn gain_key(codes: &Codes, ad: Option<Cell>) -> u64 {
    // an insertion sort of at most five small numbers, in a fixed-size array
    let n = codes.len();
    let mut sorted = [0u8; MAX_CLAIMED_STORIES];
    for (i, &c) in codes.iter().enumerate() {
        let mut j = i;
        while j > 0 && sorted[j - 1] > c {
            sorted[j] = sorted[j - 1];
            j -= 1;
        }
        sorted[j] = c;
    }
    let ad = ad.map_or(NCELLS as u64, |(x, y)| (y * PAGE_COLUMNS + x) as u64);
    let items = sorted[..n].iter().fold(0u64, |k, &c| k << ITEM_CODE_BITS | c as u64);
    ad << (MAX_CLAIMED_STORIES as u32 * ITEM_CODE_BITS) | items
}

/// Press values for one player with one set of beat values (the Python `PressValuer`): each story
/// becomes the fast solver's [`Item`] -- its shape, its beat's value, whether that beat is a top beat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PressValuer {
    pub values: [u8; NBEATS],
    pub ad: Option<Cell>,
    top: u8,
}

impl PressValuer {
    /// Pages with these five beat values and this ad cell.
    pub fn new(values: [u8; NBEATS], ad: Option<Cell>) -> PressValuer {
        let top = values.iter().copied().max().unwrap_or(0);
        PressValuer { values, ad, top }
    }

    /// `player`'s pages now: the beat values in force and their ad (`PressValuer.for_player`).
    pub fn for_player(pos: &Position, player: usize) -> PressValuer {
        PressValuer::new(pos.beat_values(), pos.players[player].ad)
    }

    /// The solver's item for `story` (`PressValuer.items`, one story).
    pub fn item(&self, story: Story) -> Item {
        let value = self.values[story.beat() as usize];
        Item { shape: story.shape(), value, top: value == self.top }
    }

    /// The code of `story`'s item in a gain key: `1 + (shape << 4 | top << 3 | value)`, in 1..=64.
    pub fn code(&self, story: Story) -> u8 {
        let it = self.item(story);
        1 + (it.shape << 4 | (it.top as u8) << 3 | it.value)
    }

    /// The circulation the optimal page of `stories` gains (0 for none): `valuer.gain(valuer.items(stories))`.
    pub fn gain(&self, stories: impl IntoIterator<Item = Story>) -> i32 {
        let mut codes = Codes::new();
        for s in stories {
            assert!(codes.try_push(self.code(s)), "a press of more than {MAX_CLAIMED_STORIES} stories");
        }
        self.gain_of_codes(&codes)
    }

    /// The gain of a press of items given by their [`code`](Self::code)s, in any order: a page's value
    /// depends only on its items as a multiset (the solver sorts them into its slots first).
    pub fn gain_of_codes(&self, codes: &Codes) -> i32 {
        if codes.is_empty() {
            return 0;
        }
        let key = gain_key(codes, self.ad);
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - GAIN_CACHE_BITS)) as usize;
        GAINS.with(|cache| {
            let entry = cache.borrow()[slot];
            if entry >> 16 == key + 1 {
                return (entry & 0xffff) as i32;
            }
            let mut items: FixedList<Item, MAX_CLAIMED_STORIES> = FixedList::new();
            for &c in codes.iter() {
                let c = c - 1;
                items.push(Item { shape: c >> 4, top: c >> 3 & 1 == 1, value: c & 7 });
            }
            let g = page_value(items.as_slice(), self.ad).expect("a press the page tables hold").gain;
            cache.borrow_mut()[slot] = (key + 1) << 16 | g as u16 as u64;
            g as i32
        })
    }
}

/// The press `player` would make now with the optimal page; the position is unchanged.
pub fn press_outcome(pos: &Position, player: usize) -> CoreResult<PressOutcome> {
    let claimable = pos.claimable(player);
    if claimable == 0 {
        return Err(CoreError::IllegalMove("you cannot go to press: there is no story you can claim".into()));
    }
    let values = pos.beat_values();
    let top = pos.top_beats();
    let mut out = PressOutcome { player: player as u8, beat_values: values, ad: pos.players[player].ad, ..Default::default() };
    let mut items: FixedList<Item, MAX_CLAIMED_STORIES> = FixedList::new();
    for s in stories_of(claimable) {
        if !out.claimed.try_push(s) {
            return Err(CoreError::BadPosition(format!("a press claims at most {MAX_CLAIMED_STORIES} stories")));
        }
        items.push(Item { shape: s.shape(), value: values[s.beat() as usize], top: top & (1 << s.beat()) != 0 });
    }
    for s in stories_of(pos.outnumbered(player)) {
        out.left.push(s);
    }
    for &s in out.claimed.iter() {
        for (other, &n) in pos.reporters[s.id()].iter().enumerate().take(pos.n_players()) {
            if other != player && n > 0 {
                out.scoops.push(Scoop { player: other as u8, story: s, points: pos.scoop_value(s.beat()) });
            }
        }
    }
    let best = best_page(items.as_slice(), out.ad)?;
    let n = best.placements.len();
    let mut placements = [(Story::default(), Placement::default()); MAX_CLAIMED_STORIES];
    for (slot, p) in placements.iter_mut().zip(best.placements.iter()) {
        *slot = (out.claimed[p.story as usize], *p);
    }
    // the page's own order: row, column, then story (Page.__post_init__)
    placements[..n].sort_by_key(|(s, p)| (p.y, p.x, *s));
    let mut page = Page { exclusive: best.exclusive.map(|i| out.claimed[i as usize]), ..Page::default() };
    for &pl in &placements[..n] {
        page.placements.push(pl);
    }
    out.page = page;
    out.total = best.value.total;
    out.gain = best.value.gain;
    out.final_edition = pos.would_trigger(player);
    Ok(out)
}

impl Position {
    /// Carry out a press worked out by [`press_outcome`] on this position.
    pub fn resolve_press(&mut self, outcome: &PressOutcome) {
        let player = outcome.player as usize;
        let draws = self.press_draws_card(player);
        for sc in outcome.scoops.iter() {
            self.players[sc.player as usize].circulation += sc.points as u16;
        }
        for &s in outcome.claimed.iter() {
            self.remove_story(s);
        }
        for (s, _) in outcome.page.placements.iter() {
            self.players[player].published.push(*s);
        }
        for s in outcome.unpublished() {
            self.return_to_stack(s);
        }
        let me = &mut self.players[player];
        me.circulation += outcome.gain as u16;
        me.ad = None;
        me.pennies += 1;
        if outcome.final_edition {
            self.start_final_edition(player);
        }
        self.draw_pending = draws;
    }

    /// The final edition begins: markers freeze, the strike ends, the trigger player is done,
    /// and the others (in turn order from the trigger's left) each get one restricted turn.
    pub fn start_final_edition(&mut self, trigger: usize) {
        self.players[trigger].done = true;
        self.trigger_player = Some(trigger as u8);
        self.newsboy = None;
        self.phase = Phase::FinalTurns;
        let order = final_edition_order(self, trigger);
        self.current = order[0];
        self.pending.clear();
        for &p in &order.as_slice()[1..] {
            self.pending.push(p);
        }
        self.turns_left = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::NSHAPES;

    #[test]
    fn a_gain_key_names_one_press_and_ad() {
        // every multiset of up to three item codes with every ad cell (and none): no two share a key
        let mut keys = std::collections::HashSet::new();
        let ads: Vec<Option<Cell>> = std::iter::once(None).chain((0..12u8).map(|c| Some((c % 4, c / 4)))).collect();
        let mut count = 0u64;
        for a in 0..=64u8 {
            for b in a..=64 {
                for c in b..=64 {
                    let mut codes = Codes::new();
                    for code in [a, b, c].into_iter().filter(|&x| x > 0) {
                        codes.push(code);
                    }
                    if codes.is_empty() {
                        continue;
                    }
                    for &ad in &ads {
                        count += 1;
                        keys.insert(gain_key(&codes, ad));
                    }
                }
            }
        }
        // (a 0 stands for no item: a <= b <= c makes each multiset of one to three codes once)
        let lists = (1..=3).map(|k| (0..k).fold(1u64, |acc, i| acc * (64 + i) / (i + 1))).sum::<u64>();
        assert_eq!(count, lists * ads.len() as u64);
        assert_eq!(keys.len() as u64, count);
        // the order of the codes does not matter
        let (mut ab, mut ba) = (Codes::new(), Codes::new());
        for c in [9, 3, 40] {
            ab.push(c);
        }
        for c in [40, 9, 3] {
            ba.push(c);
        }
        assert_eq!(gain_key(&ab, Some((1, 2))), gain_key(&ba, Some((1, 2))));
    }

    #[test]
    fn a_remembered_gain_is_the_solvers() {
        let mut x = 12_345u64;
        let mut next = |m: u64| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % m
        };
        for _ in 0..3000 {
            let values: [u8; NBEATS] = std::array::from_fn(|_| next(MAX_BEAT_VALUE as u64 + 1) as u8);
            let ad = if next(3) == 0 { None } else { Some((next(4) as u8, next(3) as u8)) };
            let valuer = PressValuer::new(values, ad);
            let count = 1 + next(MAX_CLAIMED_STORIES as u64) as usize;
            let stories: Vec<Story> =
                (0..count).map(|_| Story::new(next(NBEATS as u64) as u8, next(NSHAPES as u64) as u8, 1 + next(3) as u8)).collect();
            let items: Vec<Item> = stories.iter().map(|&s| valuer.item(s)).collect();
            let want = page_value(&items, ad).map(|v| v.gain as i32);
            let Ok(want) = want else { continue };
            // a first answer (maybe computed), a second (remembered), and the stories in another order
            assert_eq!(valuer.gain(stories.iter().copied()), want, "{stories:?} {values:?} {ad:?}");
            assert_eq!(valuer.gain(stories.iter().copied()), want);
            assert_eq!(valuer.gain(stories.iter().rev().copied()), want);
        }
    }
}
