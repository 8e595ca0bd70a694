//! The optimal front page from the embedded page tables (the Python `solver/fast.py`).
//!
//! A press is a list of [`Item`]s -- shape index, beat value, top-beat flag --
//! and the ad cell. Its geometry (the shapes and the ad) selects a handful of
//! candidate pages from the tables that `core/generate_tables.py` exported
//! from `solver/page_profiles.py`, listed in the solvers' tie-break order; the
//! answer is the best of them by the rules -- most top-beat stories on row 0,
//! then most top-beat stories placed, then the highest score -- the first in
//! tie-break order among equals. [`best_page`] maps the page back to the
//! caller's story indices and picks the exclusive as `best_page` does: the
//! most valuable non-top story on row 0, the lowest index among equals.

use crate::error::{CoreError, CoreResult};
use crate::position::Cell;
use crate::small::FixedList;
use crate::tables::{self, Profile, MAX_BEAT_VALUE, MAX_CLAIMED_STORIES, NCELLS, NSHAPES, PAGE_COLUMNS, PAGE_ROWS};

/// One claimed story as the solver sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Item {
    pub shape: u8,
    pub value: u8,
    pub top: bool,
}

/// What a press is worth: the optimal total, the circulation gain, T* and R*.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PageValue {
    pub total: i16,
    pub gain: i16,
    pub top_edge: u8,
    pub top_rest: u8,
}

/// One story on the page: its index among the press's items and its rectangle as placed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct Placement {
    pub story: u8,
    pub x: u8,
    pub y: u8,
    pub w: u8,
    pub h: u8,
}

/// The optimal page in the caller's story indices (placements sorted by story, then rectangle).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct BestPage {
    pub placements: FixedList<Placement, MAX_CLAIMED_STORIES>,
    pub exclusive: Option<u8>,
    pub value: PageValue,
}

fn check(items: &[Item], ad: Option<Cell>) -> CoreResult<Option<u8>> {
    if items.is_empty() || items.len() > MAX_CLAIMED_STORIES {
        return Err(CoreError::BadInput(format!(
            "items: a press claims 1 to {MAX_CLAIMED_STORIES} stories, got {}",
            items.len()
        )));
    }
    for (k, it) in items.iter().enumerate() {
        if it.shape as usize >= NSHAPES {
            return Err(CoreError::BadInput(format!("items[{k}]: unknown shape {}", it.shape)));
        }
        if it.value > MAX_BEAT_VALUE {
            return Err(CoreError::BadInput(format!("items[{k}]: value {} is above {MAX_BEAT_VALUE}", it.value)));
        }
    }
    match ad {
        None => Ok(None),
        Some((x, y)) if x < PAGE_COLUMNS && y < PAGE_ROWS => Ok(Some(y * PAGE_COLUMNS + x)),
        Some(cell) => Err(CoreError::BadInput(format!("ad: {cell:?} is off the {PAGE_COLUMNS}x{PAGE_ROWS} page"))),
    }
}

/// The canonical story order of `page_order.py`: by shape, top-beat stories first, higher value first;
/// a stable sort keeps the caller's order among equals.
fn slot_order(items: &[Item]) -> FixedList<u8, MAX_CLAIMED_STORIES> {
    let n = items.len();
    let mut order = [0u8; MAX_CLAIMED_STORIES];
    for (i, o) in order.iter_mut().enumerate().take(n) {
        *o = i as u8;
    }
    order[..n].sort_by_key(|&i| {
        let it = items[i as usize];
        (it.shape, !it.top, std::cmp::Reverse(it.value))
    });
    let mut out = FixedList::new();
    for &i in &order[..n] {
        out.push(i);
    }
    out
}

