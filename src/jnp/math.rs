//! `jax.numpy`'s elementwise mathematics over the math, bitwise and comparison primitives, each
//! built as JAX 0.10.2 builds it: arguments promoted as `promote_args` (NumPy's dtype lattice,
//! weak types kept), `promote_args_numeric` (bool counts as int32) or `promote_args_inexact`
//! (integers and bool computed in float32), then the same primitives in the same order, so a
//! jaxpr reads as JAX's with its nested `jit`s and `custom_jvp`s inlined. Also `custom_jvp`, the
//! helper for the few functions whose JAX gradient comes from a rule of their own rather than
//! from their body (`jax.nn.relu`'s is 0 at 0).

use super::{convert, number, operands_as, rank_promote, where_};
use crate::array::Array;
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::{self, BitwiseOp};
use crate::primitives::custom::{CustomCall, CustomJvpRule, CustomRule};
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::primitives::math::ops::{self, select_n};
use crate::primitives::math::{MathBinaryOp, MathOp, RoundingMethod};
use crate::primitives::reductions::reduce_and;
use crate::trace::{bind1, trace_to_jaxpr, Value};
use std::rc::Rc;

/// How `promote_args*` treats the arguments' common type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Promote {
    /// NumPy's lattice as is (`promote_args`).
    Plain,
    /// Bool counts as int32 (`promote_args_numeric`).
    Numeric,
    /// Integers and bool become float32, a weak int a weak float (`promote_args_inexact`).
    Inexact,
}

fn promoted_type(t: TypeKey, how: Promote) -> TypeKey {
    match how {
        Promote::Numeric if t.dtype == DType::Bool => TypeKey {
            dtype: DType::Int32,
            weak: false,
        },
        Promote::Inexact if !t.dtype.is_float() => TypeKey {
            dtype: DType::Float32,
            // A bool has no weak float counterpart: `sqrt(True)` is strong in JAX.
            weak: t.weak && t.dtype != DType::Bool,
        },
        _ => t,
    }
}

/// One argument promoted alone.
pub fn promote1(x: &Value, how: Promote) -> Result<Value> {
    let t = x.type_key();
    let t = promoted_type(
        TypeKey {
            weak: t.weak && t.dtype != DType::Bool,
            ..t
        },
        how,
    );
    convert(x, t)
}

/// Two arguments promoted together and lifted to a common rank.
pub fn promote2(name: &'static str, a: &Value, b: &Value, how: Promote) -> Result<[Value; 2]> {
    for v in [a, b] {
        if v.aval().dtype.is_key() {
            return Err(Error::usage(format!(
                "{name} does not accept dtypes {}, {}.",
                a.aval().dtype,
                b.aval().dtype
            )));
        }
    }
    let t = promoted_type(promote(a.type_key(), b.type_key()), how);
    operands_as(name, a, b, t)
}

/// JAX's `_const(x, v)`: a scalar of `x`'s dtype, weakly typed when `x` is a weak scalar (JAX
/// makes it a Python scalar then).
pub fn konst(x: &Value, v: f64) -> Result<Value> {
    let aval = x.aval();
    let weak = aval.weak_type && aval.shape.is_empty();
    Ok(Value::Array(
        Array::from_f64_values(&[], aval.dtype, &[v])?.with_weak_type(weak),
    ))
}

/// JAX's `_constant_like(x, v)`: a scalar of `x`'s dtype, never weakly typed.
pub fn constant_like(x: &Value, v: f64) -> Result<Value> {
    Array::from_f64_values(&[], x.aval().dtype, &[v]).map(Value::Array)
}

/// `lax.full_like(x, v, dtype)`: `x`'s shape filled with `v`; weak when `x` is and no dtype is
/// given.
pub fn full_like(x: &Value, v: f64, dtype: Option<DType>) -> Result<Value> {
    let aval = x.aval();
    let weak = dtype.is_none() && aval.weak_type;
    let scalar =
        Array::from_f64_values(&[], dtype.unwrap_or(aval.dtype), &[v])?.with_weak_type(weak);
    if aval.shape.is_empty() {
        return Ok(Value::Array(scalar));
    }
    lax::broadcast_in_dim(&Value::Array(scalar), &aval.shape, Vec::new())
}

