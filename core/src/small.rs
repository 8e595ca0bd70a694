//! [`FixedList`]: a list of at most `N` small `Copy` values stored inline.
//!
//! Positions, moves and events are `Copy` so that a playout clones a position
//! with one memcpy and never allocates; their variable-length parts (a column's
//! stories, a player's published stories, a press's claims) are fixed lists.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FixedList<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        FixedList { len: 0, items: [T::default(); N] }
    }
}

impl<T: Copy + Default, const N: usize> FixedList<T, N> {
    pub const CAPACITY: usize = N;

    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn is_full(&self) -> bool {
        self.len() == N
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len()]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// Append; `false` (and nothing changes) when the list is full.
    pub fn try_push(&mut self, value: T) -> bool {
        if self.is_full() {
            return false;
        }
        self.items[self.len()] = value;
        self.len += 1;
        true
    }

    /// Append a value the rules guarantee room for (a full list is a bug in the core).
    pub fn push(&mut self, value: T) {
        assert!(self.try_push(value), "FixedList of {N} overflowed");
    }

    /// Remove and return the first value.
    pub fn pop_front(&mut self) -> Option<T> {
        if self.is_empty() {
            return None;
        }
        let first = self.items[0];
        let len = self.len();
        self.items.copy_within(1..len, 0);
        self.len -= 1;
        Some(first)
    }

    /// Remove the first value equal to `value`; `false` if there is none.
    pub fn remove_value(&mut self, value: T) -> bool
    where
        T: PartialEq,
    {
        match self.as_slice().iter().position(|v| *v == value) {
            Some(i) => {
                let len = self.len();
                self.items.copy_within(i + 1..len, i);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    pub fn contains(&self, value: &T) -> bool
    where
        T: PartialEq,
    {
        self.as_slice().contains(value)
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> std::ops::Index<usize> for FixedList<T, N> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.as_slice()[i]
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a FixedList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for FixedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::FixedList;

    #[test]
    fn push_pop_remove_keep_order_and_refuse_overflow() {
        let mut l: FixedList<u8, 3> = FixedList::new();
        assert!(l.try_push(1) && l.try_push(2) && l.try_push(3));
        assert!(!l.try_push(4));
        assert!(l.remove_value(2));
        assert_eq!(l.as_slice(), &[1, 3]);
        assert_eq!(l.pop_front(), Some(1));
        assert_eq!(l.as_slice(), &[3]);
        assert!(!l.remove_value(9));
    }
}
