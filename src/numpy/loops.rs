//! NumPy's element functions for each compute type, and the loops that apply them: the engine's
//! broadcasting kernel (`zip_slices`) for binary ufuncs, a plain map for unary ones. Integers
//! wrap; division and remainder by zero give 0 as NumPy's integer loops do (it warns); floats
//! follow `npy_math` (`floor_divide` and `remainder` as `npy_divmod`, `maximum` propagating NaN).
//! Float32 transcendental functions are computed in float64 and rounded once.

use super::ufunc::Op;
use super::values::{f16_round, Elem, Slice, Values};
use crate::dense::{broadcast_steps, element_count, for_each_row, last_row};
use crate::primitives::elementwise::zip_slices;

/// An operand of a loop: its elements and shape.
pub type Arg<'a, T> = (&'a [T], &'a [usize]);

/// NumPy's arithmetic of one number type.
pub trait Num: Elem {
    const ONE: Self;
    const LOWEST: Self;
    const HIGHEST: Self;
    fn add(self, b: Self) -> Self;
    fn sub(self, b: Self) -> Self;
    fn mul(self, b: Self) -> Self;
    fn floor_div(self, b: Self) -> Self;
    fn rem(self, b: Self) -> Self;
    fn pow(self, b: Self) -> Self;
    fn neg(self) -> Self;
    fn abs(self) -> Self;
    fn sign(self) -> Self;
    fn is_nan(self) -> bool;
    fn is_inf(self) -> bool;

    /// The nearest float16, for float16's loops, which compute in float32 (others: itself).
    fn to_half(self) -> Self {
        self
    }

    /// NumPy 2's `maximum`: NaN wins, and of two equal values (`-0.0` and `0.0`) the second.
    fn maximum(self, b: Self) -> Self {
        if self > b || self.is_nan() {
            self
        } else {
            b
        }
    }

    fn minimum(self, b: Self) -> Self {
        if self < b || self.is_nan() {
            self
        } else {
            b
        }
    }
}

/// The bitwise operations of an integer type.
pub trait Int: Num {
    fn and(self, b: Self) -> Self;
    fn or(self, b: Self) -> Self;
    fn xor(self, b: Self) -> Self;
    fn not(self) -> Self;
    fn shl(self, b: Self) -> Self;
    fn shr(self, b: Self) -> Self;
}

/// A float type, computed through `f64` where it is not one.
pub trait Float: Num {
    fn div(self, b: Self) -> Self;
    fn divmod(self, b: Self) -> (Self, Self);
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
}

