//! `jax.numpy`'s elementwise mathematics: rounding, powers, roots, hyperbolic and inverse
//! trigonometric functions, logarithms, floating-point tests, logical and bitwise operations,
//! `clip`, `where`, `isclose` and friends. The NumPy-level logic is in `crate::jnp::math`.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::{Error, Result};
use crate::jnp::math::{self as m};
use crate::primitives::bitwise::BitwiseOp;
use crate::primitives::elementwise::CompareOp;
use crate::primitives::math::{MathBinaryOp, MathOp};

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Numpy, $($t)*) };
}

/// `(x1, x2, /)`.
fn two(a: &Args) -> Result<(crate::trace::Value, crate::trace::Value)> {
    Ok((a.array("x1")?, a.array("x2")?))
}

fn inexact(a: &Args, op: MathOp) -> Result<Output> {
    out(m::inexact_unary(op, &a.array("x")?))
}

fn inexact2(a: &Args, name: &'static str, op: MathBinaryOp) -> Result<Output> {
    let (x, y) = two(a)?;
    out(m::inexact_binary(name, op, &x, &y))
}

fn bitwise2(a: &Args, x: &str, y: &str, op: BitwiseOp) -> Result<Output> {
    out(m::bitwise_binary(op, &a.array(x)?, &a.array(y)?))
}

fn logical2(a: &Args, op: BitwiseOp) -> Result<Output> {
    let (x, y) = two(a)?;
    out(m::logical(op, &x, &y))
}

/// `jnp.power(x1, x2)`: a Python int exponent gives `integer_pow`, as in JAX.
fn power(a: &Args) -> Result<Output> {
    let x = a.array("x1")?;
    match a.get("x2")? {
        Arg::Int(n) => out(m::integer_power(&x, *n)),
        Arg::Bool(b) => out(m::integer_power(&x, i64::from(*b))),
        _ => out(m::power(&x, &a.array("x2")?)),
    }
}

fn round(a: &Args) -> Result<Output> {
    out(m::round(&a.array("a")?, a.int("decimals")?))
}

fn float_param(a: &Args, name: &str) -> Result<f64> {
    a.float(name)
}

fn isclose_args(a: &Args) -> Result<(f64, f64, bool)> {
    Ok((
        float_param(a, "rtol")?,
        float_param(a, "atol")?,
        a.bool("equal_nan")?,
    ))
}

const VAL: Param = p("val", K::Array, D::Required).positional();
const X_Y: &[Param] = &[X, Y];
const ROUND: &[Param] = &[A, p("decimals", K::Int, D::Int(0)), OUT];
const INF_TEST: &[Param] = &[X, p("out", K::Unsupported, D::None)];
const FMAX: &[Param] = &[
    p("x1", K::Array, D::Required),
    p("x2", K::Array, D::Required),
];
const CLOSE: &[Param] = &[
    A,
    p("b", K::Array, D::Required),
    p("rtol", K::Float, D::Float(1e-5)),
    p("atol", K::Float, D::Float(1e-8)),
    p("equal_nan", K::Bool, D::Bool(false)),
];
const A1_A2: [Param; 2] = [
    p("a1", K::Array, D::Required),
    p("a2", K::Array, D::Required),
];

