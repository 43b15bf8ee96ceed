//! JAX's elementwise maths beyond `elementwise`'s arithmetic: unary functions (`sqrt` … `digamma`,
//! `abs`, `sign`, `floor`, `is_finite`, …) as one primitive over an op enum, `round` and
//! `integer_pow` (each with a param), binary functions (`max`, `min`, `pow`, `atan2`, `rem`,
//! `nextafter`, `polygamma`) as another, and `select_n` and `clamp`. Each keeps JAX 0.10.2's
//! dtype rules and error words, and its JVP is built from the primitives JAX's rule uses, so a
//! `grad` jaxpr reads as JAX's. `ops` binds them, as `lax` does the arithmetic.
//!
//! Values: `tanh`, `logistic`, `log1p` and `erf_inv` are XLA's CPU kernels (`xla_f32`), so bit
//! for bit JAX's; other f32 results are computed in f64 and rounded once wherever the f32
//! function is not exact (see `special` for the functions Rust lacks); integers wrap like XLA's.
//! Outside `xla_f32`, where JAX on CPU flushes subnormal inputs or results to zero, these keep
//! them.

use super::elementwise::{
    broadcast_result, broadcast_shapes, dtypes_differ, op_enum, op_index, zip_broadcast,
};
use super::int::Int;
use super::{check_arity, special, xla_f32, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{Array, Buffer, ShapedArray};
use crate::batching::{materialize, move_to_front};
use crate::dense::Dense;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::elementwise::{CompareOp, UnaryOp};
use crate::trace::{bind1, Value};
use ops::*;
use std::rc::Rc;

op_enum!(MathOp, "math op" {
    Sqrt => "sqrt",
    Rsqrt => "rsqrt",
    Cbrt => "cbrt",
    Tanh => "tanh",
    Logistic => "logistic",
    Tan => "tan",
    Asin => "asin",
    Acos => "acos",
    Atan => "atan",
    Sinh => "sinh",
    Cosh => "cosh",
    Asinh => "asinh",
    Acosh => "acosh",
    Atanh => "atanh",
    Expm1 => "expm1",
    Log1p => "log1p",
    Exp2 => "exp2",
    Erf => "erf",
    Erfc => "erfc",
    ErfInv => "erf_inv",
    Lgamma => "lgamma",
    Digamma => "digamma",
    IsFinite => "is_finite",
    Square => "square",
    Abs => "abs",
    Sign => "sign",
    Floor => "floor",
    Ceil => "ceil",
});

op_enum!(MathBinaryOp, "binary math op" {
    Max => "max",
    Min => "min",
    Pow => "pow",
    Atan2 => "atan2",
    Rem => "rem",
    Nextafter => "nextafter",
    Polygamma => "polygamma",
});

const FLOATING: &str = "floating";
const FLOATING_COMPLEX: &str = "floating, complexfloating";
const NUMERIC: &str = "integer, floating, complexfloating";
const ANY: &str = "integer, bool, floating, complexfloating";

/// Whether `dtype` is of a kind in `accepted` (JAX's list, as its errors write it).
fn kind_ok(dtype: DType, accepted: &str) -> bool {
    let has = |kind| accepted.split(", ").any(|k| k == kind);
    match dtype {
        DType::Float32 => true,
        DType::Int32 => has("integer") || has("signedinteger"),
        DType::Uint32 | DType::Uint8 => has("integer"),
        DType::Bool => has("bool"),
        DType::KeyFry => false,
    }
}

impl MathOp {
    /// The dtype kinds JAX's rule accepts, in its error's words; integers pass where they are
    /// named.
    pub fn accepted(self) -> &'static str {
        use MathOp::*;
        match self {
            Cbrt | Erf | Erfc | ErfInv | Lgamma | Digamma | IsFinite | Floor | Ceil => FLOATING,
            Square | Sign => NUMERIC,
            Abs => "floating, complexfloating, signedinteger",
            _ => FLOATING_COMPLEX,
        }
    }

    /// `op` over a float array, with a loop of its own per op.
    fn eval_f32(self, a: &Dense<f32>) -> Buffer {
        use MathOp::*;
        Buffer::F32(match self {
            Sqrt => a.map(f32::sqrt),
            Rsqrt => wide(a, |x| 1.0 / x.sqrt()),
            Cbrt => wide(a, f64::cbrt),
            Tanh => a.map(xla_f32::tanh),
            Logistic => a.map(xla_f32::logistic),
            Tan => a.map(xla_f32::tan),
            Asin => wide(a, f64::asin),
            Acos => wide(a, f64::acos),
            Atan => wide(a, f64::atan),
            Sinh => wide(a, f64::sinh),
            Cosh => wide(a, f64::cosh),
            Asinh => wide(a, f64::asinh),
            Acosh => wide(a, f64::acosh),
            Atanh => wide(a, f64::atanh),
            Expm1 => wide(a, f64::exp_m1),
            Log1p => a.map(xla_f32::log1p),
            Exp2 => wide(a, f64::exp2),
            Erf => a.map(xla_f32::erf),
            Erfc => a.map(special::erfc),
            ErfInv => a.map(xla_f32::erf_inv),
            Lgamma => a.map(special::lgamma),
            Digamma => a.map(special::digamma),
            IsFinite => return Buffer::Bool(a.map(f32::is_finite)),
            Square => a.map(|x| x * x),
            Abs => a.map(f32::abs),
            // ±0 and NaN are their own sign (f32::signum would give ±1 for zeros).
            Sign => a.map(|x| match x {
                _ if x > 0.0 => 1.0,
                _ if x < 0.0 => -1.0,
                _ => x,
            }),
            Floor => a.map(f32::floor),
            Ceil => a.map(f32::ceil),
        })
    }

    /// `op` over an int32 array, for the ops that accept one: wrapping, as XLA's.
    fn eval_i32(self, a: &Dense<i32>) -> Option<Dense<i32>> {
        match self {
            MathOp::Square => Some(a.map(|x| x.wrapping_mul(x))),
            MathOp::Abs => Some(a.map(i32::wrapping_abs)),
            MathOp::Sign => Some(a.map(i32::signum)),
            _ => None,
        }
    }

    /// `op` over an unsigned array, for the ops that accept one.
    fn eval_unsigned<T: Int>(self, a: &Dense<T>) -> Option<Dense<T>> {
        match self {
            MathOp::Square => Some(a.map(|x| x.wrapping_mul(x))),
            MathOp::Sign => Some(a.map(|x| x.min(T::ONE))),
            _ => None,
        }
    }

    /// The tangent of `op` at `x` (result `ans`) along `g`, built as JAX's rule builds it;
    /// `None` for the ops JAX gives a zero tangent.
    fn tangent(self, g: &Value, x: &Value, ans: &Value) -> Result<Option<Value>> {
        use MathOp::*;
        let one = || konst(x, 1.0);
        let t = match self {
            Sqrt => lax::mul(g, &lax::div(&konst(x, 0.5)?, ans)?)?,
            Rsqrt => lax::mul(g, &lax::mul(&konst(x, -0.5)?, &lax::div(ans, x)?)?)?,
            Cbrt => {
                let third = konst(x, 1.0 / 3.0)?;
                lax::mul(g, &lax::mul(&third, &integer_pow(ans, -2)?)?)?
            }
            Tanh => lax::mul(&lax::add(g, &lax::mul(g, ans)?)?, &lax::sub(&one()?, ans)?)?,
            Logistic => lax::mul(g, &lax::mul(ans, &lax::sub(&one()?, ans)?)?)?,
            Tan => lax::mul(g, &lax::add(&one()?, &square(ans)?)?)?,
            Asin => lax::mul(g, &math(Rsqrt, &lax::sub(&one()?, &square(x)?)?)?)?,
            Acos => {
                let r = math(Rsqrt, &lax::sub(&one()?, &square(x)?)?)?;
                lax::mul(g, &lax::neg(&r)?)?
            }
            Atan => lax::div(g, &lax::add(&one()?, &square(x)?)?)?,
            Sinh => lax::mul(g, &math(Cosh, x)?)?,
            Cosh => lax::mul(g, &math(Sinh, x)?)?,
            Asinh => lax::mul(g, &math(Rsqrt, &lax::add(&square(x)?, &one()?)?)?)?,
            Acosh => lax::mul(g, &math(Rsqrt, &lax::sub(&square(x)?, &one()?)?)?)?,
            Atanh => {
                let reciprocal = integer_pow(&lax::add(&one()?, x)?, -1)?;
                lax::mul(&reciprocal, &lax::div(g, &lax::sub(&one()?, x)?)?)?
            }
            Expm1 => lax::mul(g, &lax::add(ans, &one()?)?)?,
            Log1p => lax::div(g, &lax::add(x, &one()?)?)?,
            Exp2 => {
                let ln2 = lax::unary(UnaryOp::Log, &konst(x, 2.0)?)?;
                lax::mul(&ln2, &lax::mul(g, ans)?)?
            }
            Erf | Erfc => {
                let c = std::f64::consts::FRAC_2_SQRT_PI;
                let c = konst(x, if self == Erf { c } else { -c })?;
                let bell = lax::unary(UnaryOp::Exp, &lax::neg(&square(x)?)?)?;
                lax::mul(&c, &lax::mul(g, &bell)?)?
            }
            ErfInv => {
                let c = konst(x, std::f64::consts::PI.sqrt() / 2.0)?;
                let grow = lax::unary(UnaryOp::Exp, &square(ans)?)?;
                lax::mul(&c, &lax::mul(g, &grow)?)?
            }
            Lgamma => lax::mul(g, &math(Digamma, x)?)?,
            Digamma => lax::mul(g, &math_binary(MathBinaryOp::Polygamma, &one()?, x)?)?,
            Square => lax::mul(g, &lax::mul(&konst(x, 2.0)?, x)?)?,
            Abs => {
                let ge = lax::compare(CompareOp::Ge, x, &konst(x, 0.0)?)?;
                select_n(&ge, &[lax::neg(g)?, g.clone()])?
            }
            IsFinite | Sign | Floor | Ceil => return Ok(None),
        };
        Ok(Some(t))
    }
}