fn cmp(op: CompareOp, x: &Value, v: f64) -> Result<Value> {
    lax::compare(op, x, &konst(x, v)?)
}

/// `lax.select(c, on_true, on_false)`.
pub fn select(c: &Value, on_true: &Value, on_false: &Value) -> Result<Value> {
    select_n(c, &[on_false.clone(), on_true.clone()])
}

fn math(op: MathOp, x: &Value) -> Result<Value> {
    ops::math(op, x)
}

fn is_float(x: &Value) -> bool {
    x.aval().dtype.is_float()
}

fn integral(x: &Value) -> bool {
    let dtype = x.aval().dtype;
    dtype.is_integer() || dtype == DType::Bool
}

/// `x` as an array: Python scalars keep their weak type (as `lax.asarray`).
fn asarray(x: &Value) -> Value {
    x.clone()
}

// ------------------------------------------------------------ unary

/// A float-only function: `op(*promote_args_inexact(x))`.
pub fn inexact_unary(op: MathOp, x: &Value) -> Result<Value> {
    math(op, &promote1(x, Promote::Inexact)?)
}

/// `jnp.log`, `jnp.exp`... through `elementwise`'s unary primitives.
pub fn inexact_elementwise(op: UnaryOp, x: &Value) -> Result<Value> {
    lax::unary(op, &promote1(x, Promote::Inexact)?)
}

pub fn fabs(x: &Value) -> Result<Value> {
    inexact_unary(MathOp::Abs, x)
}

/// `jnp.abs`: bool and unsigned values as they are.
pub fn abs(x: &Value) -> Result<Value> {
    match x.aval().dtype {
        d if d == DType::Bool || d.is_unsigned() => Ok(asarray(x)),
        _ => math(MathOp::Abs, x),
    }
}

pub fn square(x: &Value) -> Result<Value> {
    math(MathOp::Square, &promote1(x, Promote::Numeric)?)
}

pub fn sign(x: &Value) -> Result<Value> {
    math(MathOp::Sign, &promote1(x, Promote::Plain)?)
}

/// `jnp.floor` and `jnp.ceil`: integers and bool as they are.
pub fn floor_or_ceil(op: MathOp, x: &Value) -> Result<Value> {
    if integral(x) {
        return Ok(asarray(x));
    }
    math(op, &promote1(x, Promote::Inexact)?)
}

/// `jnp.trunc`: towards zero, `where(x < 0, ceil(x), floor(x))`.
pub fn trunc(x: &Value) -> Result<Value> {
    if integral(x) {
        return Ok(asarray(x));
    }
    let negative = cmp(CompareOp::Lt, x, 0.0)?;
    let up = floor_or_ceil(MathOp::Ceil, x)?;
    let down = floor_or_ceil(MathOp::Floor, x)?;
    where_(&negative, &up, &down)
}

/// `jnp.round(a, decimals)`: half to even, at `decimals` places; integers as they are.
pub fn round(x: &Value, decimals: i64) -> Result<Value> {
    let dtype = x.aval().dtype;
    if dtype == DType::Bool {
        return Err(Error::Signature {
            message: "data type <class 'numpy.bool'> not inexact".into(),
        });
    }
    if dtype.is_integer() {
        if decimals < 0 {
            return Err(Error::usage(
                "integer np.round not implemented for decimals < 0",
            ));
        }
        return Ok(asarray(x));
    }
    if decimals == 0 {
        return ops::round(x, RoundingMethod::ToNearestEven);
    }
    // Past float32's range the factor would overflow: JAX gives the value back.
    if decimals as f64 > f64::from(f32::MAX).log10() {
        return Ok(asarray(x));
    }
    let factor = konst(x, 10f64.powi(decimals.clamp(-400, 400) as i32))?;
    let scaled = ops::round(&lax::mul(x, &factor)?, RoundingMethod::ToNearestEven)?;
    lax::div(&scaled, &factor)
}

