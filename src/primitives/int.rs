//! The integer element types (`int32`, `uint32`, `uint8`) behind one trait, so a kernel that
//! means the same on each (wrapping arithmetic, bounds, bit operations) is written once.

use std::ops::{BitAnd, BitOr, BitXor, Not};

pub(crate) trait Int:
    Copy
    + Ord
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    const MIN: Self;
    const MAX: Self;
    const ZERO: Self;
    const ONE: Self;
    fn wrapping_add(self, b: Self) -> Self;
    fn wrapping_mul(self, b: Self) -> Self;
    fn checked_rem(self, b: Self) -> Option<Self>;
}

macro_rules! int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            const MIN: $t = <$t>::MIN;
            const MAX: $t = <$t>::MAX;
            const ZERO: $t = 0;
            const ONE: $t = 1;
            fn wrapping_add(self, b: $t) -> $t {
                <$t>::wrapping_add(self, b)
            }
            fn wrapping_mul(self, b: $t) -> $t {
                <$t>::wrapping_mul(self, b)
            }
            fn checked_rem(self, b: $t) -> Option<$t> {
                <$t>::checked_rem(self, b)
            }
        }
    )*};
}
int!(i32, u32, u8);
