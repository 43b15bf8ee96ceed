//! f32 kernels computed as XLA's CPU backend computes them in JAX 0.10.2, so values match JAX's
//! bit for bit rather than only to an ulp: `exp` (Cephes' polynomial after a Cody-Waite range
//! reduction, with fused multiply-adds), `log` (Cephes' polynomial with fused multiply-adds),
//! `log1p` (Cephes' rational function below `sqrt(2) - 1`, `log(1 + x)` above), `erf_inv`
//! (Giles' polynomials in `w = -log1p(-x²)`, evaluated with fused multiply-adds), `tanh`
//! (Eigen's rational function on a clamped input), `logistic` (`1 / (1 + exp(-x))`, as XLA
//! expands it), `erf` (Eigen's odd/even rational function with fused multiply-adds, ±1 past
//! `|x| > 3.83`), and `tan` and `pow`, for which XLA calls the C library's `tanf` and `powf`
//! (Rust's `f32::tan` and `f32::powf` call the same functions natively; on wasm Rust's own
//! `libm` port may differ by an ulp).
//!
//! XLA's CPU code treats subnormal inputs as zero (denormals-are-zero), so these do too:
//! `log(1e-40)` is `-inf` in JAX, and `erf_inv` flushes a subnormal result to zero. Checked
//! bit for bit against `jax.jit(jnp.log)`, `jnp.log1p` and `jax.scipy.special.erfinv` on every
//! f32 `±k·2^-23` in `(-1, 1)` (what `jax.random.uniform` makes) and 8 million random bit
//! patterns (41 million inputs each, no difference); `exp`, `tanh` and `logistic` against
//! `jax.jit(jnp.exp)`, `jnp.tanh` and `jax.nn.sigmoid` on every one of the 2^32 f32 bit
//! patterns (no difference; Rust's `f32::exp` differs on 6% of 20 million sampled inputs). The
//! samplers' oracle (`tests/engine_random_more.rs`), the special values and the hashed million
//! inputs below keep them so. `erf` and `tan` were compared with `jax.lax.erf` and `jnp.tan` on
//! 4 million random bit patterns, 4 million normal draws and a dense grid of `[-5, 5]`, and
//! `pow` with `jnp.power` on 2 million pairs (no difference), except that `pow` of a subnormal
//! operand differs: XLA runs `powf` with denormals-are-zero set in the CPU, which no portable
//! code reproduces.