/// `jnp.rint`: half to even; integers and bool become float32.
pub fn rint(x: &Value) -> Result<Value> {
    if integral(x) {
        return super::astype(x, DType::Float32);
    }
    ops::round(x, RoundingMethod::ToNearestEven)
}

/// `jnp.log2`: `log(x) / log(2)`, the second log staged as JAX stages it.
pub fn log2(x: &Value) -> Result<Value> {
    let x = promote1(x, Promote::Inexact)?;
    let log = lax::unary(UnaryOp::Log, &x)?;
    let ln2 = lax::unary(UnaryOp::Log, &constant_like(&x, 2.0)?)?;
    lax::div(&log, &ln2)
}

pub fn log10(x: &Value) -> Result<Value> {
    let x = promote1(x, Promote::Inexact)?;
    let scale = constant_like(&x, 1.0 / std::f64::consts::LN_10)?;
    lax::mul(&lax::unary(UnaryOp::Log, &x)?, &scale)
}

/// `jnp.reciprocal`: `integer_pow(x, -1)` in floating point.
pub fn reciprocal(x: &Value) -> Result<Value> {
    ops::integer_pow(&promote1(x, Promote::Inexact)?, -1)
}

/// `jnp.deg2rad` (`factor` = π/180) and `jnp.rad2deg` (180/π).
pub fn scale_angle(x: &Value, factor: f64) -> Result<Value> {
    let x = promote1(x, Promote::Inexact)?;
    lax::mul(&x, &konst(&x, factor)?)
}

/// `jnp.sinc`: sin(πx)/(πx), 1 at 0.
pub fn sinc(x: &Value) -> Result<Value> {
    let x = promote1(x, Promote::Inexact)?;
    let zero = cmp(CompareOp::Eq, &x, 0.0)?;
    let pi_x = lax::mul(&konst(&x, std::f64::consts::PI)?, &x)?;
    let safe = where_(&zero, &konst(&x, 1.0)?, &pi_x)?;
    // JAX's `_sinc_maclaurin(0, x)`: `x * 0 + 1`, a custom_jvp whose derivative is its body's.
    let at_zero = lax::add(
        &super::binary(BinaryOp::Mul, &pi_x, &number(0.0))?,
        &konst(&x, 1.0)?,
    )?;
    let ratio = lax::div(&lax::unary(UnaryOp::Sin, &safe)?, &safe)?;
    where_(&zero, &at_zero, &ratio)
}

/// `jnp.isfinite`: always true for integers and bool.
pub fn isfinite(x: &Value) -> Result<Value> {
    if is_float(x) {
        math(MathOp::IsFinite, x)
    } else {
        full_like(x, 1.0, Some(DType::Bool))
    }
}

pub fn isnan(x: &Value) -> Result<Value> {
    lax::compare(CompareOp::Ne, x, x)
}

pub fn isinf(x: &Value) -> Result<Value> {
    if is_float(x) {
        let inf = constant_like(x, f64::INFINITY)?;
        lax::compare(CompareOp::Eq, &math(MathOp::Abs, x)?, &inf)
    } else {
        full_like(x, 0.0, Some(DType::Bool))
    }
}

/// `jnp.isposinf` (`infinity` = +inf) and `jnp.isneginf` (-inf).
pub fn is_infinity(x: &Value, infinity: f64) -> Result<Value> {
    if is_float(x) {
        lax::compare(CompareOp::Eq, x, &constant_like(x, infinity)?)
    } else {
        full_like(x, 0.0, Some(DType::Bool))
    }
}

