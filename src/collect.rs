//! `map` and `try_map`: a function applied to every item, the results gathered in a `Vec`
//! (`try_map` stops at the first error), as Autodidax writes `map(f, xs)`; and `select`,
//! `count` and `union` of the used/kept flags dead-code elimination passes around (`dce` and the
//! DCE rules of higher-order primitives).
//!
//! The rules, the printer and the data builders gather results in hundreds of places. Written
//! as `iter().map(f).collect()`, each one is compiled into its own chain of iterator adapters
//! and vector builders; a plain loop is one small function, and the wasm module ships them all.

use crate::error::Result;

/// `f` applied to every item, in order.
pub fn map<I: IntoIterator, U>(items: I, mut f: impl FnMut(I::Item) -> U) -> Vec<U> {
    let items = items.into_iter();
    let mut out = Vec::with_capacity(items.size_hint().0);
    for item in items {
        out.push(f(item));
    }
    out
}

/// `f` applied to every item, in order, up to the first error.
pub fn try_map<I: IntoIterator, U>(
    items: I,
    mut f: impl FnMut(I::Item) -> Result<U>,
) -> Result<Vec<U>> {
    let items = items.into_iter();
    let mut out = Vec::with_capacity(items.size_hint().0);
    for item in items {
        out.push(f(item)?);
    }
    Ok(out)
}

/// How many flags are set.
pub fn count(flags: &[bool]) -> usize {
    flags.iter().filter(|&&f| f).count()
}

/// The items of `items` whose flag is set.
pub fn select<T: Clone>(items: &[T], keep: &[bool]) -> Vec<T> {
    let mut out = Vec::new();
    for (x, &k) in items.iter().zip(keep) {
        if k {
            out.push(x.clone());
        }
    }
    out
}

/// Elementwise `a || b`.
pub fn union(a: &[bool], b: &[bool]) -> Vec<bool> {
    let mut out = a.to_vec();
    for (o, &y) in out.iter_mut().zip(b) {
        *o |= y;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    #[test]
    fn map_keeps_order_and_try_map_stops_at_the_first_error() {
        assert_eq!(map([1, 2, 3], |x| x * 10), [10, 20, 30]);
        let mut seen = Vec::new();
        let out = try_map([1, 2, 3], |x| {
            seen.push(x);
            if x == 2 {
                Err(Error::internal("two"))
            } else {
                Ok(x)
            }
        });
        assert!(out.is_err());
        assert_eq!(seen, [1, 2]);
        assert_eq!(try_map(Vec::<i32>::new(), Ok).unwrap(), Vec::<i32>::new());
    }
}