/// `f` over an f32 array, computed in f64 and rounded once.
fn wide(a: &Dense<f32>, f: impl Fn(f64) -> f64) -> Dense<f32> {
    a.map(|x| f(f64::from(x)) as f32)
}

/// JAX's `_const(x, v)`: a scalar of `x`'s dtype, weakly typed when `x` is a weak scalar (JAX
/// makes it a Python scalar then), so a weak input keeps a weak tangent.
fn konst(x: &Value, v: f64) -> Result<Value> {
    let aval = x.aval();
    let weak = aval.weak_type && aval.shape.is_empty();
    Ok(Value::Array(
        Array::from_f64_values(&[], aval.dtype, &[v])?.with_weak_type(weak),
    ))
}

/// JAX's `full_like(x, v)`: `x`'s type (weak type included) filled with `v`.
fn full_like(x: &Value, v: f64) -> Result<Value> {
    let aval = x.aval();
    let scalar = Array::from_f64_values(&[], aval.dtype, &[v])?.with_weak_type(aval.weak_type);
    lax::broadcast_in_dim(&Value::Array(scalar), &aval.shape, Vec::new())
}

fn not_accepted(primitive: &'static str, dtype: DType, accepted: &'static str) -> Error {
    Error::DtypeNotAccepted {
        primitive,
        dtype: dtype.name().into(),
        accepted,
    }
}

/// A unary math primitive.
#[derive(Debug)]
pub struct Math(pub MathOp);

impl Primitive for Math {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let (dtype, accepted) = (inputs[0].dtype, self.0.accepted());
        if !kind_ok(dtype, accepted) {
            return Err(not_accepted(self.name(), dtype, accepted));
        }
        if self.0 == MathOp::IsFinite {
            // As JAX's: `is_finite(0.5)` of a weak float is a weak bool.
            let mut out = ShapedArray::new(inputs[0].shape.clone(), DType::Bool);
            out.weak_type = inputs[0].weak_type;
            return Ok(vec![out]);
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => self.0.eval_f32(a),
            Buffer::I32(a) => Buffer::I32(self.0.eval_i32(a).ok_or_else(|| internal(self))?),
            Buffer::U32(a) => Buffer::U32(self.0.eval_unsigned(a).ok_or_else(|| internal(self))?),
            Buffer::U8(a) => Buffer::U8(self.0.eval_unsigned(a).ok_or_else(|| internal(self))?),
            Buffer::Bool(_) | Buffer::Key(_) => return Err(internal(self)),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let x = &primals[0];
        let ans = math(self.0, x)?;
        let tangent = match &tangents[0] {
            Some(g) => self.0.tangent(g, x, &ans)?,
            None => None,
        };
        Ok((vec![ans], vec![tangent]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![math(self.0, &args[0])?], vec![dims[0]]))
    }
}

/// A dtype the abstract evaluation let through but the kernel has no loop for: a bug.
fn internal(p: &dyn Primitive) -> Error {
    Error::internal(format!(
        "{} has no kernel for its operand's dtype",
        p.name()
    ))
}

/// `lax.RoundingMethod`, printed as its number as JAX prints the enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundingMethod {
    AwayFromZero = 0,
    ToNearestEven = 1,
}

#[derive(Debug)]
pub struct Round {
    pub rounding_method: RoundingMethod,
}