/// `jnp.signbit`: the sign bit, read through an int32 view of a float.
pub fn signbit(x: &Value) -> Result<Value> {
    match x.aval().dtype {
        DType::Int32 => lax::compare(CompareOp::Lt, x, &constant_like(x, 0.0)?),
        DType::Float32 => {
            let bits = bitwise::bitcast_convert_type(x, DType::Int32)?;
            let shift = Value::Array(Array::from_f64_values(&[], DType::Int32, &[31.0])?);
            let sign = bitwise::bitwise(BitwiseOp::ShiftRightArithmetic, &bits, &shift)?;
            lax::convert(&sign, DType::Bool, false)
        }
        _ => full_like(x, 0.0, Some(DType::Bool)),
    }
}

/// `x != 0` unless `x` is already bool.
fn to_bool(x: &Value) -> Result<Value> {
    if x.aval().dtype == DType::Bool {
        Ok(x.clone())
    } else {
        cmp(CompareOp::Ne, x, 0.0)
    }
}

pub fn logical_not(x: &Value) -> Result<Value> {
    bitwise::bitwise_not(&to_bool(&promote1(x, Promote::Plain)?)?)
}

pub fn bitwise_not(x: &Value) -> Result<Value> {
    bitwise::bitwise_not(&promote1(x, Promote::Plain)?)
}

/// `jnp.bitwise_count`: the 1 bits of `|x|` (bool counted as int32), as uint8 as NumPy gives
/// them.
pub fn bitwise_count(x: &Value) -> Result<Value> {
    let x = promote1(x, Promote::Numeric)?;
    let ones = bitwise::population_count(&abs(&x)?)?;
    super::astype(&ones, DType::Uint8)
}

/// `jnp.imag` of a real array: zeros like it.
pub fn imag(x: &Value) -> Result<Value> {
    full_like(x, 0.0, None)
}

/// `jnp.nan_to_num`: NaN, +inf and -inf replaced (by default with 0 and float32's extremes).
pub fn nan_to_num(
    x: &Value,
    nan: &Value,
    posinf: Option<&Value>,
    neginf: Option<&Value>,
) -> Result<Value> {
    if !is_float(x) {
        return Ok(x.clone());
    }
    let as_x = |v: &Value| super::astype(v, x.aval().dtype);
    let max = constant_like(x, f64::from(f32::MAX))?;
    let min = constant_like(x, f64::from(f32::MIN))?;
    let posinf = posinf.map_or(Ok(max), as_x)?;
    let neginf = neginf.map_or(Ok(min), as_x)?;
    let out = where_(&isnan(x)?, &as_x(nan)?, x)?;
    let out = where_(&is_infinity(&out, f64::INFINITY)?, &posinf, &out)?;
    where_(&is_infinity(&out, f64::NEG_INFINITY)?, &neginf, &out)
}

// ------------------------------------------------------------ binary

/// A float-only binary function: `op(*promote_args_inexact(x1, x2))`.
pub fn inexact_binary(name: &'static str, op: MathBinaryOp, a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2(name, a, b, Promote::Inexact)?;
    ops::math_binary(op, &a, &b)
}

/// `jnp.maximum` and `jnp.minimum`.
pub fn extremum(name: &'static str, op: MathBinaryOp, a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2(name, a, b, Promote::Plain)?;
    ops::math_binary(op, &a, &b)
}

/// `jnp.fmax` (`op` = Gt) and `jnp.fmin` (Lt): NaNs ignored where the other is a number.
pub fn fmax_fmin(op: CompareOp, a: &Value, b: &Value) -> Result<Value> {
    let better = super::compare(op, a, b)?;
    let mask = bitwise_binary(BitwiseOp::Or, &better, &isnan(b)?)?;
    where_(&mask, a, b)
}

/// `x2` with its zeros replaced by ones, for integer division and remainders (JAX's
/// `where(x2 == 0, ones_like(x2), x2)`).
fn nonzero_divisor(b: &Value) -> Result<Value> {
    let zero = super::compare(CompareOp::Eq, b, &number(0.0))?;
    where_(&zero, &full_like(b, 1.0, None)?, b)
}

