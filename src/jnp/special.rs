//! `jax.scipy.special` functions with a body of their own (the others share `jnp::nn`'s or are
//! one primitive): `ndtri`, the normal quantile, with JAX 0.10.2's Cephes rational
//! approximations evaluated in float32 in JAX's order.

use super::binary;
use super::math::{constant_like, select};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::primitives::math::{ops, MathOp};
use crate::trace::Value;

const P0: [f64; 5] = [
    -5.996_335_010_141_079e1,
    9.800_107_541_859_997e1,
    -5.667_628_574_690_703e1,
    1.393_126_093_872_796_8e1,
    -1.239_165_838_673_812_6,
];
const Q0: [f64; 9] = [
    1.0,
    1.954_488_583_381_417_6,
    4.676_279_128_988_815,
    8.636_024_213_908_905e1,
    -2.254_626_878_541_193_7e2,
    2.002_602_123_800_606_6e2,
    -8.203_722_561_683_334e1,
    1.590_562_251_262_117e1,
    -1.183_316_211_213_3,
];
const P1: [f64; 9] = [
    4.055_448_923_059_624,
    3.152_510_945_998_938_6e1,
    5.716_281_922_464_213e1,
    4.408_050_738_932_008e1,
    1.468_495_619_288_580_2e1,
    2.186_633_068_507_902_7,
    -1.402_560_791_713_545e-1,
    -3.504_246_268_278_482e-2,
    -8.574_567_851_546_854e-4,
];
const Q1: [f64; 9] = [
    1.0,
    1.577_998_832_564_667_5e1,
    4.539_076_351_288_792e1,
    4.131_720_382_546_72e1,
    1.504_253_856_929_075e1,
    2.504_649_462_083_094,
    -1.421_829_228_547_877_9e-1,
    -3.808_064_076_915_783e-2,
    -9.332_594_808_954_574e-4,
];
const P2: [f64; 9] = [
    3.237_748_917_769_460_4,
    6.915_228_890_689_842,
    3.938_810_252_924_744_5,
    1.333_034_608_158_075_4,
    2.014_853_895_491_790_8e-1,
    1.237_166_348_178_200_2e-2,
    3.015_815_535_082_354e-4,
    2.658_069_746_867_375_5e-6,
    6.239_745_391_849_833e-9,
];
const Q2: [f64; 9] = [
    1.0,
    6.024_270_393_647_42,
    3.679_835_638_561_608_7,
    1.377_020_994_890_813_3,
    2.162_369_935_944_966_3e-1,
    1.342_040_060_885_431_9e-2,
    3.280_144_646_821_277_4e-4,
    2.892_478_647_453_806_8e-6,
    6.790_194_080_099_813e-9,
];

/// `jnp.polyval(coeffs, x)` as JAX's scan computes it: Horner's rule from 0.
fn polyval(coeffs: &[f64], x: &Value) -> Result<Value> {
    let mut y = lax::broadcast_in_dim(&constant_like(x, 0.0)?, x.shape(), Vec::new())?;
    for &c in coeffs {
        y = binary(
            BinaryOp::Add,
            &binary(BinaryOp::Mul, &y, x)?,
            &constant_like(x, c)?,
        )?;
    }
    Ok(y)
}

/// `jax.scipy.special.ndtri`: the inverse of the standard normal CDF (-inf at 0, inf at 1,
/// NaN outside [0, 1]).
pub fn ndtri(p: &Value) -> Result<Value> {
    let dtype = p.aval().dtype;
    if !dtype.is_float() {
        return Err(Error::Signature {
            message: format!(
                "x.dtype={dtype} is not supported, see docstring for supported types."
            ),
        });
    }
    let c = |v: f64| constant_like(p, v);
    let op = |o: BinaryOp, a: &Value, b: &Value| binary(o, a, b);
    let big_p = lax::compare(CompareOp::Gt, p, &c(-(-2f64).exp_m1())?)?;
    let mcp = select(&big_p, &op(BinaryOp::Sub, &c(1.0)?, p)?, p)?;
    let zero = lax::compare(CompareOp::Eq, &mcp, &c(0.0)?)?;
    let half = lax::broadcast_in_dim(&c(0.5)?, p.shape(), Vec::new())?;
    let mcp = select(&zero, &half, &mcp)?;

    let w = op(BinaryOp::Sub, &mcp, &c(0.5)?)?;
    let ww = ops::math(MathOp::Square, &w)?;
    let ratio = op(BinaryOp::Div, &polyval(&P0, &ww)?, &polyval(&Q0, &ww)?)?;
    let x_big = op(
        BinaryOp::Add,
        &w,
        &op(BinaryOp::Mul, &op(BinaryOp::Mul, &w, &ww)?, &ratio)?,
    )?;
    let x_big = op(
        BinaryOp::Mul,
        &x_big,
        &c(-(2.0 * std::f64::consts::PI).sqrt())?,
    )?;

    let log = |v: &Value| lax::unary(UnaryOp::Log, v);
    let z = ops::math(MathOp::Sqrt, &op(BinaryOp::Mul, &c(-2.0)?, &log(&mcp)?)?)?;
    let first = op(BinaryOp::Sub, &z, &op(BinaryOp::Div, &log(&z)?, &z)?)?;
    let second = |num: &[f64], den: &[f64]| -> Result<Value> {
        let num = polyval(num, &op(BinaryOp::Div, &c(1.0)?, &z)?)?;
        let den = polyval(den, &op(BinaryOp::Div, &c(1.0)?, &z)?)?;
        op(BinaryOp::Div, &op(BinaryOp::Div, &num, &den)?, &z)
    };
    let x_small = op(BinaryOp::Sub, &first, &second(&P2, &Q2)?)?;
    let x_other = op(BinaryOp::Sub, &first, &second(&P1, &Q1)?)?;

    let in_middle = lax::compare(CompareOp::Gt, &mcp, &c((-2f64).exp())?)?;
    let far = lax::compare(CompareOp::Ge, &z, &c(8.0)?)?;
    let tail = select(&far, &x_small, &x_other)?;
    let x = select(&in_middle, &x_big, &tail)?;
    let upper = lax::compare(CompareOp::Gt, p, &c(1.0 - (-2f64).exp())?)?;
    let x = select(&upper, &x, &lax::unary(UnaryOp::Neg, &x)?)?;
    let inf = lax::broadcast_in_dim(&c(f64::INFINITY)?, p.shape(), Vec::new())?;
    let at_zero = lax::compare(CompareOp::Eq, p, &c(0.0)?)?;
    let at_one = lax::compare(CompareOp::Eq, p, &c(1.0)?)?;
    let x = select(&at_one, &inf, &x)?;
    select(&at_zero, &lax::unary(UnaryOp::Neg, &inf)?, &x)
}
