//! Sine and cosine of f32 values for the `sin` and `cos` primitives. The argument is first
//! reduced to `x = q·π/2 + r` with `|r| ≤ π/4`, to within 2^-64 of a quarter turn; the Taylor
//! series of `sin r` or `cos r` is then summed in f64 and rounded once to f32.
//!
//! Why not `f32::sin`: on wasm it is libm's, whose reduction is written for f64 arguments and
//! brings a large general routine along. An f32 argument has 24 significant bits and an exponent
//! below 128, so one 128-bit product with a 96-bit window of 2/π reduces any of them. Even the
//! f32 closest to a multiple of π/2 (`0x6f79be45`, 7.7e28, with `|r|` near 2^-29) keeps about 34
//! correct bits of `r`, more than the 24 an f32 result needs.

use std::f64::consts::{FRAC_PI_2, FRAC_PI_4};

/// The first 224 bits of 2/π after the binary point, most significant word first: enough for a
/// 96-bit window starting anywhere an f32's exponent can ask for.
const TWO_OVER_PI: [u32; 7] = [
    0xA2F9_836E,
    0x4E44_1529,
    0xFC27_57D1,
    0xF534_DDC0,
    0xDB62_9599,
    0x3C43_9041,
    0xFE51_63AB,
];

pub fn sin(x: f32) -> f32 {
    sin_after_quarter_turns(x, 0)
}

/// `cos x = sin(x + π/2)`: one more quarter turn.
pub fn cos(x: f32) -> f32 {
    sin_after_quarter_turns(x, 1)
}

/// `sin(x + turns·π/2)`.
fn sin_after_quarter_turns(x: f32, turns: u32) -> f32 {
    let (quadrant, r) = reduce(x);
    let turn = quadrant.wrapping_add(turns) & 3;
    let value = if turn & 1 == 0 {
        r * series(&SIN_OVER_R, r * r)
    } else {
        series(&COS, r * r)
    };
    (if turn & 2 == 0 { value } else { -value }) as f32
}

/// `(q, r)` with `x = q·π/2 + r` and `|r| ≤ π/4`, of which only `q` mod 4 matters; NaN for
/// infinities and NaN.
fn reduce(x: f32) -> (u32, f64) {
    if f64::from(x).abs() <= FRAC_PI_4 {
        return (0, f64::from(x));
    }
    if !x.is_finite() {
        return (0, f64::NAN);
    }
    // |x| = mantissa · 2^exponent, and x·2/π sums mantissa · 2^(exponent - k) over the bits k of
    // 2/π (k = 1 is the first after the point). Bits with k < exponent - 1 add multiples of 4,
    // which leave the quadrant and r alone, so the window starts at k = exponent - 1. The bits
    // past the window's 96 are worth less than 2^-70 of a quarter turn, and the fraction kept
    // below is cut to 64 bits: 2^-64 of a quarter turn at most.
    let bits = x.to_bits() & 0x7fff_ffff;
    let exponent = (bits >> 23) as i32 - 150;
    let mantissa = u128::from(bits & 0x7f_ffff | 0x80_0000);
    let first = (exponent - 1).max(1) as usize;
    let word = (first - 1) / 32;
    let words = TWO_OVER_PI[word..word + 4].iter();
    let window = words.fold(0u128, |acc, &w| acc << 32 | u128::from(w)) << ((first - 1) % 32) >> 32;
    // |x|·2/π = product · 2^-point, with point between 94 and 120.
    let product = mantissa * window;
    let point = first as i32 + 95 - exponent;
    let whole = (product >> point) as u32;
    // The fraction's top 64 bits read as signed are the fraction minus 1 when it is ½ or more:
    // the remainder to the nearest quarter turn, which then counts one more.
    let fraction = ((product << (128 - point)) >> 64) as u64 as i64;
    let quadrant = whole.wrapping_add(u32::from(fraction < 0));
    let r = fraction as f64 * (FRAC_PI_2 / 18_446_744_073_709_551_616.0);
    if x < 0.0 {
        (quadrant.wrapping_neg(), -r)
    } else {
        (quadrant, r)
    }
}