/// `jnp.remainder`: the result takes the divisor's sign.
pub fn remainder(a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2("remainder", a, b, Promote::Numeric)?;
    let b = if b.aval().dtype.is_integer() {
        nonzero_divisor(&b)?
    } else {
        b
    };
    let zero = constant_like(&a, 0.0)?;
    let trunc_mod = ops::math_binary(MathBinaryOp::Rem, &a, &b)?;
    let not_zero = lax::compare(CompareOp::Ne, &trunc_mod, &zero)?;
    let signs_differ = lax::compare(
        CompareOp::Ne,
        &lax::compare(CompareOp::Lt, &trunc_mod, &zero)?,
        &lax::compare(CompareOp::Lt, &b, &zero)?,
    )?;
    let do_plus = bitwise::bitwise(BitwiseOp::And, &signs_differ, &not_zero)?;
    select(&do_plus, &lax::add(&trunc_mod, &b)?, &trunc_mod)
}

/// `jnp.fmod`: the result takes the dividend's sign.
pub fn fmod(a: &Value, b: &Value) -> Result<Value> {
    let b = if promote(a.type_key(), b.type_key()).dtype.is_integer()
        || promote(a.type_key(), b.type_key()).dtype == DType::Bool
    {
        nonzero_divisor(b)?
    } else {
        b.clone()
    };
    let [a, b] = promote2("fmod", a, &b, Promote::Numeric)?;
    ops::math_binary(MathBinaryOp::Rem, &a, &b)
}

/// CPython's float divmod, as JAX's `_float_divmod`.
fn float_divmod(a: &Value, b: &Value) -> Result<(Value, Value)> {
    let modulo = ops::math_binary(MathBinaryOp::Rem, a, b)?;
    let by_zero = super::compare(CompareOp::Eq, b, &number(0.0))?;
    let corrected = where_(&by_zero, a, &lax::sub(a, &modulo)?)?;
    let quotient = lax::div(&corrected, b)?;
    let mod_nonzero = super::compare(CompareOp::Ne, &modulo, &number(0.0))?;
    let signs = super::compare(
        CompareOp::Ne,
        &math(MathOp::Sign, b)?,
        &math(MathOp::Sign, &modulo)?,
    )?;
    let ind = bitwise::bitwise(BitwiseOp::And, &mod_nonzero, &signs)?;
    let modulo = select(&ind, &super::binary(BinaryOp::Add, &modulo, b)?, &modulo)?;
    let less = super::binary(BinaryOp::Sub, &quotient, &number(1.0))?;
    let quotient = select(&ind, &less, &quotient)?;
    Ok((ops::round(&quotient, RoundingMethod::AwayFromZero)?, modulo))
}

fn int_floor_divide(a: &Value, b: &Value) -> Result<Value> {
    let quotient = lax::div(a, b)?;
    if a.aval().dtype.is_unsigned() {
        return Ok(quotient);
    }
    let signs = super::compare(
        CompareOp::Ne,
        &math(MathOp::Sign, a)?,
        &math(MathOp::Sign, b)?,
    )?;
    let inexact = super::compare(
        CompareOp::Ne,
        &ops::math_binary(MathBinaryOp::Rem, a, b)?,
        &number(0.0),
    )?;
    let select = logical(BitwiseOp::And, &signs, &inexact)?;
    let less = super::binary(BinaryOp::Sub, &quotient, &number(1.0))?;
    where_(&select, &less, &quotient)
}

/// `jnp.floor_divide`: rounded towards -inf.
pub fn floor_divide(a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2("floor_divide", a, b, Promote::Numeric)?;
    if a.aval().dtype.is_integer() {
        int_floor_divide(&a, &b)
    } else {
        Ok(float_divmod(&a, &b)?.0)
    }
}

/// `jnp.divmod`: `(floor_divide, remainder)`.
pub fn divmod(a: &Value, b: &Value) -> Result<(Value, Value)> {
    let [a, b] = promote2("divmod", a, b, Promote::Numeric)?;
    if a.aval().dtype.is_integer() {
        Ok((int_floor_divide(&a, &b)?, remainder(&a, &b)?))
    } else {
        float_divmod(&a, &b)
    }
}

