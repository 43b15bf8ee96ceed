//! The shortest decimal that reads back as a given f32, or as the f64 of the same value, for
//! printing literals the way Python prints floats (JAX writes an f32 literal as Python's `repr` of
//! `float(np.float32(v))`: `0.10000000149011612`). Burger and Dybvig's free-format algorithm ("Printing Floating-Point
//! Numbers Quickly and Accurately", 1996) on exact integers: generate digits of `v` until the
//! rest is within the interval of reals that round to `v`, then pick the closer last digit.
//! Among the shortest candidates that gives the one closest to `v`, and a tie goes up, as
//! Rust's `{:e}` does (the tests compare the two). Printing is rare and values are few, so the
//! arithmetic is plain schoolbook on a fixed-size integer, not a fast path.

use std::cmp::Ordering;

/// An unsigned integer of 224 bits, enough for every scaled value the algorithm forms for an
/// f32's value: the common denominator is at most 2^180 (the smallest subnormal, 2^-149, as a
/// 53-bit f64 significand), the value scaled to its first digit and then by 10 stays under ten
/// times that, and large values need under 2^140.
#[derive(Clone, PartialEq, Eq)]
struct Big([u32; 7]);

// The operations stay out of line: inlined, each limb loop is unrolled at every use.
impl Big {
    fn from(v: u64) -> Big {
        let mut limbs = [0; 7];
        limbs[0] = v as u32;
        limbs[1] = (v >> 32) as u32;
        Big(limbs)
    }

    /// `self · k^n`.
    #[inline(never)]
    fn scale(&mut self, k: u32, n: i32) {
        for _ in 0..n {
            let mut carry = 0u64;
            for limb in &mut self.0 {
                let wide = u64::from(*limb) * u64::from(k) + carry;
                *limb = wide as u32;
                carry = wide >> 32;
            }
        }
    }

    #[inline(never)]
    fn add(&mut self, other: &Big) {
        let mut carry = 0u64;
        for (limb, &o) in self.0.iter_mut().zip(&other.0) {
            let wide = u64::from(*limb) + u64::from(o) + carry;
            *limb = wide as u32;
            carry = wide >> 32;
        }
    }

    /// `self - other`, for `self >= other`.
    #[inline(never)]
    fn subtract(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (limb, &o) in self.0.iter_mut().zip(&other.0) {
            let wide = i64::from(*limb) - i64::from(o) - borrow;
            *limb = wide as u32;
            borrow = i64::from(wide < 0);
        }
    }

    /// Whether `self + gap` passes `bound`, or reaches it when the interval's ends count.
    #[inline(never)]
    fn reaches(&self, gap: &Big, bound: &Big, inclusive: bool) -> bool {
        let mut sum = self.clone();
        sum.add(gap);
        past(sum.cmp(bound), inclusive)
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    // Out of line like the arithmetic above.
    #[inline(never)]
    fn cmp(&self, other: &Big) -> Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

fn past(order: Ordering, inclusive: bool) -> bool {
    order == Ordering::Greater || (inclusive && order == Ordering::Equal)
}

/// The shortest significant digits (no trailing zeros) that read back as `v`, a positive finite
/// f32, and the decimal exponent of the first of them: `1234.5` gives `(12345, 3)`.
pub fn shortest_digits(v: f32) -> (u64, i32) {
    let (m, e) = parts(v);
    let field = v.to_bits() >> 23;
    // Below a power of two (bar the smallest normal) the gap below is half the gap above.
    shortest(u64::from(m), e, m == 1 << 23 && field > 1)
}

/// The shortest significant digits that read back as `v` in f64 (Python's `repr(float(v))`),
/// for `v` a positive finite f32, and the decimal exponent of the first of them.
pub fn shortest_digits_f64(v: f32) -> (u64, i32) {
    let (m, e) = parts(v);
    // The same value with f64's 53-bit significand; every f32 is a normal f64.
    let shift = 53 - (64 - u64::from(m).leading_zeros() as i32);
    let m = u64::from(m) << shift;
    shortest(m, e - shift, m == 1 << 52)
}

/// `v = m·2^e` with `m` the 24-bit significand (fewer bits for a subnormal).
fn parts(v: f32) -> (u32, i32) {
    let bits = v.to_bits();
    let (field, fraction) = ((bits >> 23) as i32, bits & 0x7f_ffff);
    if field == 0 {
        (fraction, -149)
    } else {
        (fraction | 1 << 23, field - 150)
    }
}

/// The shortest digits of `m·2^e` that read back as it in a format whose neighbours lie one
/// unit of `m` away, or half a unit below when `uneven`.
fn shortest(m: u64, e: i32, uneven: bool) -> (u64, i32) {
    // v = m·2^e. The reals that round to v are those within half a gap of it. All are scaled to
    // integers over a common denominator: v = rest/scale, the half-gaps are below/scale and
    // above/scale.
    let twice = if uneven { 4 } else { 2 };
    let (mut rest, mut scale, mut below) = (Big::from(m * twice), Big::from(twice), Big::from(1));
    if e >= 0 {
        rest.scale(2, e);
        below.scale(2, e);
    } else {
        scale.scale(2, -e);
    }
    let mut above = below.clone();
    above.scale(2, i32::from(uneven));
    // Round-half-even reading puts the interval's ends in it when m is even.
    let inclusive = m.is_multiple_of(2);
    // k: the smallest exponent with v's interval below 10^k. An estimate from floor(log2 v),
    // lowered by one so that it is never too high, is corrected upwards by the loop.
    let log2 = e + (64 - m.leading_zeros() as i32) - 1;
    let mut k = (log2 * 1233).div_euclid(4096) - 1;
    if k >= 0 {
        scale.scale(10, k);
    } else {
        for x in [&mut rest, &mut below, &mut above] {
            x.scale(10, -k);
        }
    }
    while rest.reaches(&above, &scale, inclusive) {
        scale.scale(10, 1);
        k += 1;
    }
    let (mut digits, mut count) = (0u64, 0);
    loop {
        for x in [&mut rest, &mut below, &mut above] {
            x.scale(10, 1);
        }
        let mut digit = 0;
        while rest >= scale {
            rest.subtract(&scale);
            digit += 1;
        }
        digits = digits * 10 + digit;
        count += 1;
        let low = past(below.cmp(&rest), inclusive);
        let high = rest.reaches(&above, &scale, inclusive);
        if low || high {
            let mut doubled = rest.clone();
            doubled.add(&rest);
            if high && (!low || doubled >= scale) {
                digits += 1;
            }
            break;
        }
    }
    // A last digit rounded up from 9 carries, possibly into a new first digit (9.9 -> 10).
    let mut exponent = k - 1;
    if digits >= 10u64.pow(count) {
        exponent += 1;
    }
    while digits % 10 == 0 {
        digits /= 10;
    }
    (digits, exponent)
}
