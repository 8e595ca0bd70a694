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
use crate::tables::{MAX_CLAIMED_STORIES, NBEATS};
use crate::turns::final_edition_order;

/// Gains a thread remembers before it starts afresh (a bound on memory; answers do not depend on it).
const GAIN_MEMO_LIMIT: usize = 1 << 18;

thread_local! {
    /// Each thread's memo of page gains: `(beat values, ad, stories) -> gain`.
    static GAINS: std::cell::RefCell<std::collections::HashMap<(u64, u16, u64), i32, crate::policy::FastHash>> =
        Default::default();
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

    /// The circulation the optimal page of `stories` gains (0 for none): `valuer.gain(valuer.items(stories))`.
    pub fn gain(&self, stories: impl IntoIterator<Item = Story>) -> i32 {
        let mut items: FixedList<Item, MAX_CLAIMED_STORIES> = FixedList::new();
        let mut set = 0u64;
        for s in stories {
            assert!(items.try_push(self.item(s)), "a press of more than {MAX_CLAIMED_STORIES} stories");
            set |= s.bit();
        }
        if items.is_empty() {
            return 0;
        }
        // the gain is a function of the set of stories, the beat values and the ad: remembered per thread
        let values = self.values.iter().fold(0u64, |k, &v| k << 8 | v as u64);
        let key = (values, self.ad.map_or(u16::MAX, |(x, y)| (x as u16) << 8 | y as u16), set);
        GAINS.with(|memo| {
            if let Some(&g) = memo.borrow().get(&key) {
                return g;
            }
            let g = page_value(items.as_slice(), self.ad).expect("a press the page tables hold").gain as i32;
            let mut memo = memo.borrow_mut();
            if memo.len() >= GAIN_MEMO_LIMIT {
                memo.clear();
            }
            memo.insert(key, g);
            g
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