/// `jnp.power(x1, n)` for a Python int `n`: `integer_pow`.
pub fn integer_power(x: &Value, n: i64) -> Result<Value> {
    let n = i32::try_from(n).map_err(|_| Error::Value {
        message: format!("integer_pow exponent {n} does not fit in int32"),
    })?;
    ops::integer_pow(&promote1(x, Promote::Numeric)?, n)
}

/// `jnp.power` of two arrays: binary exponentiation for integers, `pow` otherwise (an integer
/// exponent of a float base kept as JAX keeps it, for its gradient).
pub fn power(a: &Value, b: &Value) -> Result<Value> {
    let t = promoted_type(promote(a.type_key(), b.type_key()), Promote::Numeric);
    if !t.dtype.is_float() {
        let [a, b] = promote2("power", a, b, Promote::Numeric)?;
        return pow_int_int(&a, &b);
    }
    if is_float(a) && b.aval().dtype.is_integer() {
        // JAX lifts the ranks, promotes the dtypes (a conversion left unused) and then raises
        // the float base to the integer exponent as is, for `pow`'s gradient.
        super::check_broadcast("power", a.shape(), b.shape())?;
        let rank = a.shape().len().max(b.shape().len());
        let (a, b) = (
            rank_promote(a.clone(), rank)?,
            rank_promote(b.clone(), rank)?,
        );
        promote2("power", &a, &b, Promote::Numeric)?;
        return ops::pow(&a, &b);
    }
    let [a, b] = promote2("power", a, b, Promote::Numeric)?;
    ops::pow(&a, &b)
}

fn pow_int_int(base: &Value, exponent: &Value) -> Result<Value> {
    let zero = constant_like(exponent, 0.0)?;
    let one = constant_like(exponent, 1.0)?;
    let zero_base = lax::compare(CompareOp::Eq, base, &zero)?;
    let nonzero_exp = lax::compare(CompareOp::Ne, exponent, &zero)?;
    let start = bitwise::bitwise(BitwiseOp::And, &zero_base, &nonzero_exp)?;
    let mut acc = where_(&start, &zero, &one)?;
    let (mut x, mut y) = (base.clone(), exponent.clone());
    // Six squarings: anything past 2**6 overflows int32 for a base above 1.
    for _ in 0..6 {
        let bit = bitwise::bitwise(BitwiseOp::And, &y, &one)?;
        acc = where_(&bit, &lax::mul(&acc, &x)?, &acc)?;
        x = lax::mul(&x, &x)?;
        y = bitwise::bitwise(BitwiseOp::ShiftRightLogical, &y, &one)?;
    }
    Ok(acc)
}

/// `jnp.logical_and`, `_or`, `_xor`: on the arguments' truth values.
pub fn logical(op: BitwiseOp, a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2(op.name(), a, b, Promote::Plain)?;
    bitwise::bitwise(op, &to_bool(&a)?, &to_bool(&b)?)
}

/// `jnp.bitwise_and`, `_or`, `_xor` (promoted as they are) and the shifts (bool as int32).
pub fn bitwise_binary(op: BitwiseOp, a: &Value, b: &Value) -> Result<Value> {
    let how = if matches!(op, BitwiseOp::And | BitwiseOp::Or | BitwiseOp::Xor) {
        Promote::Plain
    } else {
        Promote::Numeric
    };
    let [a, b] = promote2(op.name(), a, b, how)?;
    let op = match op {
        BitwiseOp::ShiftRightArithmetic if a.aval().dtype.is_unsigned() => {
            BitwiseOp::ShiftRightLogical
        }
        op => op,
    };
    bitwise::bitwise(op, &a, &b)
}

/// `jnp.copysign`: |x1| with the sign bit of x2.
pub fn copysign(a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2("copysign", a, b, Promote::Inexact)?;
    let negative = signbit(&b)?;
    let minus = lax::neg(&math(MathOp::Abs, &a)?)?;
    where_(&negative, &minus, &math(MathOp::Abs, &a)?)
}