impl Primitive for Round {
    fn name(&self) -> &'static str {
        "round"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let method = (self.rounding_method as u8).to_string();
        vec![("rounding_method", method.into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity("round", inputs, 1)?;
        if inputs[0].dtype != DType::Float32 {
            return Err(not_accepted("round", inputs[0].dtype, FLOATING));
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&[inputs[0].aval()])?;
        let Buffer::F32(a) = inputs[0].buffer() else {
            return Err(internal(self));
        };
        let out = match self.rounding_method {
            RoundingMethod::AwayFromZero => a.map(f32::round),
            RoundingMethod::ToNearestEven => a.map(f32::round_ties_even),
        };
        Ok(vec![
            Array::from_buffer(Buffer::F32(out)).with_weak_type(inputs[0].weak_type())
        ])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((vec![round(&primals[0], self.rounding_method)?], vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![round(&args[0], self.rounding_method)?], vec![dims[0]]))
    }
}

/// `x ** y` for a whole `y` given as a param.
#[derive(Debug)]
pub struct IntegerPow {
    pub y: i32,
}

/// `x^y` by squaring, as JAX's lowering multiplies: the same roundings in f32, wrapping in i32.
fn power_by_squaring<T: Copy>(x: T, y: u32, mul: impl Fn(T, T) -> T) -> Option<T> {
    let (mut base, mut y, mut acc) = (x, y, None);
    while y > 0 {
        if y & 1 == 1 {
            acc = Some(acc.map_or(base, |a| mul(a, base)));
        }
        y >>= 1;
        if y > 0 {
            base = mul(base, base);
        }
    }
    acc
}

impl Primitive for IntegerPow {
    fn name(&self) -> &'static str {
        "integer_pow"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("y", self.y.to_string().into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity("integer_pow", inputs, 1)?;
        let x = &inputs[0];
        match x.dtype {
            DType::Bool | DType::KeyFry => {
                return Err(not_accepted("integer_pow", x.dtype, NUMERIC))
            }
            DType::Int32 | DType::Uint32 | DType::Uint8 if self.y < 0 => {
                return Err(Error::usage(format!(
                    "Integers cannot be raised to negative powers, got integer_pow({}, {})",
                    jax_aval(x),
                    self.y
                )))
            }
            _ => {}
        }
        Ok(vec![x.clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&[inputs[0].aval()])?;
        let y = self.y.unsigned_abs();
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => Buffer::F32(a.map(|x| {
                let p = power_by_squaring(x, y, |a, b| a * b).unwrap_or(1.0);
                if self.y < 0 {
                    1.0 / p
                } else {
                    p
                }
            })),
            Buffer::I32(a) => {
                Buffer::I32(a.map(|x| power_by_squaring(x, y, i32::wrapping_mul).unwrap_or(1)))
            }
            Buffer::U32(a) => {
                Buffer::U32(a.map(|x| power_by_squaring(x, y, u32::wrapping_mul).unwrap_or(1)))
            }
            Buffer::U8(a) => {
                Buffer::U8(a.map(|x| power_by_squaring(x, y, u8::wrapping_mul).unwrap_or(1)))
            }
            Buffer::Bool(_) | Buffer::Key(_) => return Err(internal(self)),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(inputs[0].weak_type())
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (x, y) = (&primals[0], self.y);
        let ans = integer_pow(x, y)?;
        let Some(g) = &tangents[0] else {
            return Ok((vec![ans], vec![None]));
        };
        let t = match y {
            0 => full_like(g, 0.0)?,
            1 => g.clone(),
            2 => lax::mul(g, &lax::mul(&konst(x, 2.0)?, x)?)?,
            _ => lax::mul(
                g,
                &lax::mul(&konst(x, f64::from(y))?, &integer_pow(x, y - 1)?)?,
            )?,
        };
        Ok((vec![ans], vec![Some(t)]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![integer_pow(&args[0], self.y)?], vec![dims[0]]))
    }
}

/// An aval as JAX's `str` shows it in messages: `int32[]`, `float32[2,3]`.
fn jax_aval(a: &ShapedArray) -> String {
    let dims: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
    format!("{}[{}]", a.dtype.name(), dims.join(","))
}

impl MathBinaryOp {
    /// What JAX accepts at each position, in its words.
    fn accepted(self, position: usize) -> &'static str {
        use MathBinaryOp::*;
        match (self, position) {
            (Max | Min, _) => ANY,
            (Pow, 1) => NUMERIC,
            (Pow | Atan2, _) => FLOATING_COMPLEX,
            (Rem, _) => "integer, floating",
            (Nextafter | Polygamma, _) => FLOATING,
        }
    }

    /// `op` over two unsigned arrays, for the ops that accept them (XLA: `x % 0 = x`).
    fn eval_unsigned<T: Int>(
        self,
        a: &Dense<T>,
        b: &Dense<T>,
        shape: &[usize],
    ) -> Option<Dense<T>> {
        match self {
            MathBinaryOp::Max => Some(zip_broadcast(a, b, shape, T::max)),
            MathBinaryOp::Min => Some(zip_broadcast(a, b, shape, T::min)),
            MathBinaryOp::Rem => Some(zip_broadcast(a, b, shape, |x, y| {
                x.checked_rem(y).unwrap_or(x)
            })),
            _ => None,
        }
    }