/// The best candidate of the geometry and its value (slots are `order`'s positions).
fn solve(items: &[Item], ad: Option<Cell>) -> CoreResult<(&'static Profile, PageValue, FixedList<u8, MAX_CLAIMED_STORIES>)> {
    let ad_cell = check(items, ad)?;
    let order = slot_order(items);
    let slots: FixedList<Item, MAX_CLAIMED_STORIES> = {
        let mut l = FixedList::new();
        for &i in order.iter() {
            l.push(items[i as usize]);
        }
        l
    };
    let mut counts = [0u8; NSHAPES];
    for it in slots.iter() {
        counts[it.shape as usize] += 1;
    }
    let candidates = tables::profiles(counts, ad_cell)
        .ok_or_else(|| CoreError::BadInput(format!("no page geometry for shapes {counts:?} and ad {ad:?}")))?;
    let all_values: i16 = slots.iter().map(|it| it.value as i16).sum();
    let mut best: Option<(&'static Profile, (u8, u8, i16))> = None;
    for cand in candidates {
        // in tie-break order: a later page must rank strictly higher
        let (mut top_edge, mut top_placed, mut placed_values, mut exclusive) = (0u8, 0u8, 0i16, 0i16);
        for (i, it) in slots.iter().enumerate() {
            let bit = 1 << i;
            if cand.placed & bit != 0 {
                top_placed += it.top as u8;
                placed_values += it.value as i16;
            }
            if cand.edge & bit != 0 {
                top_edge += it.top as u8;
                if !it.top {
                    exclusive = exclusive.max(it.value as i16);
                }
            }
        }
        let score = cand.penalty as i16 + 2 * placed_values - all_values + exclusive;
        let rank = (top_edge, top_placed, score);
        if best.is_none_or(|(_, r)| rank > r) {
            best = Some((cand, rank));
        }
    }
    let (profile, (top_edge, top_placed, total)) =
        best.ok_or_else(|| CoreError::BadInput("a page geometry without candidates".into()))?;
    let value = PageValue { total, gain: total.max(0), top_edge, top_rest: top_placed - top_edge };
    Ok((profile, value, order))
}

/// The optimal total, gain, T* and R* of a press.
pub fn page_value(items: &[Item], ad: Option<Cell>) -> CoreResult<PageValue> {
    solve(items, ad).map(|(_, value, _)| value)
}

/// The optimal page under the solvers' tie-break, in the caller's story indices.
pub fn best_page(items: &[Item], ad: Option<Cell>) -> CoreResult<BestPage> {
    let (profile, value, order) = solve(items, ad)?;
    let mut placements = [Placement::default(); MAX_CLAIMED_STORIES];
    let witness = profile.witness();
    for (p, r) in placements.iter_mut().zip(witness) {
        let [slot, x, y, w, h] = *r;
        *p = Placement { story: order[slot as usize], x, y, w, h };
    }
    let placements = &mut placements[..witness.len()];
    placements.sort_unstable();
    let mut page = BestPage { value, ..BestPage::default() };
    let mut best_value: i16 = -1;
    for &p in placements.iter() {
        page.placements.push(p);
        let it = items[p.story as usize];
        if p.y == 0 && !it.top && it.value as i16 > best_value {
            page.exclusive = Some(p.story);
            best_value = it.value as i16;
        }
    }
    Ok(page)
}

/// A page's score by component, as `solver/scoring.py`'s `Breakdown`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Breakdown {
    pub published: i16,
    pub exclusive_bonus: i16,
    pub unpublished: i16,
    /// Empty cells and their points per row.
    pub empty_by_row: [(u8, i16); PAGE_ROWS as usize],
}

impl Breakdown {
    /// Score `placements` (story indices into `items`) with `exclusive`, the ad cell left out.
    pub fn of(items: &[Item], placements: &[Placement], exclusive: Option<u8>, ad: Option<Cell>) -> Breakdown {
        let mut covered = [false; NCELLS];
        let mut placed = [false; MAX_CLAIMED_STORIES];
        for p in placements {
            placed[p.story as usize] = true;
            for dy in 0..p.h {
                for dx in 0..p.w {
                    covered[((p.y + dy) * PAGE_COLUMNS + p.x + dx) as usize] = true;
                }
            }
        }
        let mut b = Breakdown::default();
        for (i, it) in items.iter().enumerate() {
            if placed[i] {
                b.published += it.value as i16;
            } else {
                b.unpublished -= it.value as i16;
            }
        }
        if let Some(e) = exclusive {
            b.exclusive_bonus = items[e as usize].value as i16;
        }
        for y in 0..PAGE_ROWS {
            for x in 0..PAGE_COLUMNS {
                if !covered[(y * PAGE_COLUMNS + x) as usize] && ad != Some((x, y)) {
                    b.empty_by_row[y as usize].0 += 1;
                    b.empty_by_row[y as usize].1 += tables::cell_penalty(y) as i16;
                }
            }
        }
        b
    }

    pub fn empty(&self) -> i16 {
        self.empty_by_row.iter().map(|r| r.1).sum()
    }

    pub fn total(&self) -> i16 {
        self.published + self.exclusive_bonus + self.unpublished + self.empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(shape: u8, value: u8, top: bool) -> Item {
        Item { shape, value, top }
    }

    #[test]
    fn the_rulebook_twelve_point_page() {
        // Rulebook pp. 8-9: Politics A (value 4, the top beat), Crime B (3) and War D (3), no ad:
        // 12 points -- every story published, one empty cell on row 2; War D and Crime B (3 each) both
        // touch row 0 and the lower index, War D, is the exclusive.
        let items = [item(3, 3, false), item(0, 4, true), item(1, 3, false)];
        let page = best_page(&items, None).unwrap();
        assert_eq!(page.value, PageValue { total: 12, gain: 12, top_edge: 1, top_rest: 0 });
        let b = Breakdown::of(&items, page.placements.as_slice(), page.exclusive, None);
        assert_eq!(b.total(), 12);
        assert_eq!((b.published, b.unpublished, b.empty()), (10, 0, -1));
        assert_eq!(page.placements.len(), 3);
        assert_eq!(page.exclusive, Some(0));
    }

    #[test]
    fn a_page_value_is_its_breakdown_and_the_order_of_items_does_not_matter() {
        let items = [item(0, 5, true), item(0, 5, true), item(3, 3, false)];
        let mut rev = items;
        rev.reverse();
        for ad in [None, Some((1, 1)), Some((0, 0))] {
            let a = best_page(&items, ad).unwrap();
            let b = best_page(&rev, ad).unwrap();
            assert_eq!(a.value, b.value);
            let bd = Breakdown::of(&items, a.placements.as_slice(), a.exclusive, ad);
            assert_eq!(bd.total(), a.value.total);
        }
    }

    #[test]
    fn bad_presses_are_refused_not_panicked_on() {
        assert!(page_value(&[], None).is_err());
        assert!(page_value(&[item(0, 1, true); 6], None).is_err());
        assert!(page_value(&[item(4, 1, true)], None).is_err());
        assert!(page_value(&[item(0, 7, true)], None).is_err());
        assert!(page_value(&[item(0, 1, true)], Some((4, 0))).is_err());
    }
}