/// `jnp.hypot`: sqrt(x1² + x2²) without overflow, inf when either is.
pub fn hypot(a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2("hypot", a, b, Promote::Inexact)?;
    let (a, b) = (math(MathOp::Abs, &a)?, math(MathOp::Abs, &b)?);
    let inf = bitwise::bitwise(
        BitwiseOp::Or,
        &is_infinity(&a, f64::INFINITY)?,
        &is_infinity(&b, f64::INFINITY)?,
    )?;
    let big = extremum("maximum", MathBinaryOp::Max, &a, &b)?;
    let small = extremum("minimum", MathBinaryOp::Min, &a, &b)?;
    let big_zero = super::compare(CompareOp::Eq, &big, &number(0.0))?;
    let big_zero2 = super::compare(CompareOp::Eq, &big, &number(0.0))?;
    let safe = where_(&big_zero2, &full_like(&big, 1.0, None)?, &big)?;
    let ratio = math(MathOp::Square, &lax::div(&small, &safe)?)?;
    let root = math(
        MathOp::Sqrt,
        &super::binary(BinaryOp::Add, &number(1.0), &ratio)?,
    )?;
    let x = where_(&big_zero, &big, &super::binary(BinaryOp::Mul, &big, &root)?)?;
    where_(&inf, &konst(&x, f64::INFINITY)?, &x)
}

/// `jnp.heaviside`: 0 below zero, 1 above, `x2` at zero (NaN stays NaN).
pub fn heaviside(a: &Value, b: &Value) -> Result<Value> {
    let [a, b] = promote2("heaviside", a, b, Promote::Inexact)?;
    let zero = konst(&a, 0.0)?;
    let below = lax::compare(CompareOp::Lt, &a, &zero)?;
    let above = lax::compare(CompareOp::Gt, &a, &zero)?;
    let at_zero = where_(&isnan(&a)?, &a, &b)?;
    let inner = where_(&above, &konst(&a, 1.0)?, &at_zero)?;
    where_(&below, &zero, &inner)
}

/// `jnp.logaddexp` (`base2` false) and `jnp.logaddexp2`: JAX's custom_jvp body, inlined.
pub fn logaddexp(a: &Value, b: &Value, base2: bool) -> Result<Value> {
    let name = if base2 { "logaddexp2" } else { "logaddexp" };
    let [a, b] = promote2(name, a, b, Promote::Inexact)?;
    let amax = ops::max(&a, &b)?;
    let delta = lax::sub(&a, &b)?;
    let nan = isnan(&delta)?;
    let sum = lax::add(&a, &b)?;
    let tail = lax::neg(&math(MathOp::Abs, &delta)?)?;
    let log1p = if base2 {
        let invln2 = konst(&amax, 1.0 / std::f64::consts::LN_2)?;
        lax::mul(&invln2, &math(MathOp::Log1p, &math(MathOp::Exp2, &tail)?)?)?
    } else {
        math(MathOp::Log1p, &lax::unary(UnaryOp::Exp, &tail)?)?
    };
    select(&nan, &sum, &lax::add(&amax, &log1p)?)
}

/// `jnp.clip(arr, min, max)`: `minimum(max, maximum(min, arr))`.
pub fn clip(x: &Value, min: Option<&Value>, max: Option<&Value>) -> Result<Value> {
    let mut x = x.clone();
    if let Some(lo) = min {
        x = extremum("maximum", MathBinaryOp::Max, lo, &x)?;
    }
    if let Some(hi) = max {
        x = extremum("minimum", MathBinaryOp::Min, hi, &x)?;
    }
    Ok(x)
}