macro_rules! int_num {
    ($t:ty, $negative:expr) => {
        impl Num for $t {
            const ONE: $t = 1;
            const LOWEST: $t = <$t>::MIN;
            const HIGHEST: $t = <$t>::MAX;
            fn add(self, b: $t) -> $t {
                self.wrapping_add(b)
            }
            fn sub(self, b: $t) -> $t {
                self.wrapping_sub(b)
            }
            fn mul(self, b: $t) -> $t {
                self.wrapping_mul(b)
            }
            /// Python's floor division; by zero 0, and MIN // -1 wraps to MIN, as NumPy's.
            fn floor_div(self, b: $t) -> $t {
                if b == 0 {
                    return 0;
                }
                let negative: fn($t) -> bool = $negative;
                let q = self.wrapping_div(b);
                if self.wrapping_rem(b) != 0 && negative(self) != negative(b) {
                    q.wrapping_sub(1)
                } else {
                    q
                }
            }
            /// Python's remainder (the divisor's sign); by zero 0, as NumPy's.
            fn rem(self, b: $t) -> $t {
                if b == 0 {
                    return 0;
                }
                let negative: fn($t) -> bool = $negative;
                let r = self.wrapping_rem(b);
                if r != 0 && negative(r) != negative(b) {
                    r.wrapping_add(b)
                } else {
                    r
                }
            }
            /// Exponentiation by squaring, wrapping; negative exponents are refused before.
            fn pow(self, b: $t) -> $t {
                let (mut base, mut e, mut out): ($t, $t, $t) = (self, b, 1);
                while e > 0 {
                    if e & 1 == 1 {
                        out = out.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                out
            }
            fn neg(self) -> $t {
                self.wrapping_neg()
            }
            fn abs(self) -> $t {
                let negative: fn($t) -> bool = $negative;
                if negative(self) {
                    self.wrapping_neg()
                } else {
                    self
                }
            }
            fn sign(self) -> $t {
                let negative: fn($t) -> bool = $negative;
                match self {
                    0 => 0,
                    _ if negative(self) => (0 as $t).wrapping_sub(1),
                    _ => 1,
                }
            }
            fn is_nan(self) -> bool {
                false
            }
            fn is_inf(self) -> bool {
                false
            }
        }

        impl Int for $t {
            fn and(self, b: $t) -> $t {
                self & b
            }
            fn or(self, b: $t) -> $t {
                self | b
            }
            fn xor(self, b: $t) -> $t {
                self ^ b
            }
            fn not(self) -> $t {
                !self
            }
            /// Shifts past the width give 0 (NumPy's `npy_lshift`).
            fn shl(self, b: $t) -> $t {
                match u32::try_from(b) {
                    Ok(s) if s < <$t>::BITS => self.wrapping_shl(s),
                    _ => 0,
                }
            }
            /// Past the width: -1 for a negative number, else 0 (NumPy's `npy_rshift`).
            fn shr(self, b: $t) -> $t {
                let negative: fn($t) -> bool = $negative;
                match u32::try_from(b) {
                    Ok(s) if s < <$t>::BITS => self.wrapping_shr(s),
                    _ if negative(self) => (0 as $t).wrapping_sub(1),
                    _ => 0,
                }
            }
        }
    };
}

int_num!(i32, |v| v < 0);
int_num!(i64, |v| v < 0);
int_num!(u32, |_| false);
int_num!(u64, |_| false);

macro_rules! float_num {
    ($t:ty) => {
        impl Num for $t {
            const ONE: $t = 1.0;
            const LOWEST: $t = <$t>::NEG_INFINITY;
            const HIGHEST: $t = <$t>::INFINITY;
            fn add(self, b: $t) -> $t {
                self + b
            }
            fn sub(self, b: $t) -> $t {
                self - b
            }
            fn mul(self, b: $t) -> $t {
                self * b
            }
            /// `npy_floor_divide`: by zero `a / b`, else `npy_divmod`'s quotient.
            fn floor_div(self, b: $t) -> $t {
                if b == 0.0 {
                    return self / b;
                }
                self.divmod(b).0
            }
            /// `npy_remainder`: by zero `fmod` (NaN), else `npy_divmod`'s remainder.
            fn rem(self, b: $t) -> $t {
                if b == 0.0 {
                    return self % b;
                }
                self.divmod(b).1
            }
            fn pow(self, b: $t) -> $t {
                (self as f64).powf(b as f64) as $t
            }
            fn neg(self) -> $t {
                -self
            }
            fn abs(self) -> $t {
                self.abs()
            }
            /// NumPy's: NaN stays NaN and both zeros give +0.
            fn sign(self) -> $t {
                if self > 0.0 {
                    1.0
                } else if self < 0.0 {
                    -1.0
                } else if self == 0.0 {
                    0.0
                } else {
                    self
                }
            }
            fn is_nan(self) -> bool {
                self.is_nan()
            }
            fn is_inf(self) -> bool {
                self.is_infinite()
            }
            fn to_half(self) -> $t {
                f16_round(self as f64) as $t
            }
        }

        impl Float for $t {
            fn div(self, b: $t) -> $t {
                self / b
            }
            /// `npy_divmod` for a non-zero divisor: the floored quotient and Python's
            /// remainder, from `fmod` as NumPy computes them in the operands' precision (so
            /// `-7.5 // 2` is `-4.0` and `-7.5 % 2` is `0.5`).
            fn divmod(self, b: $t) -> ($t, $t) {
                let mut modulus = self % b;
                let mut div = (self - modulus) / b;
                if modulus != 0.0 {
                    if (b < 0.0) != (modulus < 0.0) {
                        modulus += b;
                        div -= 1.0;
                    }
                } else {
                    modulus = (0.0 as $t).copysign(b);
                }
                let floordiv = if div != 0.0 {
                    let f = div.floor();
                    if div - f > 0.5 {
                        f + 1.0
                    } else {
                        f
                    }
                } else {
                    (0.0 as $t).copysign(self / b)
                };
                (floordiv, modulus)
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> $t {
                v as $t
            }
        }
    };
}

float_num!(f32);
float_num!(f64);

/// `f` over two operands broadcast to `shape`, into an array of its result type.
macro_rules! zip {
    ($x:expr, $y:expr, $shape:expr, $f:expr) => {
        zip_slices($x, $y, $shape, $f)
    };
}

/// The comparisons and logical functions, which every type has; `None` for other ops.
fn compare<T: Elem>(op: Op, x: Arg<T>, y: Arg<T>, shape: &[usize]) -> Option<Vec<bool>> {
    Some(match op {
        Op::Equal => zip!(x, y, shape, |a, b| a == b),
        Op::NotEqual => zip!(x, y, shape, |a, b| a != b),
        Op::Less => zip!(x, y, shape, |a, b| a < b),
        Op::LessEqual => zip!(x, y, shape, |a, b| a <= b),
        Op::Greater => zip!(x, y, shape, |a, b| a > b),
        Op::GreaterEqual => zip!(x, y, shape, |a, b| a >= b),
        Op::LogicalAnd => zip!(x, y, shape, |a: T, b: T| a.nonzero() && b.nonzero()),
        Op::LogicalOr => zip!(x, y, shape, |a: T, b: T| a.nonzero() || b.nonzero()),
        Op::LogicalXor => zip!(x, y, shape, |a: T, b: T| a.nonzero() != b.nonzero()),
        _ => return None,
    })
}

/// The arithmetic every number type has.
fn arith<T: Num>(op: Op, x: Arg<T>, y: Arg<T>, shape: &[usize]) -> Option<Vec<T>> {
    Some(match op {
        Op::Add => zip!(x, y, shape, T::add),
        Op::Subtract => zip!(x, y, shape, T::sub),
        Op::Multiply => zip!(x, y, shape, T::mul),
        Op::FloorDivide => zip!(x, y, shape, T::floor_div),
        Op::Remainder => zip!(x, y, shape, T::rem),
        Op::Power => zip!(x, y, shape, T::pow),
        Op::Maximum => zip!(x, y, shape, T::maximum),
        Op::Minimum => zip!(x, y, shape, T::minimum),
        _ => return None,
    })
}

fn int_binary<T: Int>(op: Op, x: Arg<T>, y: Arg<T>, shape: &[usize]) -> Option<Values> {
    if let Some(b) = compare(op, x, y, shape) {
        return Some(Values::Bool(b));
    }
    let out = match op {
        Op::BitwiseAnd => zip!(x, y, shape, T::and),
        Op::BitwiseOr => zip!(x, y, shape, T::or),
        Op::BitwiseXor => zip!(x, y, shape, T::xor),
        Op::LeftShift => zip!(x, y, shape, T::shl),
        Op::RightShift => zip!(x, y, shape, T::shr),
        _ => arith(op, x, y, shape)?,
    };
    Some(T::pack(out))
}

fn float_binary<T: Float>(op: Op, x: Arg<T>, y: Arg<T>, shape: &[usize]) -> Option<Values> {
    if let Some(b) = compare(op, x, y, shape) {
        return Some(Values::Bool(b));
    }
    let out = match op {
        Op::Divide => zip!(x, y, shape, T::div),
        Op::Arctan2 => zip!(x, y, shape, |a: T, b: T| T::from_f64(
            a.to_f64().atan2(b.to_f64())
        )),
        Op::Hypot => zip!(x, y, shape, |a: T, b: T| T::from_f64(
            a.to_f64().hypot(b.to_f64())
        )),
        _ => arith(op, x, y, shape)?,
    };
    Some(T::pack(out))
}

fn bool_binary(op: Op, x: Arg<bool>, y: Arg<bool>, shape: &[usize]) -> Option<Values> {
    if let Some(b) = compare(op, x, y, shape) {
        return Some(Values::Bool(b));
    }
    Some(Values::Bool(match op {
        Op::Add | Op::Maximum | Op::BitwiseOr => zip!(x, y, shape, |a, b| a | b),
        Op::Multiply | Op::Minimum | Op::BitwiseAnd => zip!(x, y, shape, |a, b| a & b),
        Op::BitwiseXor => zip!(x, y, shape, |a, b| a ^ b),
        _ => return None,
    }))
}

/// A binary ufunc's loop on two operands of one compute type (cast there by the caller);
/// `None` when the type has no such loop (the resolution in `ufunc` never asks for one).
pub fn binary(
    op: Op,
    x: (Slice, &[usize]),
    y: (Slice, &[usize]),
    shape: &[usize],
) -> Option<Values> {
    match (x.0, y.0) {
        (Slice::Bool(a), Slice::Bool(b)) => bool_binary(op, (a, x.1), (b, y.1), shape),
        (Slice::I32(a), Slice::I32(b)) => int_binary(op, (a, x.1), (b, y.1), shape),
        (Slice::U32(a), Slice::U32(b)) => int_binary(op, (a, x.1), (b, y.1), shape),
        (Slice::I64(a), Slice::I64(b)) => int_binary(op, (a, x.1), (b, y.1), shape),
        (Slice::U64(a), Slice::U64(b)) => int_binary(op, (a, x.1), (b, y.1), shape),
        (Slice::F32(a), Slice::F32(b)) => float_binary(op, (a, x.1), (b, y.1), shape),
        (Slice::F64(a), Slice::F64(b)) => float_binary(op, (a, x.1), (b, y.1), shape),
        _ => None,
    }
}

fn map<T: Copy, U>(x: &[T], f: impl Fn(T) -> U) -> Vec<U> {
    x.iter().map(|&v| f(v)).collect()
}

/// The predicates and logical functions, which every type has.
fn predicate<T: Num>(op: Op, x: &[T]) -> Option<Vec<bool>> {
    Some(match op {
        Op::LogicalNot => map(x, |v: T| !v.nonzero()),
        Op::Isnan => map(x, T::is_nan),
        Op::Isinf => map(x, T::is_inf),
        Op::Isfinite => map(x, |v: T| !v.is_nan() && !v.is_inf()),
        _ => return None,
    })
}

fn num_unary<T: Num>(op: Op, x: &[T]) -> Option<Vec<T>> {
    Some(match op {
        Op::Negative => map(x, T::neg),
        Op::Positive => x.to_vec(),
        Op::Absolute => map(x, T::abs),
        Op::Sign => map(x, T::sign),
        Op::Square => map(x, |v: T| v.mul(v)),
        _ => return None,
    })
}

fn int_unary<T: Int>(op: Op, x: &[T]) -> Option<Values> {
    if let Some(b) = predicate(op, x) {
        return Some(Values::Bool(b));
    }
    Some(T::pack(match op {
        // An integer's floor, ceiling and truncation are itself (NumPy 2 keeps the dtype).
        Op::Floor | Op::Ceil | Op::Trunc => x.to_vec(),
        Op::Invert => map(x, T::not),
        _ => num_unary(op, x)?,
    }))
}

/// `f` of each element computed in float64 and rounded once to `T`.
fn wide<T: Float>(x: &[T], f: impl Fn(f64) -> f64) -> Vec<T> {
    map(x, |v: T| T::from_f64(f(v.to_f64())))
}

fn float_unary<T: Float>(op: Op, x: &[T]) -> Option<Values> {
    if let Some(b) = predicate(op, x) {
        return Some(Values::Bool(b));
    }
    Some(T::pack(match op {
        Op::Sqrt => wide(x, f64::sqrt),
        Op::Cbrt => wide(x, f64::cbrt),
        Op::Exp => wide(x, f64::exp),
        Op::Exp2 => wide(x, f64::exp2),
        Op::Expm1 => wide(x, f64::exp_m1),
        Op::Log => wide(x, f64::ln),
        Op::Log2 => wide(x, f64::log2),
        Op::Log10 => wide(x, f64::log10),
        Op::Log1p => wide(x, f64::ln_1p),
        Op::Sin => wide(x, f64::sin),
        Op::Cos => wide(x, f64::cos),
        Op::Tan => wide(x, f64::tan),
        Op::Arcsin => wide(x, f64::asin),
        Op::Arccos => wide(x, f64::acos),
        Op::Arctan => wide(x, f64::atan),
        Op::Sinh => wide(x, f64::sinh),
        Op::Cosh => wide(x, f64::cosh),
        Op::Tanh => wide(x, f64::tanh),
        Op::Arcsinh => wide(x, f64::asinh),
        Op::Arccosh => wide(x, f64::acosh),
        Op::Arctanh => wide(x, f64::atanh),
        Op::Floor => wide(x, f64::floor),
        Op::Ceil => wide(x, f64::ceil),
        Op::Trunc => wide(x, f64::trunc),
        Op::Rint => wide(x, f64::round_ties_even),
        _ => num_unary(op, x)?,
    }))
}

fn bool_unary(op: Op, x: &[bool]) -> Option<Values> {
    Some(Values::Bool(match op {
        Op::Absolute | Op::Floor | Op::Ceil | Op::Trunc => x.to_vec(),
        Op::Invert | Op::LogicalNot => map(x, |v: bool| !v),
        Op::Isnan | Op::Isinf => vec![false; x.len()],
        Op::Isfinite => vec![true; x.len()],
        _ => return None,
    }))
}

/// A unary ufunc's loop on one compute type.
pub fn unary(op: Op, x: Slice) -> Option<Values> {
    match x {
        Slice::Bool(v) => bool_unary(op, v),
        Slice::I32(v) => int_unary(op, v),
        Slice::U32(v) => int_unary(op, v),
        Slice::I64(v) => int_unary(op, v),
        Slice::U64(v) => int_unary(op, v),
        Slice::F32(v) => float_unary(op, v),
        Slice::F64(v) => float_unary(op, v),
    }
}

/// `x` (of shape `from`) broadcast to `to`, materialized.
fn spread<T: Copy>((x, from): Arg<T>, to: &[usize]) -> Vec<T> {
    let steps = broadcast_steps(from, to);
    let (n, step) = last_row(to, &steps);
    let mut out = Vec::with_capacity(element_count(to));
    for_each_row(to, &steps, &steps, &mut |at, _| {
        out.extend((0..n).map(|k| x[at + k * step]));
    });
    out
}

/// `np.where`: `x` where `cond` holds, else `y`, all broadcast to `shape` (`x` and `y` of one
/// compute type).
pub fn select(
    cond: Arg<bool>,
    x: (Slice, &[usize]),
    y: (Slice, &[usize]),
    shape: &[usize],
) -> Option<Values> {
    let c = spread(cond, shape);
    fn pick<T: Elem>(c: &[bool], x: Arg<T>, y: Arg<T>, shape: &[usize]) -> Values {
        let (a, b) = (spread(x, shape), spread(y, shape));
        T::pack(
            c.iter()
                .zip(a.iter().zip(&b))
                .map(|(&c, (&a, &b))| if c { a } else { b })
                .collect(),
        )
    }
    Some(match (x.0, y.0) {
        (Slice::Bool(a), Slice::Bool(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        (Slice::I32(a), Slice::I32(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        (Slice::U32(a), Slice::U32(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        (Slice::I64(a), Slice::I64(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        (Slice::U64(a), Slice::U64(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        (Slice::F32(a), Slice::F32(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        (Slice::F64(a), Slice::F64(b)) => pick(&c, (a, x.1), (b, y.1), shape),
        _ => return None,
    })
}

/// Whether any element of an integer slice is negative (a power's exponent NumPy refuses).
pub fn any_negative(x: Slice) -> bool {
    match x {
        Slice::I32(v) => v.iter().any(|&e| e < 0),
        Slice::I64(v) => v.iter().any(|&e| e < 0),
        _ => false,
    }
}