pub static FUNCTIONS: &[Function] = &[
    // ------------------------------------------------------------ roots and powers
    f!("sqrt", UNARY, "Elementwise square root (float32 for integers).", |a| inexact(a, MathOp::Sqrt)),
    f!("cbrt", UNARY, "Elementwise cube root (float32 for integers).", |a| inexact(a, MathOp::Cbrt)),
    f!("square", UNARY, "Elementwise x*x (integers stay integers).", |a| out(m::square(&a.array("x")?))),
    f!(
        "reciprocal",
        UNARY,
        "Elementwise 1/x (float32 for integers).",
        |a| out(m::reciprocal(&a.array("x")?))
    ),
    f!(
        "power",
        BINARY,
        "Elementwise x1**x2: `integer_pow` for a Python int exponent, repeated squaring for integer arrays.",
        power
    ),
    f!(
        "pow",
        BINARY,
        "Elementwise x1**x2 (alias of `power`).",
        power
    ),
    f!(
        "float_power",
        X_Y,
        "Elementwise x**y in floating point.",
        |a| out(m::inexact_binary("float_power", MathBinaryOp::Pow, &a.array("x")?, &a.array("y")?))
    ),
    // ------------------------------------------------------------ signs and rounding
    f!("abs", UNARY, "Elementwise absolute value.", |a| out(m::abs(&a.array("x")?))),
    f!("absolute", UNARY, "Elementwise absolute value.", |a| out(m::abs(&a.array("x")?))),
    f!(
        "fabs",
        UNARY,
        "Elementwise absolute value, in floating point.",
        |a| out(m::fabs(&a.array("x")?))
    ),
    f!("sign", UNARY, "Elementwise sign: -1, 0 or 1 (NaN for NaN).", |a| out(m::sign(&a.array("x")?))),
    f!(
        "floor",
        UNARY,
        "Elementwise floor (integers unchanged).",
        |a| out(m::floor_or_ceil(MathOp::Floor, &a.array("x")?))
    ),
    f!(
        "ceil",
        UNARY,
        "Elementwise ceiling (integers unchanged).",
        |a| out(m::floor_or_ceil(MathOp::Ceil, &a.array("x")?))
    ),
    f!(
        "trunc",
        &[p("x", K::Array, D::Required)],
        "Elementwise rounding towards zero.",
        "Inlined: JAX wraps it in a nested `jit[name=trunc]`.",
        |a| out(m::trunc(&a.array("x")?))
    ),
    f!(
        "round",
        ROUND,
        "Rounded to `decimals` places, half to even.",
        "Inlined: JAX wraps it in a nested `jit[name=round]`.",
        round
    ),
    f!(
        "around",
        ROUND,
        "Rounded to `decimals` places, half to even (alias of `round`).",
        "Inlined: JAX wraps it in a nested `jit[name=around]`.",
        round
    ),
    f!(
        "rint",
        UNARY,
        "Rounded to the nearest integer, half to even (float32 for integers).",
        "Inlined: JAX wraps it in a nested `jit[name=rint]`.",
        |a| out(m::rint(&a.array("x")?))
    ),
    f!(
        "signbit",
        UNARY,
        "Whether the sign bit is set (true for -0.0).",
        "Inlined: JAX wraps it in a nested `jit[name=signbit]`.",
        |a| out(m::signbit(&a.array("x")?))
    ),
    f!(
        "copysign",
        BINARY,
        "|x1| with the sign of x2.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::copysign(&x, &y))
        }
    ),
    // ------------------------------------------------------------ hyperbolic, inverse trig
    f!("tan", UNARY, "Elementwise tangent.", |a| inexact(a, MathOp::Tan)),
    f!("tanh", UNARY, "Elementwise hyperbolic tangent.", |a| inexact(a, MathOp::Tanh)),
    f!("sinh", UNARY, "Elementwise hyperbolic sine.", |a| inexact(a, MathOp::Sinh)),
    f!("cosh", UNARY, "Elementwise hyperbolic cosine.", |a| inexact(a, MathOp::Cosh)),
    f!("arcsin", UNARY, "Elementwise inverse sine.", |a| inexact(a, MathOp::Asin)),
    f!("asin", UNARY, "Elementwise inverse sine.", |a| inexact(a, MathOp::Asin)),
    f!("arccos", UNARY, "Elementwise inverse cosine.", |a| inexact(a, MathOp::Acos)),
    f!("acos", UNARY, "Elementwise inverse cosine.", |a| inexact(a, MathOp::Acos)),
    f!("arctan", UNARY, "Elementwise inverse tangent.", |a| inexact(a, MathOp::Atan)),
    f!("atan", UNARY, "Elementwise inverse tangent.", |a| inexact(a, MathOp::Atan)),
    f!("arcsinh", UNARY, "Elementwise inverse hyperbolic sine.", |a| inexact(a, MathOp::Asinh)),
    f!("asinh", UNARY, "Elementwise inverse hyperbolic sine.", |a| inexact(a, MathOp::Asinh)),
    f!(
        "arccosh",
        UNARY,
        "Elementwise inverse hyperbolic cosine.",
        "Inlined: JAX wraps it in a nested `jit[name=arccosh]`.",
        |a| inexact(a, MathOp::Acosh)
    ),
    f!(
        "acosh",
        UNARY,
        "Elementwise inverse hyperbolic cosine.",
        "Inlined: JAX wraps it in a nested `jit[name=arccosh]`.",
        |a| inexact(a, MathOp::Acosh)
    ),
    f!("arctanh", UNARY, "Elementwise inverse hyperbolic tangent.", |a| inexact(a, MathOp::Atanh)),
    f!("atanh", UNARY, "Elementwise inverse hyperbolic tangent.", |a| inexact(a, MathOp::Atanh)),
    f!(
        "arctan2",
        BINARY,
        "Elementwise angle of the point (x2, x1), in (-pi, pi].",
        |a| inexact2(a, "arctan2", MathBinaryOp::Atan2)
    ),
    f!(
        "atan2",
        BINARY,
        "Elementwise angle of the point (x2, x1), in (-pi, pi].",
        |a| inexact2(a, "atan2", MathBinaryOp::Atan2)
    ),
    f!(
        "hypot",
        BINARY,
        "Elementwise sqrt(x1**2 + x2**2), without overflow.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::hypot(&x, &y))
        }
    ),
    f!(
        "deg2rad",
        UNARY,
        "Degrees to radians.",
        |a| out(m::scale_angle(&a.array("x")?, std::f64::consts::PI / 180.0))
    ),
    f!(
        "radians",
        UNARY,
        "Degrees to radians.",
        |a| out(m::scale_angle(&a.array("x")?, std::f64::consts::PI / 180.0))
    ),
    f!(
        "rad2deg",
        UNARY,
        "Radians to degrees.",
        |a| out(m::scale_angle(&a.array("x")?, 180.0 / std::f64::consts::PI))
    ),
    f!(
        "degrees",
        UNARY,
        "Radians to degrees.",
        |a| out(m::scale_angle(&a.array("x")?, 180.0 / std::f64::consts::PI))
    ),
    f!(
        "sinc",
        UNARY,
        "Elementwise sin(pi x)/(pi x), 1 at 0.",
        "Inlined: JAX wraps it in a nested `jit[name=sinc]` and a `custom_jvp_call` (whose rule gives the body's first derivative).",
        |a| out(m::sinc(&a.array("x")?))
    ),
    // ------------------------------------------------------------ exponentials and logs
    f!("expm1", UNARY, "Elementwise e**x - 1, accurate near 0.", |a| inexact(a, MathOp::Expm1)),
    f!("log1p", UNARY, "Elementwise log(1 + x), accurate near 0.", |a| inexact(a, MathOp::Log1p)),
    f!("exp2", UNARY, "Elementwise 2**x.", |a| inexact(a, MathOp::Exp2)),
    f!("log2", UNARY, "Elementwise base-2 logarithm.", |a| out(m::log2(&a.array("x")?))),
    f!("log10", UNARY, "Elementwise base-10 logarithm.", |a| out(m::log10(&a.array("x")?))),
    f!(
        "logaddexp",
        UFUNC2,
        "Elementwise log(exp(x1) + exp(x2)), without overflow.",
        "Inlined: JAX's is a `custom_jvp` (its rule handles infinite arguments); jaxplay differentiates the body.",
        |a| {
            let (x, y) = two(a)?;
            out(m::logaddexp(&x, &y, false))
        }
    ),
    f!(
        "logaddexp2",
        UFUNC2,
        "Elementwise log2(2**x1 + 2**x2), without overflow.",
        "Inlined: JAX's is a `custom_jvp` (its rule handles infinite arguments); jaxplay differentiates the body.",
        |a| {
            let (x, y) = two(a)?;
            out(m::logaddexp(&x, &y, true))
        }
    ),
    // ------------------------------------------------------------ extrema and division
    f!("maximum", UFUNC2, "Elementwise maximum (NaN if either is).", |a| {
        let (x, y) = two(a)?;
        out(m::extremum("maximum", MathBinaryOp::Max, &x, &y))
    }),
    f!("minimum", UFUNC2, "Elementwise minimum (NaN if either is).", |a| {
        let (x, y) = two(a)?;
        out(m::extremum("minimum", MathBinaryOp::Min, &x, &y))
    }),
    f!(
        "fmax",
        FMAX,
        "Elementwise maximum, ignoring a NaN when the other is a number.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::fmax_fmin(CompareOp::Gt, &x, &y))
        }
    ),
    f!(
        "fmin",
        FMAX,
        "Elementwise minimum, ignoring a NaN when the other is a number.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::fmax_fmin(CompareOp::Lt, &x, &y))
        }
    ),
    f!(
        "remainder",
        BINARY,
        "Elementwise remainder with the divisor's sign (Python's %).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::remainder(&x, &y))
        }
    ),
    f!(
        "mod",
        BINARY,
        "Elementwise remainder with the divisor's sign (alias of `remainder`).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::remainder(&x, &y))
        }
    ),
    f!(
        "fmod",
        BINARY,
        "Elementwise remainder with the dividend's sign (C's fmod).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::fmod(&x, &y))
        }
    ),
    f!(
        "floor_divide",
        BINARY,
        "Elementwise division rounded towards -inf (Python's //).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::floor_divide(&x, &y))
        }
    ),
    f!(
        "divmod",
        BINARY,
        "`(floor_divide(x1, x2), remainder(x1, x2))`.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            let (q, r) = m::divmod(&x, &y)?;
            Ok(Output::Tuple(vec![q, r]))
        }
    ),
    f!(
        "heaviside",
        BINARY,
        "Step function: 0 below zero, 1 above, x2 at zero.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, y) = two(a)?;
            out(m::heaviside(&x, &y))
        }
    ),
    f!(
        "clip",
        &[
            p("arr", K::Array, D::None).positional(),
            p("min", K::Array, D::None),
            p("max", K::Array, D::None)
        ],
        "Values limited to [min, max] (either may be None).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let x = a.opt_array("arr")?.ok_or_else(|| Error::Value {
                message: "No input was provided to the clip function.".into(),
            })?;
            let lo = a.opt_array("min")?;
            let hi = a.opt_array("max")?;
            out(m::clip(&x, lo.as_ref(), hi.as_ref()))
        }
    ),
    // ------------------------------------------------------------ floating-point tests
    f!("isfinite", UNARY, "Elementwise: neither infinite nor NaN.", |a| out(m::isfinite(&a.array("x")?))),
    f!("isnan", UNARY, "Elementwise: NaN.", |a| out(m::isnan(&a.array("x")?))),
    f!(
        "isinf",
        UNARY,
        "Elementwise: +inf or -inf.",
        "Inlined: JAX wraps it in a nested `jit[name=isinf]`.",
        |a| out(m::isinf(&a.array("x")?))
    ),
    f!("isposinf", INF_TEST, "Elementwise: +inf.", |a| out(m::is_infinity(&a.array("x")?, f64::INFINITY))),
    f!("isneginf", INF_TEST, "Elementwise: -inf.", |a| out(m::is_infinity(
        &a.array("x")?,
        f64::NEG_INFINITY
    ))),
    f!(
        "nan_to_num",
        &[
            p("x", K::Array, D::Required),
            p("copy", K::Bool, D::Bool(true)),
            p("nan", K::Array, D::Float(0.0)),
            p("posinf", K::Array, D::None),
            p("neginf", K::Array, D::None)
        ],
        "NaN, +inf and -inf replaced by numbers (0 and float32's extremes by default).",
        "Inlined: JAX wraps it in a nested `jit[name=nan_to_num]`.",
        |a| {
            a.bool("copy")?;
            let posinf = a.opt_array("posinf")?;
            let neginf = a.opt_array("neginf")?;
            out(m::nan_to_num(
                &a.array("x")?,
                &a.array("nan")?,
                posinf.as_ref(),
                neginf.as_ref(),
            ))
        }
    ),
    f!(
        "isclose",
        CLOSE,
        "Elementwise |a - b| <= atol + rtol*|b|.",
        "Inlined: JAX wraps it in a nested `jit[name=isclose]`; rtol and atol must be numbers.",
        |a| {
            let (rtol, atol, equal_nan) = isclose_args(a)?;
            out(m::isclose(&a.array("a")?, &a.array("b")?, rtol, atol, equal_nan))
        }
    ),
    f!(
        "allclose",
        CLOSE,
        "Whether `isclose` holds everywhere.",
        "Inlined: JAX wraps it in a nested `jit[name=allclose]`; rtol and atol must be numbers.",
        |a| {
            let (rtol, atol, equal_nan) = isclose_args(a)?;
            out(m::allclose(&a.array("a")?, &a.array("b")?, rtol, atol, equal_nan))
        }
    ),
    f!(
        "array_equal",
        &[A1_A2[0], A1_A2[1], p("equal_nan", K::Bool, D::Bool(false))],
        "Whether two arrays have the same shape and elements.",
        |a| out(m::array_equal(&a.array("a1")?, &a.array("a2")?, a.bool("equal_nan")?))
    ),
    f!(
        "array_equiv",
        &A1_A2,
        "Whether two arrays are equal once broadcast together.",
        |a| out(m::array_equiv(&a.array("a1")?, &a.array("a2")?))
    ),
    // ------------------------------------------------------------ where, complex parts
    f!(
        "where",
        &[
            p("condition", K::Array, D::Required).positional(),
            p("x", K::Array, D::None).positional(),
            p("y", K::Array, D::None).positional(),
            p("size", K::Unsupported, D::None).keyword(),
            p("fill_value", K::Unsupported, D::None).keyword()
        ],
        "x where condition holds, else y (broadcast together).",
        "The one-argument form (`nonzero`) is not supported yet.",
        |a| {
            let condition = a.array("condition")?;
            match (a.opt_array("x")?, a.opt_array("y")?) {
                (Some(x), Some(y)) => out(crate::jnp::where_(&condition, &x, &y)),
                (None, None) => Err(Error::Unsupported {
                    what: "jnp.where with one argument (jnp.nonzero)",
                }),
                (x, _) => Err(Error::Signature {
                    message: format!(
                        "where requires ndarray or scalar arguments, got <class 'NoneType'> at position {}.",
                        if x.is_some() { 2 } else { 1 }
                    ),
                }),
            }
        }
    ),
    f!("conj", UNARY, "The complex conjugate: real arrays as they are.", |a| out(a.array("x"))),
    f!("conjugate", UNARY, "The complex conjugate: real arrays as they are.", |a| out(a.array("x"))),
    f!("real", &[VAL], "The real part: real arrays as they are.", |a| out(a.array("val"))),
    f!("imag", &[VAL], "The imaginary part: zeros for real arrays.", |a| out(m::imag(&a.array("val")?))),
    // ------------------------------------------------------------ logical and bitwise
    f!(
        "logical_and",
        UFUNC2,
        "Elementwise truth of x1 and x2.",
        |a| logical2(a, BitwiseOp::And)
    ),
    f!(
        "logical_or",
        UFUNC2,
        "Elementwise truth of x1 or x2.",
        |a| logical2(a, BitwiseOp::Or)
    ),
    f!(
        "logical_xor",
        UFUNC2,
        "Elementwise truth of x1 xor x2.",
        |a| logical2(a, BitwiseOp::Xor)
    ),
    f!("logical_not", UNARY, "Elementwise truth of not x.", |a| out(m::logical_not(&a.array("x")?))),
    f!("bitwise_and", UFUNC2, "Elementwise bitwise and (logical for bool).", |a| bitwise2(
        a,
        "x1",
        "x2",
        BitwiseOp::And
    )),
    f!("bitwise_or", UFUNC2, "Elementwise bitwise or (logical for bool).", |a| bitwise2(
        a,
        "x1",
        "x2",
        BitwiseOp::Or
    )),
    f!("bitwise_xor", UFUNC2, "Elementwise bitwise xor (logical for bool).", |a| bitwise2(
        a,
        "x1",
        "x2",
        BitwiseOp::Xor
    )),
    f!("bitwise_not", UNARY, "Elementwise bitwise not (logical for bool).", |a| out(m::bitwise_not(&a.array("x")?))),
    f!("bitwise_invert", UNARY, "Elementwise bitwise not (logical for bool).", |a| out(m::bitwise_not(&a.array("x")?))),
    f!("invert", UNARY, "Elementwise bitwise not (logical for bool).", |a| out(m::bitwise_not(&a.array("x")?))),
    f!("bitwise_count", UNARY, "The number of 1 bits of each |x|, as uint8.", |a| out(m::bitwise_count(&a.array("x")?))),
    f!("left_shift", X_Y, "Elementwise x << y.", |a| bitwise2(a, "x", "y", BitwiseOp::ShiftLeft)),
    f!(
        "bitwise_left_shift",
        X_Y,
        "Elementwise x << y.",
        |a| bitwise2(a, "x", "y", BitwiseOp::ShiftLeft)
    ),
    f!(
        "right_shift",
        BINARY,
        "Elementwise x1 >> x2 (arithmetic for signed integers).",
        |a| bitwise2(a, "x1", "x2", BitwiseOp::ShiftRightArithmetic)
    ),
    f!(
        "bitwise_right_shift",
        BINARY,
        "Elementwise x1 >> x2 (arithmetic for signed integers).",
        |a| bitwise2(a, "x1", "x2", BitwiseOp::ShiftRightArithmetic)
    ),
];