/// `jnp.isclose`: |a - b| <= atol + rtol·|b| (or equal; NaNs equal with `equal_nan`).
pub fn isclose(a: &Value, b: &Value, rtol: f64, atol: f64, equal_nan: bool) -> Result<Value> {
    let [a, b] = promote2("isclose", a, b, Promote::Plain)?;
    let [a, b] = promote2("isclose", &a, &b, Promote::Inexact)?;
    let rtol = constant_like(&a, rtol)?;
    let atol = constant_like(&a, atol)?;
    let both_nan = logical(BitwiseOp::And, &isnan(&a)?, &isnan(&b)?)?;
    let finite = isfinite(&b)?;
    let diff = math(MathOp::Abs, &lax::sub(&a, &b)?)?;
    let bound = lax::add(&atol, &lax::mul(&rtol, &math(MathOp::Abs, &b)?)?)?;
    let in_range = lax::compare(CompareOp::Le, &diff, &bound)?;
    let equal = lax::compare(CompareOp::Eq, &a, &b)?;
    let out = logical(
        BitwiseOp::Or,
        &equal,
        &logical(BitwiseOp::And, &finite, &in_range)?,
    )?;
    if equal_nan {
        logical(BitwiseOp::Or, &out, &both_nan)
    } else {
        Ok(out)
    }
}

/// `jnp.all` of a bool array.
fn all(x: &Value) -> Result<Value> {
    let rank = x.shape().len();
    if rank == 0 {
        return Ok(x.clone());
    }
    reduce_and(x, (0..rank).collect())
}

pub fn allclose(a: &Value, b: &Value, rtol: f64, atol: f64, equal_nan: bool) -> Result<Value> {
    all(&isclose(a, b, rtol, atol, equal_nan)?)
}

fn false_scalar() -> Value {
    Value::Array(Array::from_f64_values(&[], DType::Bool, &[0.0]).expect("a bool scalar"))
}

/// `jnp.array_equal`: same shape and equal everywhere.
pub fn array_equal(a: &Value, b: &Value, equal_nan: bool) -> Result<Value> {
    if a.shape() != b.shape() {
        return Ok(false_scalar());
    }
    let mut eq = super::compare(CompareOp::Eq, a, b)?;
    if equal_nan {
        let nans = logical(BitwiseOp::And, &isnan(a)?, &isnan(b)?)?;
        eq = logical(BitwiseOp::Or, &eq, &nans)?;
    }
    all(&eq)
}

/// `jnp.array_equiv`: equal everywhere once broadcast (false when they do not broadcast).
pub fn array_equiv(a: &Value, b: &Value) -> Result<Value> {
    match super::compare(CompareOp::Eq, a, b) {
        Ok(eq) => all(&eq),
        Err(Error::IncompatibleShapes { .. }) => Ok(false_scalar()),
        Err(e) => Err(e),
    }
}

// ------------------------------------------------------------ custom_jvp

/// A JVP rule written in Rust: tangents of the outputs from the primals and input tangents.
type JvpFn = fn(&[Value], &[Value]) -> Result<Value>;

struct RustJvp {
    name: &'static str,
    body: fn(&[Value]) -> Result<Value>,
    rule: JvpFn,
}

impl CustomJvpRule for RustJvp {
    fn jvp(&self, primals: &[Value], tangents: &[Value]) -> Result<(Vec<Value>, Vec<Value>)> {
        let out = custom_jvp(self.name, primals, self.body, self.rule)?;
        Ok((vec![out], vec![(self.rule)(primals, tangents)?]))
    }
}

/// `body(args)` as a `custom_jvp_call` differentiated by `rule`, as JAX's `@custom_jvp`
/// functions are (their gradient is the rule's, not the body's).
pub fn custom_jvp(
    name: &'static str,
    args: &[Value],
    body: fn(&[Value]) -> Result<Value>,
    rule: JvpFn,
) -> Result<Value> {
    let avals: Vec<_> = args.iter().map(Value::aval).collect();
    let call = trace_to_jaxpr(name, &avals, true, |xs| Ok(vec![body(&xs)?]))?;
    let prim = CustomCall {
        name: Rc::from(name),
        call: Rc::new(call),
        rule: CustomRule::Jvp(Rc::new(RustJvp { name, body, rule })),
    };
    bind1(Rc::new(prim), args)
}