/// `sin r / r` and `cos r` as series in `r²`: the first term left out is below 2^-45 for
/// `|r| ≤ π/4`, far under an f32's rounding.
const SIN_OVER_R: [f64; 7] = alternating_inverse_factorials(1);
const COS: [f64; 8] = alternating_inverse_factorials(0);

/// `(-1)^n / (2n + start)!` for n = 0, 1, ...
const fn alternating_inverse_factorials<const N: usize>(start: u32) -> [f64; N] {
    let mut coefficients = [0.0; N];
    let mut term = 1.0;
    let mut k = 1;
    while k <= start {
        term /= k as f64;
        k += 1;
    }
    let mut n = 0;
    while n < N {
        coefficients[n] = term;
        term = -term / ((k * (k + 1)) as f64);
        k += 2;
        n += 1;
    }
    coefficients
}

/// `Σ coefficients[n] · r2^n` by Horner's rule.
fn series(coefficients: &[f64], r2: f64) -> f64 {
    coefficients.iter().rev().fold(0.0, |sum, c| sum * r2 + c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units in the last place between two f32 results of the same sign (or both zero).
    fn ulps(a: f32, b: f32) -> u32 {
        if a.is_nan() && b.is_nan() {
            return 0;
        }
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
    }

    /// Compares with the f64 functions rounded once: the same up to a last-place tie that the
    /// two f64 approximations break differently, which is rare.
    fn check(values: impl Iterator<Item = f32>) -> (usize, usize) {
        let (mut checked, mut off_by_one) = (0, 0);
        for x in values {
            for (ours, reference) in [
                (sin(x), f64::from(x).sin() as f32),
                (cos(x), f64::from(x).cos() as f32),
            ] {
                let apart = ulps(ours, reference);
                assert!(
                    apart <= 1,
                    "x = {x:e} ({:#x}): {ours:e} vs {reference:e}",
                    x.to_bits()
                );
                off_by_one += apart as usize;
                checked += 1;
            }
        }
        (checked, off_by_one)
    }

    #[test]
    fn matches_f64_sine_and_cosine_over_every_exponent() {
        let mut bits = 0x9e37_79b9_u32;
        let randoms = (0..1_000_000).map(move |_| {
            bits ^= bits << 13;
            bits ^= bits >> 17;
            bits ^= bits << 5;
            f32::from_bits(bits)
        });
        let (checked, off_by_one) = check(randoms);
        assert!(
            off_by_one * 100_000 < checked,
            "{off_by_one} of {checked} one place off"
        );
    }

    #[test]
    fn values_near_multiples_of_a_quarter_turn_keep_their_precision() {
        // Where r nearly cancels: the f32 values nearest k·π/2 for small k, with their
        // neighbours (past 2^25 the f32 spacing exceeds π/2, so "nearest" means nothing there),
        // and the inputs with the smallest |r| of all f32, found by a search over every one:
        // |r| near 2^-29.2, 2^-28.9, 2^-28.2 and 2^-27.8.
        let nearest = (1..20_000).map(|k| (k as f64 * FRAC_PI_2) as f32);
        let around = nearest.flat_map(|v| {
            (-2..=2).map(move |d: i32| f32::from_bits(v.to_bits().wrapping_add_signed(d)))
        });
        let hardest = [0x6f79_be45, 0x50a3_e87f, 0x6ff9_be45, 0x437c_e5f1].map(f32::from_bits);
        let specials = [
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            1e-45,
            f32::MAX,
            f32::MIN,
            FRAC_PI_4 as f32,
        ];
        let (checked, off_by_one) = check(around.chain(hardest).chain(specials));
        assert!(
            off_by_one * 10_000 < checked,
            "{off_by_one} of {checked} one place off"
        );
        assert_eq!(sin(-0.0).to_bits(), (-0.0f32).to_bits());
        for x in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
            assert!(sin(x).is_nan() && cos(x).is_nan());
        }
    }

    #[test]
    fn series_coefficients_are_the_inverse_factorials() {
        assert_eq!(SIN_OVER_R[..3], [1.0, -1.0 / 6.0, 1.0 / 120.0]);
        assert_eq!(COS[..3], [1.0, -0.5, 1.0 / 24.0]);
    }
}