    fn eval_f32(self, a: &Dense<f32>, b: &Dense<f32>, shape: &[usize]) -> Dense<f32> {
        use MathBinaryOp::*;
        match self {
            Max => zip_broadcast(a, b, shape, max_f32),
            Min => zip_broadcast(a, b, shape, min_f32),
            Pow => zip_broadcast(a, b, shape, xla_f32::pow),
            Atan2 => zip_broadcast(a, b, shape, |x, y| f64::from(x).atan2(f64::from(y)) as f32),
            Rem => zip_broadcast(a, b, shape, |x, y| x % y),
            Nextafter => zip_broadcast(a, b, shape, next_after),
            Polygamma => zip_broadcast(a, b, shape, special::polygamma),
        }
    }
}

/// XLA's max: NaN wins, and +0 is above -0.
fn max_f32(x: f32, y: f32) -> f32 {
    match () {
        _ if x.is_nan() || y.is_nan() => f32::NAN,
        _ if x == y => f32::from_bits(x.to_bits() & y.to_bits()),
        _ => x.max(y),
    }
}

/// XLA's min: NaN wins, and -0 is below +0.
fn min_f32(x: f32, y: f32) -> f32 {
    match () {
        _ if x.is_nan() || y.is_nan() => f32::NAN,
        _ if x == y => f32::from_bits(x.to_bits() | y.to_bits()),
        _ => x.min(y),
    }
}

/// The f32 next after `x` towards `y` (C's `nextafterf`).
fn next_after(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x == y {
        y
    } else if x == 0.0 {
        f32::from_bits(1).copysign(y)
    } else if (y > x) == (x > 0.0) {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}

/// JAX's error for an operand of a kind not in `accepted` at `position`.
fn check_position(name: &str, position: usize, dtype: DType, accepted: &str) -> Result<()> {
    if kind_ok(dtype, accepted) {
        return Ok(());
    }
    Err(Error::usage(format!(
        "{name} does not accept dtype {dtype} at position {position}. Accepted dtypes at \
         position {position} are subtypes of {accepted}."
    )))
}

/// A binary math primitive.
#[derive(Debug)]
pub struct MathBinary(pub MathBinaryOp);

impl Primitive for MathBinary {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (a, b) = (&inputs[0], &inputs[1]);
        for (i, x) in inputs.iter().enumerate() {
            check_position(self.name(), i, x.dtype, self.0.accepted(i))?;
        }
        // pow takes an integer exponent of a float; the others want one dtype.
        if a.dtype != b.dtype && self.0 != MathBinaryOp::Pow {
            return Err(dtypes_differ(self.name(), &[a.dtype, b.dtype]));
        }
        broadcast_result(self.name(), a, b)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let shape = &out[0].shape;
        let op = self.0;
        let buffer = match (inputs[0].buffer(), inputs[1].buffer()) {
            (Buffer::F32(a), Buffer::F32(b)) => Buffer::F32(op.eval_f32(a, b, shape)),
            // As JAX's lowering: the exponent converted to the base's float type.
            (Buffer::F32(a), Buffer::I32(b)) => {
                Buffer::F32(op.eval_f32(a, &b.map(|y| y as f32), shape))
            }
            (Buffer::F32(a), Buffer::U32(b)) => {
                Buffer::F32(op.eval_f32(a, &b.map(|y| y as f32), shape))
            }
            (Buffer::F32(a), Buffer::U8(b)) => {
                Buffer::F32(op.eval_f32(a, &b.map(f32::from), shape))
            }
            (Buffer::U32(a), Buffer::U32(b)) => Buffer::U32(
                op.eval_unsigned(a, b, shape)
                    .ok_or_else(|| internal(self))?,
            ),
            (Buffer::U8(a), Buffer::U8(b)) => Buffer::U8(
                op.eval_unsigned(a, b, shape)
                    .ok_or_else(|| internal(self))?,
            ),
            (Buffer::I32(a), Buffer::I32(b)) => Buffer::I32(match op {
                MathBinaryOp::Max => zip_broadcast(a, b, shape, i32::max),
                MathBinaryOp::Min => zip_broadcast(a, b, shape, i32::min),
                // XLA: x % 0 = x, and MIN % -1 = 0.
                MathBinaryOp::Rem => {
                    zip_broadcast(
                        a,
                        b,
                        shape,
                        |x, y| {
                            if y == 0 {
                                x
                            } else {
                                x.wrapping_rem(y)
                            }
                        },
                    )
                }
                _ => return Err(internal(self)),
            }),
            (Buffer::Bool(a), Buffer::Bool(b)) => Buffer::Bool(match op {
                MathBinaryOp::Max => zip_broadcast(a, b, shape, |x, y| x || y),
                _ => zip_broadcast(a, b, shape, |x, y| x && y),
            }),
            _ => return Err(internal(self)),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        use MathBinaryOp::*;
        let (x, y) = (&primals[0], &primals[1]);
        let ans = math_binary(self.0, x, y)?;
        let shape = ans.aval().shape;
        let mut terms = Vec::new();
        for (i, g) in tangents.iter().enumerate() {
            let Some(g) = g else { continue };
            let t = match (self.0, i) {
                (Max | Min, 0) => lax::mul(g, &balanced_eq(x, &ans, y)?)?,
                (Max | Min, _) => lax::mul(g, &balanced_eq(y, &ans, x)?)?,
                (Pow, 0) => pow_jvp_base(g, x, y)?,
                (Pow, _) => {
                    let ln = lax::unary(UnaryOp::Log, &replace_zero(x)?)?;
                    let t = lax::mul(g, &lax::mul(&ln, &ans)?)?;
                    lax::convert(&t, y.aval().dtype, false)?
                }
                (Atan2, _) => {
                    let numerator = if i == 0 { y.clone() } else { lax::neg(x)? };
                    let r2 = lax::add(&square(x)?, &square(y)?)?;
                    lax::mul(g, &lax::div(&numerator, &r2)?)?
                }
                (Rem, 0) => g.clone(),
                (Rem, _) => {
                    let sign = math(MathOp::Sign, &lax::div(x, y)?)?;
                    let whole = math(MathOp::Floor, &math(MathOp::Abs, &lax::div(x, y)?)?)?;
                    lax::mul(&lax::neg(g)?, &lax::mul(&sign, &whole)?)?
                }
                (Polygamma, 0) => {
                    return Err(Error::usage(
                        "polygamma gradient with respect to m is not supported",
                    ))
                }
                (Polygamma, _) => {
                    let next = lax::add(x, &konst(x, 1.0)?)?;
                    lax::mul(g, &math_binary(Polygamma, &next, y)?)?
                }
                (Nextafter, _) => {
                    return Err(Error::MissingRule {
                        primitive: "nextafter",
                        rule: "differentiation (JVP)",
                    })
                }
            };
            terms.push(lax::broadcast_like(&t, &shape)?);
        }
        let tangent = terms
            .into_iter()
            .try_fold(None, |sum, t| lax::add_tangents(sum, Some(t)))?;
        Ok((vec![ans], vec![tangent]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let (a, b, dim) = crate::batching::align_pair(&args[0], dims[0], &args[1], dims[1])?;
        Ok((vec![math_binary(self.0, &a, &b)?], vec![Some(dim)]))
    }
}

/// JAX's `_balanced_eq(x, z, y)`: 1 where `x` is the result `z`, halved where `y` is too, so
/// a tie shares the tangent.
fn balanced_eq(x: &Value, z: &Value, y: &Value) -> Result<Value> {
    let hit = lax::compare(CompareOp::Eq, x, z)?;
    let numerator = select_n(&hit, &[full_like(z, 0.0)?, full_like(z, 1.0)?])?;
    let tie = lax::compare(CompareOp::Eq, y, z)?;
    let denominator = select_n(&tie, &[full_like(z, 1.0)?, full_like(z, 2.0)?])?;
    lax::div(&numerator, &denominator)
}

/// JAX's `_replace_zero(x)`: `x` with its zeros made ones.
fn replace_zero(x: &Value) -> Result<Value> {
    let zero = lax::compare(CompareOp::Eq, x, &konst(x, 0.0)?)?;
    select_n(&zero, &[x.clone(), full_like(x, 1.0)?])
}

/// The tangent of `x ** y` along the base's `g`, as JAX's `_pow_jvp_lhs`: `y · x^(y-1)`, and
/// for an integer `y` 0 where `y` is 0 (where `x^(y-1)` may be infinite).
fn pow_jvp_base(g: &Value, x: &Value, y: &Value) -> Result<Value> {
    let x = lax::convert(x, DType::Float32, false)?;
    let y_int = y.aval().dtype.is_integer();
    let y = lax::convert(y, DType::Float32, false)?;
    let jac = if y_int {
        let shape = broadcast_shapes("pow", &x.aval().shape, &y.aval().shape)?;
        let (x, y) = (
            lax::broadcast_like(&x, &shape)?,
            lax::broadcast_like(&y, &shape)?,
        );
        let zero = lax::compare(CompareOp::Eq, &y, &konst(&y, 0.0)?)?;
        let zeros = full_like(&y, 0.0)?;
        // In JAX's order: `_replace_zero(y)` is staged before the power.
        let nonzero = replace_zero(&y)?;
        let power = math_binary(MathBinaryOp::Pow, &x, &lax::sub(&y, &full_like(&y, 1.0)?)?)?;
        select_n(&zero, &[lax::mul(&nonzero, &power)?, zeros])?
    } else {
        let power = math_binary(MathBinaryOp::Pow, &x, &lax::sub(&y, &full_like(&y, 1.0)?)?)?;
        lax::mul(&y, &power)?
    };
    lax::mul(g, &jac)
}

/// `select_n(which, *cases)`: per element, the case `which` names (a bool picks case 1 when
/// true; an integer out of range picks the nearest case, as XLA's comparison tree does).
#[derive(Debug)]
pub struct SelectN;

impl Primitive for SelectN {
    fn name(&self) -> &'static str {
        "select_n"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let Some((which, cases)) = inputs.split_first() else {
            return Err(check_arity("select_n", inputs, 1).unwrap_err());
        };
        let Some(first) = cases.first() else {
            return Err(Error::usage("select must have at least one case"));
        };
        if cases.iter().any(|c| c.shape != first.shape) {
            let shapes: Vec<String> = cases
                .iter()
                .map(|c| crate::array::shape_tuple(&c.shape))
                .collect();
            return Err(Error::usage(format!(
                "select cases must have the same shapes, got [{}].",
                shapes.join(", ")
            )));
        }
        if !which.shape.is_empty() && which.shape != first.shape {
            return Err(Error::usage(format!(
                "select `which` must be scalar or have the same shape as cases, got `which` shape {} but case shape {}.",
                crate::array::shape_tuple(&which.shape),
                crate::array::shape_tuple(&first.shape)
            )));
        }
        if cases.iter().any(|c| c.dtype != first.dtype) {
            let dtypes: Vec<DType> = cases.iter().map(|c| c.dtype).collect();
            return Err(dtypes_differ("select", &dtypes));
        }
        match which.dtype {
            DType::Float32 | DType::KeyFry => {
                return Err(Error::usage(format!(
                    "select `which` must be boolean or integer type, got {}.",
                    which.dtype
                )))
            }
            DType::Bool if cases.len() > 2 => {
                return Err(Error::usage(
                    "select with boolean `which` cannot have > 2 cases.",
                ))
            }
            _ => {}
        }
        Ok(vec![ShapedArray {
            weak_type: cases.iter().all(|c| c.weak_type),
            ..first.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let out = self.abstract_eval(&avals)?;
        let last = inputs.len() - 2;
        let which: Vec<usize> = match inputs[0].buffer() {
            Buffer::Bool(w) => w.iter().map(|&b| usize::from(b)).collect(),
            Buffer::I32(w) => w
                .iter()
                .map(|&i| i.clamp(0, last as i32) as usize)
                .collect(),
            Buffer::U32(w) => w.iter().map(|&i| (i as usize).min(last)).collect(),
            Buffer::U8(w) => w.iter().map(|&i| usize::from(i).min(last)).collect(),
            Buffer::F32(_) | Buffer::Key(_) => return Err(internal(self)),
        };
        let cases = &inputs[1..];
        let shape = &out[0].shape;
        let buffer = match cases[0].buffer() {
            Buffer::F32(_) => Buffer::F32(pick(&which, shape, cases, |b| match b {
                Buffer::F32(d) => Some(d),
                _ => None,
            })?),
            Buffer::I32(_) => Buffer::I32(pick(&which, shape, cases, |b| match b {
                Buffer::I32(d) => Some(d),
                _ => None,
            })?),
            Buffer::Bool(_) => Buffer::Bool(pick(&which, shape, cases, |b| match b {
                Buffer::Bool(d) => Some(d),
                _ => None,
            })?),
            Buffer::U32(_) => Buffer::U32(pick(&which, shape, cases, |b| match b {
                Buffer::U32(d) => Some(d),
                _ => None,
            })?),
            Buffer::U8(_) => Buffer::U8(pick(&which, shape, cases, |b| match b {
                Buffer::U8(d) => Some(d),
                _ => None,
            })?),
            Buffer::Key(_) => Buffer::Key(pick(&which, shape, cases, |b| match b {
                Buffer::Key(d) => Some(d),
                _ => None,
            })?),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (which, cases) = (&primals[0], &primals[1..]);
        let out = select_n(which, cases)?;
        let Some(first) = tangents[1..].iter().flatten().next() else {
            return Ok((vec![out], vec![None]));
        };
        let zero = full_like(first, 0.0)?;
        let ts: Vec<Value> = tangents[1..]
            .iter()
            .map(|t| t.clone().unwrap_or_else(|| zero.clone()))
            .collect();
        Ok((vec![out], vec![Some(select_n(which, &ts)?)]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let LinearArg::Known(which) = &args[0] else {
            return Err(Error::InvalidArgument {
                primitive: "select_n",
                message: "`which` cannot be linear".into(),
            });
        };
        let mut out = vec![None];
        let Some(ct) = &cts[0] else {
            out.resize(args.len(), None);
            return Ok(out);
        };
        let zeros = full_like(ct, 0.0)?;
        let boolean = which.aval().dtype == DType::Bool;
        for (i, case) in args[1..].iter().enumerate() {
            if matches!(case, LinearArg::Known(_)) {
                out.push(None);
                continue;
            }
            let ct_i = match (boolean, i) {
                (true, 0) => select_n(which, &[ct.clone(), zeros.clone()])?,
                (true, _) => select_n(which, &[zeros.clone(), ct.clone()])?,
                (false, _) => {
                    let index = konst(which, i as f64)?;
                    let hit = lax::compare(CompareOp::Eq, which, &index)?;
                    select_n(&hit, &[zeros.clone(), ct.clone()])?
                }
            };
            out.push(Some(ct_i));
        }
        Ok(out)
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let (which, cases) = (&args[0], &args[1..]);
        let (which_dim, case_dims) = (dims[0], &dims[1..]);
        let rank = |v: &Value| v.aval().shape.len();
        // JAX's special cases first, which avoid moving axes.
        if case_dims.iter().all(|&d| d == which_dim) {
            let which = match which_dim {
                Some(d) if rank(which) != rank(&cases[0]) => {
                    lax::broadcast_in_dim(which, &cases[0].aval().shape, vec![d])?
                }
                _ => which.clone(),
            };
            return Ok((vec![select_n(&which, cases)?], vec![which_dim]));
        }
        if rank(which) == 0 && case_dims.iter().all(Option::is_some) {
            let d = case_dims[0];
            if case_dims.iter().all(|&c| c == d) {
                return Ok((vec![select_n(which, cases)?], vec![d]));
            }
            if cases
                .iter()
                .all(|c| c.aval().shape == cases[0].aval().shape)
            {
                let to = d.unwrap_or(0);
                let moved = cases
                    .iter()
                    .zip(case_dims)
                    .map(|(c, &cd)| lax::moveaxis(c, cd.unwrap_or(0), to))
                    .collect::<Result<Vec<_>>>()?;
                return Ok((vec![select_n(which, &moved)?], vec![d]));
            }
        }
        let mut which = match rank(which) {
            0 => which.clone(),
            _ => materialize(which, which_dim, axis_size)?,
        };
        let mut cases = if cases.iter().all(|c| rank(c) == 0) {
            cases.to_vec()
        } else {
            cases
                .iter()
                .zip(case_dims)
                .map(|(c, &d)| materialize(c, d, axis_size))
                .collect::<Result<Vec<_>>>()?
        };
        let case_shape = cases[0].aval().shape;
        if (1..case_shape.len()).contains(&rank(&which)) {
            which = lax::broadcast_in_dim(&which, &case_shape, vec![0])?;
        }
        if rank(&which) > case_shape.len() {
            let shape = which.aval().shape;
            cases = cases
                .iter()
                .map(|c| lax::broadcast_like(c, &shape))
                .collect::<Result<Vec<_>>>()?;
        }
        Ok((vec![select_n(&which, &cases)?], vec![Some(0)]))
    }
}

/// The selected elements: `which[i]` (or its one element) names the case element `i` comes
/// from; `dense` reads a case's elements of the dtype at hand.
fn pick<T: Copy>(
    which: &[usize],
    shape: &[usize],
    cases: &[Array],
    dense: impl Fn(&Buffer) -> Option<&Dense<T>>,
) -> Result<Dense<T>> {
    let data = cases
        .iter()
        .map(|c| dense(c.buffer()).map(Dense::data))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Error::internal("select_n cases of differing dtypes"))?;
    let n = crate::dense::element_count(shape);
    let step = usize::from(which.len() == n && n != 1);
    let mut out = Dense::room_for(shape);
    out.extend((0..n).map(|i| data[which[i * step]][i]));
    Ok(Dense::filled(shape, out))
}

/// `clamp(lo, x, hi)`: `min(max(x, lo), hi)`, with `lo` and `hi` scalars or shaped like `x`.
#[derive(Debug)]
pub struct Clamp;

impl Primitive for Clamp {
    fn name(&self) -> &'static str {
        "clamp"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity("clamp", inputs, 3)?;
        let (lo, x, hi) = (&inputs[0], &inputs[1], &inputs[2]);
        for (i, a) in inputs.iter().enumerate() {
            check_position("clamp", i, a.dtype, ANY)?;
        }
        for (name, bound) in [("min", lo), ("max", hi)] {
            if !bound.shape.is_empty() && bound.shape != x.shape {
                return Err(Error::usage(format!(
                    "clamp requires {name}.shape == operand.shape or {name}.shape == (), got {name}.shape={}, operand.shape={}.",
                    crate::array::shape_tuple(&bound.shape),
                    crate::array::shape_tuple(&x.shape)
                )));
            }
        }
        if lo.dtype != x.dtype || hi.dtype != x.dtype {
            return Err(dtypes_differ("clamp", &[lo.dtype, x.dtype, hi.dtype]));
        }
        Ok(vec![ShapedArray {
            weak_type: inputs.iter().all(|a| a.weak_type),
            ..x.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let out = self.abstract_eval(&avals)?;
        let buffer = match (inputs[0].buffer(), inputs[1].buffer(), inputs[2].buffer()) {
            (Buffer::F32(lo), Buffer::F32(x), Buffer::F32(hi)) => {
                Buffer::F32(clamp_with(lo, x, hi, |v, l, h| min_f32(max_f32(v, l), h)))
            }
            (Buffer::I32(lo), Buffer::I32(x), Buffer::I32(hi)) => {
                Buffer::I32(clamp_with(lo, x, hi, |v, l, h| v.max(l).min(h)))
            }
            (Buffer::U32(lo), Buffer::U32(x), Buffer::U32(hi)) => {
                Buffer::U32(clamp_with(lo, x, hi, |v, l, h| v.max(l).min(h)))
            }
            (Buffer::U8(lo), Buffer::U8(x), Buffer::U8(hi)) => {
                Buffer::U8(clamp_with(lo, x, hi, |v, l, h| v.max(l).min(h)))
            }
            (Buffer::Bool(lo), Buffer::Bool(x), Buffer::Bool(hi)) => {
                Buffer::Bool(clamp_with(lo, x, hi, |v, l, h| (v || l) && h))
            }
            _ => return Err(internal(self)),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (lo, x, hi) = (&primals[0], &primals[1], &primals[2]);
        let ans = clamp(lo, x, hi)?;
        let shape = x.aval().shape;
        let mut tangent = None;
        for (i, g) in tangents.iter().enumerate() {
            let Some(g) = g else { continue };
            let inside = |a: &Value, b: &Value| -> Result<Value> {
                let above = lax::compare(CompareOp::Gt, a, b)?;
                both(&above, &lax::compare(CompareOp::Lt, a, hi)?)
            };
            let moves = match i {
                0 => inside(lo, x)?,
                1 => inside(x, lo)?,
                _ => lax::compare(CompareOp::Lt, hi, x)?,
            };
            let g = lax::broadcast_like(g, &shape)?;
            let t = select_n(&moves, &[full_like(x, 0.0)?, g])?;
            tangent = lax::add_tangents(tangent, Some(t))?;
        }
        Ok((vec![ans], vec![tangent]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let (mut lo, mut x, mut hi) = (args[0].clone(), args[1].clone(), args[2].clone());
        let (lo_dim, x_dim, hi_dim) = (dims[0], dims[1], dims[2]);
        let rank = |v: &Value| v.aval().shape.len();
        let shape = |v: &Value| v.aval().shape;
        // JAX's special cases first, which avoid moving axes.
        if lo_dim == x_dim && x_dim == hi_dim {
            if shape(&lo) == shape(&x) && shape(&x) == shape(&hi) || rank(&lo) + rank(&hi) == 0 {
                return Ok((vec![clamp(&lo, &x, &hi)?], vec![x_dim]));
            }
            if let (1, 1, Some(l), Some(h)) = (rank(&lo), rank(&hi), lo_dim, hi_dim) {
                let lo = lax::broadcast_in_dim(&lo, &shape(&x), vec![l])?;
                let hi = lax::broadcast_in_dim(&hi, &shape(&x), vec![h])?;
                return Ok((vec![clamp(&lo, &x, &hi)?], vec![x_dim]));
            }
        } else if rank(&lo) == 0 && rank(&hi) == 0 && x_dim.is_some() {
            return Ok((vec![clamp(&lo, &x, &hi)?], vec![x_dim]));
        }
        let front = |v: &Value, d: Option<usize>| -> Result<Value> {
            if rank(v) == 0 {
                Ok(v.clone())
            } else if d.is_some() {
                move_to_front(v, d)
            } else {
                materialize(v, d, axis_size)
            }
        };
        lo = front(&lo, lo_dim)?;
        hi = front(&hi, hi_dim)?;
        x = front(&x, x_dim)?;
        // Scalar bounds first, then rank-1 ones, in JAX's order of staging.
        for bound in [&mut lo, &mut hi] {
            if rank(bound) == 0 && rank(&x) > 0 {
                *bound = lax::broadcast_like(bound, &shape(&x))?;
            }
        }
        for bound in [&mut lo, &mut hi] {
            if 0 < rank(bound) && rank(bound) < rank(&x) {
                *bound = lax::broadcast_in_dim(bound, &shape(&x), vec![0])?;
            }
        }
        if rank(&lo) > rank(&x) {
            x = lax::broadcast_like(&x, &shape(&lo))?;
        }
        Ok((vec![clamp(&lo, &x, &hi)?], vec![Some(0)]))
    }
}

/// Elementwise logical and of two bool arrays, with `and` as JAX's clamp rule writes it.
fn both(a: &Value, b: &Value) -> Result<Value> {
    super::bitwise::bitwise(super::bitwise::BitwiseOp::And, a, b)
}

/// `f(x, lo, hi)` per element of `x`, a scalar bound read for every element.
fn clamp_with<T: Copy>(
    lo: &Dense<T>,
    x: &Dense<T>,
    hi: &Dense<T>,
    f: impl Fn(T, T, T) -> T,
) -> Dense<T> {
    let step = |d: &Dense<T>| usize::from(!d.shape().is_empty());
    let (sl, sh) = (step(lo), step(hi));
    let (l, h) = (lo.data(), hi.data());
    let mut out = Dense::room_for(x.shape());
    out.extend(
        x.iter()
            .enumerate()
            .map(|(i, &v)| f(v, l[i * sl], h[i * sh])),
    );
    Dense::filled(x.shape(), out)
}

/// Lax-level operations binding this file's primitives, as `crate::lax` binds the arithmetic.
pub mod ops {
    use super::*;

    pub fn math(op: MathOp, x: &Value) -> Result<Value> {
        bind1(Rc::new(Math(op)), std::slice::from_ref(x))
    }

    pub fn math_binary(op: MathBinaryOp, x: &Value, y: &Value) -> Result<Value> {
        bind1(Rc::new(MathBinary(op)), &[x.clone(), y.clone()])
    }

    pub fn square(x: &Value) -> Result<Value> {
        math(MathOp::Square, x)
    }

    pub fn integer_pow(x: &Value, y: i32) -> Result<Value> {
        bind1(Rc::new(IntegerPow { y }), std::slice::from_ref(x))
    }

    pub fn round(x: &Value, rounding_method: RoundingMethod) -> Result<Value> {
        bind1(Rc::new(Round { rounding_method }), std::slice::from_ref(x))
    }

    /// `lax.select_n(which, *cases)`.
    pub fn select_n(which: &Value, cases: &[Value]) -> Result<Value> {
        let mut args = vec![which.clone()];
        args.extend_from_slice(cases);
        bind1(Rc::new(SelectN), &args)
    }

    /// `lax.clamp(min, x, max)`.
    pub fn clamp(lo: &Value, x: &Value, hi: &Value) -> Result<Value> {
        bind1(Rc::new(Clamp), &[lo.clone(), x.clone(), hi.clone()])
    }

    pub fn max(x: &Value, y: &Value) -> Result<Value> {
        math_binary(MathBinaryOp::Max, x, y)
    }

    pub fn min(x: &Value, y: &Value) -> Result<Value> {
        math_binary(MathBinaryOp::Min, x, y)
    }

    pub fn pow(x: &Value, y: &Value) -> Result<Value> {
        math_binary(MathBinaryOp::Pow, x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(data: &[f32]) -> Array {
        Array::from_f32(&[data.len()], data.to_vec()).unwrap()
    }

    fn i32s(data: &[i32]) -> Array {
        Array::from_i32(&[data.len()], data.to_vec()).unwrap()
    }

    fn run(p: impl Primitive, inputs: &[Array]) -> Vec<f64> {
        p.eval(inputs).unwrap()[0].to_f64_vec()
    }

    fn err(p: impl Primitive, avals: &[(DType, &[usize])]) -> String {
        let avals: Vec<ShapedArray> = avals
            .iter()
            .map(|(d, s)| ShapedArray::new(s.to_vec(), *d))
            .collect();
        p.abstract_eval(&avals).unwrap_err().to_string()
    }

    #[test]
    fn unary_dtypes_and_words_as_jax() {
        // Recorded from JAX 0.10.2.
        assert_eq!(
            err(Math(MathOp::Sqrt), &[(DType::Int32, &[])]),
            "sqrt does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating."
        );
        assert_eq!(
            err(Math(MathOp::Erf), &[(DType::Int32, &[])]),
            "erf does not accept dtype int32. Accepted dtypes are subtypes of floating."
        );
        assert_eq!(
            err(Math(MathOp::Abs), &[(DType::Bool, &[])]),
            "abs does not accept dtype bool. Accepted dtypes are subtypes of floating, complexfloating, signedinteger."
        );
        let out = Math(MathOp::IsFinite)
            .abstract_eval(&[ShapedArray::new(vec![2], DType::Float32)])
            .unwrap();
        assert_eq!(out[0].dtype, DType::Bool);
        assert_eq!(
            run(Math(MathOp::Abs), &[i32s(&[i32::MIN, -3])]),
            [i32::MIN as f64, 3.0]
        );
        assert_eq!(
            run(Math(MathOp::Sign), &[i32s(&[i32::MIN, -3, 0])]),
            [-1.0, -1.0, 0.0]
        );
        assert_eq!(
            run(Math(MathOp::Square), &[i32s(&[1 << 20, -3])]),
            [0.0, 9.0]
        );
        // uint32: JAX's abs wants a signed integer; sign and square take it.
        let u = Array::from_buffer(Buffer::U32(Dense::from_elem(&[2], 7)));
        assert_eq!(
            run(Math(MathOp::Sign), std::slice::from_ref(&u)),
            [1.0, 1.0]
        );
        assert_eq!(
            err(Math(MathOp::Abs), &[(DType::Uint32, &[])]),
            "abs does not accept dtype uint32. Accepted dtypes are subtypes of floating, complexfloating, signedinteger."
        );
        assert_eq!(
            err(MathBinary(MathBinaryOp::Max), &[(DType::KeyFry, &[]), (DType::KeyFry, &[])]),
            "max does not accept dtype key<fry> at position 0. Accepted dtypes at position 0 are subtypes of integer, bool, floating, complexfloating."
        );
    }

    #[test]
    fn unary_special_values_as_jax() {
        let x = f32s(&[f32::NAN, 0.0, -0.0, 2.0, -2.0]);
        let sign = Math(MathOp::Sign).eval(std::slice::from_ref(&x)).unwrap();
        let Buffer::F32(s) = sign[0].buffer() else {
            panic!()
        };
        assert!(s.data()[0].is_nan());
        assert_eq!(
            s.data()[1..]
                .iter()
                .map(|v| v.to_bits())
                .collect::<Vec<_>>(),
            [0.0f32, -0.0, 1.0, -1.0].map(f32::to_bits)
        );
        let r = run(Math(MathOp::Rsqrt), &[f32s(&[0.0, -0.0, 4.0])]);
        assert_eq!(r, [f64::INFINITY, f64::NEG_INFINITY, 0.5]);
        assert_eq!(
            run(Math(MathOp::Logistic), &[f32s(&[17.0, 0.0])]),
            [1.0, 0.5]
        );
        let round = |m| {
            run(
                Round { rounding_method: m },
                &[f32s(&[0.5, 1.5, 2.5, -2.5])],
            )
        };
        assert_eq!(round(RoundingMethod::AwayFromZero), [1.0, 2.0, 3.0, -3.0]);
        assert_eq!(round(RoundingMethod::ToNearestEven), [0.0, 2.0, 2.0, -2.0]);
    }

    #[test]
    fn integer_pow_multiplies_as_jax() {
        assert_eq!(
            run(IntegerPow { y: 31 }, &[i32s(&[2, -3, 0])]),
            [i32::MIN as f64, -1_264_544_299.0, 0.0]
        );
        assert_eq!(
            run(IntegerPow { y: -1 }, &[f32s(&[0.0, -0.0, 2.0])]),
            [f64::INFINITY, f64::NEG_INFINITY, 0.5]
        );
        assert_eq!(run(IntegerPow { y: 0 }, &[f32s(&[f32::NAN])]), [1.0]);
        assert_eq!(
            err(IntegerPow { y: -3 }, &[(DType::Int32, &[])]),
            "Integers cannot be raised to negative powers, got integer_pow(int32[], -3)"
        );
    }

    #[test]
    fn binary_values_as_jax() {
        // Recorded from JAX 0.10.2.
        let nan = f32::NAN;
        let bits = |v: Vec<f64>| v.iter().map(|x| (*x as f32).to_bits()).collect::<Vec<_>>();
        let a = f32s(&[nan, 0.0, -0.0, 1.0]);
        let b = f32s(&[1.0, -0.0, 0.0, nan]);
        let max = run(MathBinary(MathBinaryOp::Max), &[a.clone(), b.clone()]);
        assert_eq!(bits(max), [nan, 0.0, 0.0, nan].map(f32::to_bits));
        let min = run(MathBinary(MathBinaryOp::Min), &[a, b]);
        assert_eq!(bits(min), [nan, -0.0, -0.0, nan].map(f32::to_bits));
        let rem = run(
            MathBinary(MathBinaryOp::Rem),
            &[
                i32s(&[7, -7, 0, 5, i32::MIN, -5]),
                i32s(&[0, 0, 0, -3, -1, 3]),
            ],
        );
        assert_eq!(rem, [7.0, -7.0, 0.0, 2.0, 0.0, -2.0]);
        let next = run(
            MathBinary(MathBinaryOp::Nextafter),
            &[f32s(&[0.0, 1.0, f32::INFINITY]), f32s(&[-1.0, 0.0, 0.0])],
        );
        assert_eq!(
            next,
            [-1e-45f32 as f64, 0.99999994f32 as f64, f32::MAX as f64]
        );
        let pow = run(
            MathBinary(MathBinaryOp::Pow),
            &[f32s(&[0.0, -8.0, -2.0]), i32s(&[-1, 1, 3])],
        );
        assert_eq!(pow, [f64::INFINITY, -8.0, -8.0]);
        assert_eq!(
            err(MathBinary(MathBinaryOp::Pow), &[(DType::Int32, &[]), (DType::Int32, &[])]),
            "pow does not accept dtype int32 at position 0. Accepted dtypes at position 0 are subtypes of floating, complexfloating."
        );
        assert_eq!(
            err(MathBinary(MathBinaryOp::Max), &[(DType::Float32, &[]), (DType::Int32, &[])]),
            "lax.max requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.maximum is a similar function that does automatic type promotion on inputs)."
        );
        assert_eq!(
            err(
                MathBinary(MathBinaryOp::Rem),
                &[(DType::Float32, &[]), (DType::Int32, &[])]
            ),
            "lax.rem requires arguments to have the same dtypes, got float32, int32."
        );
    }

    #[test]
    fn select_n_and_clamp_as_jax() {
        let which = i32s(&[0, 1, 2, 5, -1]);
        let cases = [f32s(&[1.0; 5]), f32s(&[2.0; 5]), f32s(&[3.0; 5])];
        let mut args = vec![which];
        args.extend(cases);
        assert_eq!(run(SelectN, &args), [1.0, 2.0, 3.0, 3.0, 1.0]);
        let scalar = Array::from_bool(&[], vec![true]).unwrap();
        assert_eq!(
            run(SelectN, &[scalar, f32s(&[1.0, 2.0]), f32s(&[3.0, 4.0])]),
            [3.0, 4.0]
        );
        assert_eq!(
            err(SelectN, &[(DType::Bool, &[]), (DType::Float32, &[]), (DType::Int32, &[])]),
            "lax.select requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.where is a similar function that does automatic type promotion on inputs)."
        );
        assert_eq!(
            err(SelectN, &[(DType::Bool, &[2]), (DType::Float32, &[3]), (DType::Float32, &[3])]),
            "select `which` must be scalar or have the same shape as cases, got `which` shape (2,) but case shape (3,)."
        );
        assert_eq!(
            err(
                SelectN,
                &[
                    (DType::Bool, &[]),
                    (DType::Float32, &[]),
                    (DType::Float32, &[]),
                    (DType::Float32, &[])
                ]
            ),
            "select with boolean `which` cannot have > 2 cases."
        );
        let zero = Array::from_f32(&[], vec![0.0]).unwrap();
        let one = Array::from_f32(&[], vec![1.0]).unwrap();
        let two = Array::from_f32(&[], vec![2.0]).unwrap();
        let x = f32s(&[f32::NAN, -1.0, 2.0, 0.5]);
        let out = run(Clamp, &[zero, x.clone(), one.clone()]);
        assert!(out[0].is_nan());
        assert_eq!(out[1..], [0.0, 1.0, 0.5]);
        assert_eq!(run(Clamp, &[two, x, one])[1..], [1.0, 1.0, 1.0]);
        assert_eq!(
            err(Clamp, &[(DType::Float32, &[2]), (DType::Float32, &[3]), (DType::Float32, &[])]),
            "clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,), operand.shape=(3,)."
        );
    }

    #[test]
    fn ops_parse_by_name() {
        assert_eq!(MathOp::parse("erf_inv").unwrap(), MathOp::ErfInv);
        assert_eq!(
            MathBinaryOp::parse("nextafter").unwrap(),
            MathBinaryOp::Nextafter
        );
        assert!(MathOp::parse("sin").is_err());
    }
}