/// A subnormal as the zero of its sign, as XLA's CPU code reads it.
fn daz(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// `e^x`: `x` clamped to `[-87.8, 88.8]`, `n = floor(x·log2(e) + 1/2)` clamped to
/// `[-127, 127]`, `e^(x - n·ln 2)` by Cephes' polynomial, times `2^n` built from its exponent
/// bits (0 for `n = -127`); results below `2^-126` flush to zero.
pub fn exp(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    const P: [f32; 6] = [
        0.00019875691,
        0.0013981999,
        0.008333452,
        0.041665796,
        0.16666666,
        0.5,
    ];
    let x = daz(x).clamp(-87.8, 88.8);
    let n = x
        .mul_add(std::f32::consts::LOG2_E, 0.5)
        .floor()
        .clamp(-127.0, 127.0);
    // ln 2 in two parts (Cephes' C1 and C2), the first exact in few bits.
    let a = (-n).mul_add(0.6933594, x);
    let a = (-n).mul_add(-0.00021219444, a);
    let z = P[1..].iter().fold(P[0], |z, &c| z.mul_add(a, c));
    let z = 1.0 + z.mul_add(a * a, a);
    let pow2 = f32::from_bits(((n as i32 + 127) as u32) << 23);
    daz(z * pow2)
}

/// `tanh(x)`: `x` itself below `|x| < 0.0004`, else Eigen's rational function of `x` clamped
/// to where it reaches ±1.
pub fn tanh(x: f32) -> f32 {
    const NUMERATOR: [f32; 7] = [
        -2.7607684e-16,
        2.000188e-13,
        -8.604672e-11,
        5.1222973e-08,
        1.48572235e-05,
        0.00063726195,
        0.0048935246,
    ];
    const DENOMINATOR: [f32; 4] = [1.1982584e-06, 0.00011853471, 0.0022684347, 0.004893525];
    if x.abs() < 0.0004 {
        return x;
    }
    if x.is_nan() {
        return x;
    }
    let x = x.clamp(-7.9988117, 7.9988117);
    let x2 = x * x;
    let horner = |c: &[f32]| c[1..].iter().fold(c[0], |p, &c| x2.mul_add(p, c));
    x * horner(&NUMERATOR) / horner(&DENOMINATOR)
}

/// The logistic sigmoid, `1 / (1 + exp(-x))`, a subnormal result flushed to zero.
pub fn logistic(x: f32) -> f32 {
    daz(1.0 / (1.0 + exp(-x)))
}

/// `erf(x)`: `x·P(x²)/Q(x²)` (Eigen's `generic_fast_erf_float`), `±1` past `|x| > 3.8325`
/// (where the function rounds to ±1), subnormals flushed on the way in and out.
pub fn erf(x: f32) -> f32 {
    // Eigen's fitted coefficients; the last is near 2/sqrt(pi) but not its f32.
    #[allow(clippy::approx_constant)]
    const P: [f32; 5] = [
        0.00022905065,
        0.003408291,
        0.050955694,
        0.18520832,
        1.1283791,
    ];
    const Q: [f32; 7] = [
        -1.1791603e-7,
        2.3547966e-5,
        0.0010179626,
        0.01407047,
        0.11098505,
        0.49746925,
        1.0,
    ];
    let x = daz(x);
    // NaN fails the comparison and goes through the polynomial, as in XLA's select.
    if x.abs() > 3.832507 {
        return 1.0f32.copysign(x);
    }
    let x2 = x * x;
    let horner = |c: &[f32]| c[1..].iter().fold(c[0], |p, &c| x2.mul_add(p, c));
    daz(x * horner(&P) / horner(&Q))
}

/// `tan(x)`: the C library's `tanf`, which XLA calls.
pub fn tan(x: f32) -> f32 {
    x.tan()
}

/// `x^y`: the C library's `powf`, which XLA calls, a subnormal result flushed to zero.
pub fn pow(x: f32, y: f32) -> f32 {
    daz(x.powf(y))
}

/// Natural logarithm: NaN below zero, `-inf` at (flushed) zero.
pub fn log(x: f32) -> f32 {
    let x = daz(x);
    if x.is_nan() || x < 0.0 {
        return f32::NAN;
    }
    if x == 0.0 {
        return f32::NEG_INFINITY;
    }
    if x == f32::INFINITY {
        return x;
    }
    const P: [f32; 9] = [
        0.070376836,
        -0.1151461,
        0.116769984,
        -0.12420141,
        0.14249323,
        -0.16668057,
        0.20000714,
        -0.24999994,
        0.3333333,
    ];
    // The mantissa in [0.5, 1) and the exponent, shifted to [sqrt(1/2), sqrt(2)) - 1.
    let bits = x.to_bits();
    let mut e = ((bits >> 23) as i32 - 0x7e) as f32;
    let mut m = f32::from_bits((bits & !0x7f80_0000) | 0.5f32.to_bits());
    if m < std::f32::consts::FRAC_1_SQRT_2 {
        e -= 1.0;
        m = m + m - 1.0;
    } else {
        m -= 1.0;
    }
    let x2 = m * m;
    let x3 = x2 * m;
    let y = P[0].mul_add(m, P[1]).mul_add(m, P[2]);
    let y1 = P[3].mul_add(m, P[4]).mul_add(m, P[5]);
    let y2 = P[6].mul_add(m, P[7]).mul_add(m, P[8]);
    let y = y.mul_add(x3, y1).mul_add(x3, y2);
    let y = y.mul_add(x3, -0.00021219444 * e);
    let r = m - 0.5 * x2 + y;
    r + 0.6933594 * e
}

/// `log(1 + x)`.
pub fn log1p(x: f32) -> f32 {
    const NUMERATOR: [f32; 7] = [
        4.527e-05, 0.49854103, 6.5787325, 29.911919, 60.94967, 57.112965, 20.039553,
    ];
    const DENOMINATOR: [f32; 7] = [
        1.0, 15.062909, 83.04757, 221.7624, 309.09872, 216.42789, 60.11866,
    ];
    let x = daz(x);
    // NaN takes this branch too, as in XLA's select on `|x| < sqrt(2) - 1`.
    if x.abs() >= 0.41421357 || x.is_nan() {
        return log(x + 1.0);
    }
    let horner = |c: &[f32; 7]| c.iter().fold(0.0f32, |p, &c| p.mul_add(x, c));
    let x2 = x * x;
    let small = x * x2 * (horner(&NUMERATOR) / horner(&DENOMINATOR));
    x + (-0.5f32).mul_add(x2, small)
}

/// The inverse error function: `±inf` at `±1`, NaN outside `[-1, 1]`.
pub fn erf_inv(x: f32) -> f32 {
    const SMALL: [f32; 9] = [
        2.8102264e-08,
        3.4327394e-07,
        -3.5233877e-06,
        -4.3915065e-06,
        0.00021858087,
        -0.001253725,
        -0.0041776816,
        0.24664073,
        1.5014094,
    ];
    const LARGE: [f32; 9] = [
        -0.00020021426,
        0.00010095056,
        0.0013493432,
        -0.0036734284,
        0.0057395077,
        -0.0076224613,
        0.0094388705,
        1.001674,
        2.8329768,
    ];
    let x = daz(x);
    if x.abs() == 1.0 {
        return x * f32::INFINITY;
    }
    let w = -log1p(-(daz(x * x)));
    let (c, w) = if w < 5.0 {
        (&SMALL, w - 2.5)
    } else {
        (&LARGE, w.sqrt() - 3.0)
    };
    // A subnormal result is flushed to zero as well.
    daz(c[1..].iter().fold(c[0], |p, &c| p.mul_add(w, c)) * x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(input, output)` bit patterns recorded from JAX 0.10.2 on CPU (`jax.jit(jnp.log)` etc.).
    fn check(f: fn(f32) -> f32, cases: &[(f32, f32)]) {
        for &(x, want) in cases {
            let got = f(x);
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "f({x:e}) = {got:e}, JAX gives {want:e}"
            );
        }
    }

    #[test]
    fn special_values_as_in_jax() {
        let (inf, nan) = (f32::INFINITY, f32::NAN);
        check(
            log,
            &[
                (1e-40, -inf),
                (-1e-40, -inf),
                (0.0, -inf),
                (-0.0, -inf),
                (inf, inf),
                (-inf, nan),
                (nan, nan),
                (-1.0, nan),
                (1.0, 0.0),
            ],
        );
        check(
            exp,
            &[
                (0.0, 1.0),
                (1e-40, 1.0),
                (inf, inf),
                (-inf, 0.0),
                (nan, nan),
                (88.72283, 3.4027977e38),
                (88.7229, inf),
                (-87.33654, 1.1754997e-38),
                (-87.34, 0.0),
                (1.0, 2.7182817),
            ],
        );
        check(
            tanh,
            &[
                (1e-40, 1e-40),
                (-0.0, -0.0),
                (inf, 1.0),
                (-inf, -1.0),
                (nan, nan),
                (0.5, 0.46211717),
            ],
        );
        check(
            logistic,
            &[
                (0.0, 0.5),
                (17.0, 1.0),
                (-88.0, 0.0),
                (-87.0, 1.6458116e-38),
                (inf, 1.0),
                (-inf, 0.0),
                (nan, nan),
            ],
        );
        check(
            log1p,
            &[
                (1e-40, 0.0),
                (-1e-40, -0.0),
                (-1.0, -inf),
                (-2.0, nan),
                (inf, inf),
                (-inf, nan),
                (nan, nan),
                (1e-30, 1e-30),
            ],
        );
        check(
            erf_inv,
            &[
                (1.0, inf),
                (-1.0, -inf),
                (0.0, 0.0),
                (-0.0, -0.0),
                (1e-40, 0.0),
                (2.0, nan),
                (nan, nan),
            ],
        );
        check(
            erf,
            &[
                (0.0, 0.0),
                (-0.0, -0.0),
                (1e-40, 0.0),
                (inf, 1.0),
                (-inf, -1.0),
                (nan, nan),
            ],
        );
        let pow2 = |cases: &[(f32, f32, f32)]| {
            for &(x, y, want) in cases {
                let got = pow(x, y);
                assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()));
            }
        };
        pow2(&[
            (2.0, 0.5, std::f32::consts::SQRT_2),
            (0.0, -1.0, inf),
            (-8.0, 1.0 / 3.0, nan),
            (3.0, 2.0, 9.0),
            (10.0, -40.0, 0.0),
        ]);
    }

    /// FNV-1a over the output bits (NaNs as `0x7fc00000`) of 2^20 inputs spread over every
    /// f32 bit pattern (`(4099·i + 12345) mod 2^32`), compared with the same hash of JAX
    /// 0.10.2's outputs (`jax.jit(jnp.exp)`, `jnp.tanh`, `jax.nn.sigmoid`, `jnp.log`,
    /// `jnp.log1p`, `jax.scipy.special.erfinv` on CPU).
    #[test]
    fn a_million_bit_patterns_hash_as_in_jax() {
        let hash = |f: fn(f32) -> f32| {
            (0u64..1 << 20).fold(0xcbf2_9ce4_8422_2325u64, |h, i| {
                let x = f32::from_bits((i * 4099 + 12345) as u32);
                let y = f(x);
                let bits = if y.is_nan() { 0x7fc0_0000 } else { y.to_bits() };
                (h ^ u64::from(bits)).wrapping_mul(0x100_0000_01b3)
            })
        };
        assert_eq!(hash(exp), 0x45dc_1252_0834_a13c, "exp");
        assert_eq!(hash(tanh), 0xeecc_9680_4e6a_19e9, "tanh");
        assert_eq!(hash(logistic), 0x6278_c685_ccb2_028b, "logistic");
        assert_eq!(hash(log), 0x08c5_a442_96f6_bb0e, "log");
        assert_eq!(hash(log1p), 0xdf9d_2cc5_d7dc_d04f, "log1p");
        assert_eq!(hash(erf_inv), 0xd4e6_9c39_2684_c06f, "erf_inv");
        assert_eq!(hash(erf), 0x4d80_571f_8c67_7c1d, "erf");
        assert_eq!(hash(tan), 0x5d06_3ef8_3f80_d4dd, "tan");
        // `|x|^0.37`, subnormal `x` replaced by 1 (XLA's `powf` of those runs under DAZ).
        let pow_normal = |x: f32| pow(if x.is_subnormal() { 1.0 } else { x.abs() }, 0.37);
        assert_eq!(hash(pow_normal), 0x03e2_528d_507b_4801, "pow");
    }
}
