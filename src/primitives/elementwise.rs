//! Elementwise primitives: binary arithmetic (equal dtypes, equal ranks with size-1 broadcasting
//! as JAX's lax allows), unary maths and comparisons, each family one primitive over an op enum
//! declared by one list (`op_enum!`), with their evaluation, JVP, transpose and batching rules.
//! Integer arithmetic wraps like XLA's instead of panicking.

use super::{check_arity, BatchOut, JvpOut, LinearArg, Primitive};
use crate::array::{checked_size, shape_tuple, Array, Buffer, ShapedArray};
use crate::dense::{broadcast_steps, element_count, for_each_row, last_row, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::{bind, Value};
use std::rc::Rc;

/// Declares an op enum from one list of `Variant => "name"`: the enum, `ALL` (every op, for
/// tests and error messages), `name` (as jaxprs print it and the JS API passes it) and `parse`.
/// Adding an op is one line here; the compiler then asks for its arm in each rule.
macro_rules! op_enum {
    ($(#[$doc:meta])* $op:ident, $what:literal { $($variant:ident => $name:literal,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $op {
            $($variant,)*
        }

        impl $op {
            pub const ALL: [$op; [$($name),*].len()] = [$($op::$variant),*];

            pub fn name(self) -> &'static str {
                match self {
                    $($op::$variant => $name,)*
                }
            }

            /// The op called `name`; anything else is an error listing the known names.
            pub fn parse(name: &str) -> Result<$op> {
                let all = $op::ALL;
                op_index(all.len(), &|i| all[i].name(), $what, name).map(|i| all[i])
            }
        }
    };
}
pub(crate) use op_enum;

op_enum!(BinaryOp, "binary op" {
    Add => "add",
    Sub => "sub",
    Mul => "mul",
    Div => "div",
});

op_enum!(UnaryOp, "unary op" {
    Neg => "neg",
    Sin => "sin",
    Cos => "cos",
    Exp => "exp",
    Log => "log",
});

op_enum!(CompareOp, "comparison" {
    Lt => "lt",
    Le => "le",
    Gt => "gt",
    Ge => "ge",
    Eq => "eq",
    Ne => "ne",
});

#[derive(Debug)]
pub struct Binary(pub BinaryOp);

/// JAX's refusal of a key operand in arithmetic (`lax.add(key, key)`).
pub(crate) fn reject_key(primitive: &'static str, inputs: &[ShapedArray]) -> Result<()> {
    match inputs.iter().position(|a| a.dtype.is_key()) {
        Some(i) => Err(Error::usage(format!(
            "{primitive} does not accept dtype key<fry> at position {i}. Accepted dtypes at \
             position {i} are subtypes of integer, floating, complexfloating."
        ))),
        None => Ok(()),
    }
}

impl BinaryOp {
    /// JAX's dtype check of the operand at `position`. Bool passes for add and mul, which `jnp`
    /// binds on bools as its logical or and and (JAX's `lax.add` itself refuses bool).
    fn accepts(self, position: usize, dtype: DType) -> Result<()> {
        let bool_ok = matches!(self, BinaryOp::Add | BinaryOp::Mul);
        if dtype == DType::Bool && !bool_ok {
            return Err(Error::usage(format!(
                "{} does not accept dtype bool at position {position}. Accepted dtypes at \
                 position {position} are subtypes of integer, floating, complexfloating.",
                self.name()
            )));
        }
        Ok(())
    }

    /// `op` over two operands, with a loop of its own per op: a `match` on the op inside the
    /// loop would be paid per element (bench/NOTES.md has the figure).
    fn eval<T: Arith>(self, a: &Dense<T>, b: &Dense<T>, shape: &[usize]) -> Dense<T> {
        match self {
            BinaryOp::Add => zip_broadcast(a, b, shape, T::add),
            BinaryOp::Sub => zip_broadcast(a, b, shape, T::sub),
            BinaryOp::Mul => zip_broadcast(a, b, shape, T::mul),
            BinaryOp::Div => zip_broadcast(a, b, shape, T::div),
        }
    }
}

/// Element arithmetic of a numeric dtype.
trait Arith: Copy {
    fn add(self, b: Self) -> Self;
    fn sub(self, b: Self) -> Self;
    fn mul(self, b: Self) -> Self;
    fn div(self, b: Self) -> Self;
}

impl Arith for f32 {
    fn add(self, b: f32) -> f32 {
        self + b
    }
    fn sub(self, b: f32) -> f32 {
        self - b
    }
    fn mul(self, b: f32) -> f32 {
        self * b
    }
    fn div(self, b: f32) -> f32 {
        self / b
    }
}

/// Integers wrap like XLA's instead of panicking.
impl Arith for i32 {
    fn add(self, b: i32) -> i32 {
        self.wrapping_add(b)
    }
    fn sub(self, b: i32) -> i32 {
        self.wrapping_sub(b)
    }
    fn mul(self, b: i32) -> i32 {
        self.wrapping_mul(b)
    }
    /// XLA defines x / 0 = -1 for signed integers; MIN / -1 wraps.
    fn div(self, b: i32) -> i32 {
        if b == 0 {
            -1
        } else {
            self.wrapping_div(b)
        }
    }
}

/// Unsigned integers wrap too; XLA defines x / 0 as all ones.
macro_rules! unsigned_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            fn add(self, b: $t) -> $t {
                self.wrapping_add(b)
            }
            fn sub(self, b: $t) -> $t {
                self.wrapping_sub(b)
            }
            fn mul(self, b: $t) -> $t {
                self.wrapping_mul(b)
            }
            fn div(self, b: $t) -> $t {
                self.checked_div(b).unwrap_or(<$t>::MAX)
            }
        }
    )*};
}
unsigned_arith!(u32, u8);

/// The common shape of two operands: a scalar goes with anything (JAX's lax scalar promotion);
/// otherwise ranks must be equal and each dim must agree or be 1.
pub fn broadcast_shapes(primitive: &'static str, a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let incompatible = || Error::IncompatibleShapes {
        primitive,
        lhs: shape_tuple(a),
        rhs: shape_tuple(b),
    };
    if a.is_empty() {
        return Ok(b.to_vec());
    }
    if b.is_empty() {
        return Ok(a.to_vec());
    }
    if a.len() != b.len() {
        return Err(incompatible());
    }
    a.iter()
        .zip(b)
        .map(|(&x, &y)| match (x, y) {
            _ if x == y => Ok(x),
            (1, y) => Ok(y),
            (x, 1) => Ok(x),
            _ => Err(incompatible()),
        })
        .collect::<Result<Vec<_>>>()
        .and_then(|shape| checked_size(primitive, &shape).map(|_| shape))
}

/// The result type of a binary op on `a` and `b` of one dtype: their broadcast shape, weak
/// only when both are.
pub(super) fn broadcast_result(
    primitive: &'static str,
    a: &ShapedArray,
    b: &ShapedArray,
) -> Result<Vec<ShapedArray>> {
    Ok(vec![ShapedArray {
        shape: broadcast_shapes(primitive, &a.shape, &b.shape)?,
        dtype: a.dtype,
        weak_type: a.weak_type && b.weak_type,
    }])
}

/// `f` over two operands broadcast to `shape` (checked by `broadcast_shapes`): [`zip_slices`]
/// on their elements.
pub(crate) fn zip_broadcast<T: Copy, U: Copy>(
    a: &Dense<T>,
    b: &Dense<T>,
    shape: &[usize],
    f: impl Fn(T, T) -> U,
) -> Dense<U> {
    let data = zip_slices((a.data(), a.shape()), (b.data(), b.shape()), shape, f);
    Dense::filled(shape, data)
}

/// `f` over two row-major operands `(elements, shape)` broadcast to `shape` (a lower-rank operand
/// lines up with its trailing dimensions, as in NumPy), row by row as [`broadcast_rows`] lays them
/// out; [`zip_row`]'s plain slice loops do the work, which keeps `x * 2` on large arrays fast. One
/// instance per op and dtype, so kept to the row loop. The engine's binary primitives and host
/// NumPy's binary ufuncs both compute with it.
pub(crate) fn zip_slices<T: Copy, U>(
    (x, x_shape): (&[T], &[usize]),
    (y, y_shape): (&[T], &[usize]),
    shape: &[usize],
    f: impl Fn(T, T) -> U,
) -> Vec<U> {
    let mut data = Vec::with_capacity(element_count(shape));
    broadcast_rows(x_shape, y_shape, shape, &mut |i, step_x, j, step_y, n| {
        zip_row(&mut data, &x[i..], step_x, &y[j..], step_y, n, &f);
    });
    data
}

/// Lays out a broadcast of operands shaped `a` and `b` to `shape` as rows, calling
/// `row(i, step_x, j, step_y, n)` for each: `n` elements reading the operands from offsets `i`
/// and `j` in steps of 0 or 1. Operands of that shape, or one of them a single element, are
/// one long row. Not generic, so it exists once.
fn broadcast_rows(
    a: &[usize],
    b: &[usize],
    shape: &[usize],
    row: &mut dyn FnMut(usize, usize, usize, usize, usize),
) {
    let size = element_count(shape);
    let single = |s: &[usize]| element_count(s) == 1;
    match (a == shape, b == shape) {
        (true, true) => row(0, 1, 0, 1, size),
        (true, _) if single(b) => row(0, 1, 0, 0, size),
        (_, true) if single(a) => row(0, 0, 0, 1, size),
        _ => {
            let steps_a = broadcast_steps(a, shape);
            let steps_b = broadcast_steps(b, shape);
            let (n, step_x) = last_row(shape, &steps_a);
            let (_, step_y) = last_row(shape, &steps_b);
            for_each_row(shape, &steps_a, &steps_b, &mut |i, j| {
                row(i, step_x, j, step_y, n)
            });
        }
    }
}

/// Appends `n` results of `f`, reading `x` and `y` from their start either in step (1) or
/// repeating their first element (0). Rows of contiguous operands only ever step by 0 or 1.
fn zip_row<T: Copy, U>(
    out: &mut Vec<U>,
    x: &[T],
    step_x: usize,
    y: &[T],
    step_y: usize,
    n: usize,
    f: &impl Fn(T, T) -> U,
) {
    match (step_x, step_y, x.first(), y.first()) {
        (1, 1, ..) => out.extend(x[..n].iter().zip(&y[..n]).map(|(&x, &y)| f(x, y))),
        (1, _, _, Some(&s)) => out.extend(x[..n].iter().map(|&x| f(x, s))),
        (_, _, Some(&s), _) => out.extend(y[..n].iter().map(|&y| f(s, y))),
        _ => {} // nothing to read: an empty row
    }
}

/// The two operands of a binary primitive, which must share a dtype.
fn same_dtype_pair<'a>(
    primitive: &'static str,
    inputs: &'a [ShapedArray],
) -> Result<(&'a ShapedArray, &'a ShapedArray)> {
    check_arity(primitive, inputs, 2)?;
    let (a, b) = (&inputs[0], &inputs[1]);
    if a.dtype != b.dtype {
        return Err(dtypes_differ(primitive, &[a.dtype, b.dtype]));
    }
    Ok((a, b))
}

/// JAX's `check_same_dtypes` error for primitive `name`, with the tip JAX adds where a jnp
/// function promotes instead (its `_JNP_FUNCTION_EQUIVALENTS`).
pub(crate) fn dtypes_differ(name: &str, dtypes: &[DType]) -> Error {
    let listed: Vec<&str> = dtypes.iter().map(|d| d.name()).collect();
    let equivalent = match name {
        "abs" => "fabs",
        "acos" => "arccos",
        "acosh" => "arccosh",
        "asin" => "arcsin",
        "asinh" => "arcsinh",
        "atan" => "arctan",
        "atan2" => "arctan2",
        "atanh" => "arctanh",
        "div" => "divide",
        "eq" => "equal",
        "max" => "maximum",
        "min" => "minimum",
        "mul" => "multiply",
        "ne" => "not_equal",
        "neg" => "negative",
        "pow" => "float_power",
        "select" => "where",
        "shift_left" => "left_shift",
        "shift_right_logical" | "shift_right_arithmetic" => "right_shift",
        "sub" => "subtract",
        "add" | "bitwise_and" | "bitwise_not" | "bitwise_or" | "bitwise_xor" | "cbrt" | "ceil"
        | "concatenate" | "cos" | "cosh" | "exp" | "expm1" | "floor" | "log" | "log1p"
        | "nextafter" | "round" | "sign" | "sin" | "sinh" | "sqrt" | "tan" | "tanh" => name,
        _ => "",
    };
    let tip = if equivalent.is_empty() {
        String::new()
    } else {
        format!(
            " (Tip: jnp.{equivalent} is a similar function that does automatic type promotion \
             on inputs)."
        )
    };
    Error::usage(format!(
        "lax.{name} requires arguments to have the same dtypes, got {}.{tip}",
        listed.join(", ")
    ))
}

impl Primitive for Binary {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        reject_key(self.name(), inputs)?;
        for (i, x) in inputs.iter().enumerate() {
            self.0.accepts(i, x.dtype)?;
        }
        let (a, b) = same_dtype_pair(self.name(), inputs)?;
        broadcast_result(self.name(), a, b)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let shape = &out[0].shape;
        let op = self.0;
        let buffer = match (inputs[0].buffer(), inputs[1].buffer()) {
            (Buffer::F32(a), Buffer::F32(b)) => Buffer::F32(op.eval(a, b, shape)),
            (Buffer::I32(a), Buffer::I32(b)) => Buffer::I32(op.eval(a, b, shape)),
            (Buffer::U32(a), Buffer::U32(b)) => Buffer::U32(op.eval(a, b, shape)),
            (Buffer::U8(a), Buffer::U8(b)) => Buffer::U8(op.eval(a, b, shape)),
            // Only add (or) and mul (and) accept bool.
            (Buffer::Bool(a), Buffer::Bool(b)) => Buffer::Bool(match op {
                BinaryOp::Mul => zip_broadcast(a, b, shape, |x, y| x && y),
                _ => zip_broadcast(a, b, shape, |x, y| x || y),
            }),
            _ => unreachable_dtype(self.name())?,
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (x, y) = (&primals[0], &primals[1]);
        let out = lax::binary(self.0, x, y)?;
        let shape = out.aval().shape;
        let spread = |t: &Option<Value>| -> Result<Option<Value>> {
            t.as_ref()
                .map(|t| lax::broadcast_like(t, &shape))
                .transpose()
        };
        // As JAX: `add` and `sub` combine their tangents with themselves, the other rules sum
        // their terms with `add_any`.
        let tangent = match (self.0, &tangents[0], &tangents[1]) {
            (BinaryOp::Add | BinaryOp::Sub, Some(tx), Some(ty)) => {
                Some(lax::binary(self.0, tx, ty)?)
            }
            (BinaryOp::Add | BinaryOp::Sub, tx, None) => spread(tx)?,
            (BinaryOp::Add, None, ty) => spread(ty)?,
            (BinaryOp::Sub, None, ty) => spread(&ty.as_ref().map(lax::neg).transpose()?)?,
            (BinaryOp::Mul, ..) => {
                let tx = tangents[0].as_ref().map(|t| lax::mul(t, y)).transpose()?;
                let ty = tangents[1].as_ref().map(|t| lax::mul(x, t)).transpose()?;
                lax::add_tangents(spread(&tx)?, spread(&ty)?)?
            }
            (BinaryOp::Div, ..) => {
                let tx = tangents[0].as_ref().map(|t| lax::div(t, y)).transpose()?;
                // JAX's rule: (-t * x) * y**-2.
                let ty = match &tangents[1] {
                    Some(t) => {
                        let inv_sq = crate::primitives::math::ops::integer_pow(y, -2)?;
                        Some(lax::mul(&lax::mul(&lax::neg(t)?, x)?, &inv_sq)?)
                    }
                    None => None,
                };
                lax::add_tangents(spread(&tx)?, spread(&ty)?)?
            }
        };
        Ok((vec![out], vec![tangent]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(ct) = &cts[0] else {
            return Ok(vec![None, None]);
        };
        let linear = |i: usize| matches!(args[i], LinearArg::Linear(_));
        let known = |i: usize| match &args[i] {
            LinearArg::Known(v) => Ok(v.clone()),
            LinearArg::Linear(_) => Err(Error::InvalidArgument {
                primitive: self.name(),
                message: "both operands are linear, so the product is not linear".into(),
            }),
        };
        let fit = |v: Value, i: usize| lax::unbroadcast(&v, &args[i].aval().shape).map(Some);
        match self.0 {
            BinaryOp::Add | BinaryOp::Sub => {
                let x = if linear(0) { fit(ct.clone(), 0)? } else { None };
                let y = match (linear(1), self.0) {
                    (false, _) => None,
                    (true, BinaryOp::Add) => fit(ct.clone(), 1)?,
                    (true, _) => fit(lax::neg(ct)?, 1)?,
                };
                Ok(vec![x, y])
            }
            BinaryOp::Mul if linear(0) => Ok(vec![fit(lax::mul(ct, &known(1)?)?, 0)?, None]),
            BinaryOp::Mul => Ok(vec![None, fit(lax::mul(&known(0)?, ct)?, 1)?]),
            BinaryOp::Div if linear(0) && !linear(1) => {
                Ok(vec![fit(lax::div(ct, &known(1)?)?, 0)?, None])
            }
            BinaryOp::Div => Err(Error::InvalidArgument {
                primitive: "div",
                message: "only the numerator of a division can be linear".into(),
            }),
        }
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let (a, b, dim) = crate::batching::align_pair(&args[0], dims[0], &args[1], dims[1])?;
        Ok((bind(Rc::new(Binary(self.0)), &[a, b])?, vec![Some(dim)]))
    }
}

fn unreachable_dtype<T>(primitive: &'static str) -> Result<T> {
    Err(Error::InvalidArgument {
        primitive,
        message: "operands must have the same dtype".into(),
    })
}

#[derive(Debug)]
pub struct Unary(pub UnaryOp);

impl UnaryOp {
    /// Whether the op is only defined on floating types (jnp converts integers first).
    pub fn float_only(self) -> bool {
        self != UnaryOp::Neg
    }

    /// `op` over a float array, with a loop of its own per op.
    fn eval(self, a: &Dense<f32>) -> Dense<f32> {
        match self {
            UnaryOp::Neg => a.map(|x| -x),
            UnaryOp::Sin => a.map(super::trig::sin),
            UnaryOp::Cos => a.map(super::trig::cos),
            UnaryOp::Exp => a.map(super::xla_f32::exp),
            UnaryOp::Log => a.map(super::xla_f32::log),
        }
    }
}

impl Primitive for Unary {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let dtype = inputs[0].dtype;
        let ok = match dtype {
            DType::Float32 => true,
            DType::Int32 | DType::Uint32 | DType::Uint8 => !self.0.float_only(),
            DType::Bool | DType::KeyFry => false,
        };
        if !ok {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: dtype.name().into(),
                accepted: if self.0.float_only() {
                    "floating, complexfloating"
                } else {
                    "integer, floating, complexfloating"
                },
            });
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let op = self.0;
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => Buffer::F32(op.eval(a)),
            Buffer::I32(a) => Buffer::I32(a.map(i32::wrapping_neg)),
            Buffer::U32(a) => Buffer::U32(a.map(u32::wrapping_neg)),
            Buffer::U8(a) => Buffer::U8(a.map(u8::wrapping_neg)),
            Buffer::Bool(_) | Buffer::Key(_) => unreachable_dtype(self.name())?,
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let x = &primals[0];
        let out = lax::unary(self.0, x)?;
        let Some(t) = &tangents[0] else {
            return Ok((vec![out], vec![None]));
        };
        let tangent = match self.0 {
            UnaryOp::Neg => lax::neg(t)?,
            UnaryOp::Sin => lax::mul(t, &lax::unary(UnaryOp::Cos, x)?)?,
            UnaryOp::Cos => lax::neg(&lax::mul(t, &lax::unary(UnaryOp::Sin, x)?)?)?,
            UnaryOp::Exp => lax::mul(t, &out)?,
            UnaryOp::Log => lax::div(t, x)?,
        };
        Ok((vec![out], vec![Some(tangent)]))
    }

    fn transpose(&self, cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        match self.0 {
            UnaryOp::Neg => Ok(vec![cts[0].as_ref().map(lax::neg).transpose()?]),
            _ => Err(Error::MissingRule {
                primitive: self.name(),
                rule: "transposition (it is not linear)",
            }),
        }
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![lax::unary(self.0, &args[0])?], vec![dims[0]]))
    }
}

impl CompareOp {
    /// `op` over two operands, with a loop of its own per op.
    fn eval<T: PartialOrd + Copy>(
        self,
        a: &Dense<T>,
        b: &Dense<T>,
        shape: &[usize],
    ) -> Dense<bool> {
        match self {
            CompareOp::Lt => zip_broadcast(a, b, shape, |x, y| x < y),
            CompareOp::Le => zip_broadcast(a, b, shape, |x, y| x <= y),
            CompareOp::Gt => zip_broadcast(a, b, shape, |x, y| x > y),
            CompareOp::Ge => zip_broadcast(a, b, shape, |x, y| x >= y),
            CompareOp::Eq => zip_broadcast(a, b, shape, |x, y| x == y),
            CompareOp::Ne => zip_broadcast(a, b, shape, |x, y| x != y),
        }
    }
}

/// Comparisons: equal dtypes in, `bool` out; not differentiable (zero tangent).
#[derive(Debug)]
pub struct Compare(pub CompareOp);

impl Primitive for Compare {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        reject_key(self.name(), inputs)?;
        let (a, b) = same_dtype_pair(self.name(), inputs)?;
        let shape = broadcast_shapes(self.name(), &a.shape, &b.shape)?;
        // As in JAX, comparing two weakly typed values gives a weak bool.
        Ok(vec![ShapedArray {
            weak_type: a.weak_type && b.weak_type,
            ..ShapedArray::new(shape, DType::Bool)
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let shape = &out[0].shape;
        let op = self.0;
        let result = match (inputs[0].buffer(), inputs[1].buffer()) {
            (Buffer::F32(a), Buffer::F32(b)) => op.eval(a, b, shape),
            (Buffer::I32(a), Buffer::I32(b)) => op.eval(a, b, shape),
            (Buffer::Bool(a), Buffer::Bool(b)) => op.eval(a, b, shape),
            (Buffer::U32(a), Buffer::U32(b)) => op.eval(a, b, shape),
            (Buffer::U8(a), Buffer::U8(b)) => op.eval(a, b, shape),
            _ => unreachable_dtype(self.name())?,
        };
        Ok(vec![
            Array::from_buffer(Buffer::Bool(result)).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = bind(Rc::new(Compare(self.0)), primals)?;
        Ok((out, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let (a, b, dim) = crate::batching::align_pair(&args[0], dims[0], &args[1], dims[1])?;
        Ok((bind(Rc::new(Compare(self.0)), &[a, b])?, vec![Some(dim)]))
    }
}

/// Which of the `count` names `name_of` gives is `name`, or an error listing them (one body for
/// every op enum).
pub(crate) fn op_index(
    count: usize,
    name_of: &dyn Fn(usize) -> &'static str,
    what: &str,
    name: &str,
) -> Result<usize> {
    if let Some(i) = (0..count).find(|&i| name_of(i) == name) {
        return Ok(i);
    }
    // The list is written only for the error: every eager and traced operation parses its op.
    let mut known = String::new();
    for i in 0..count {
        if i > 0 {
            known.push_str(", ");
        }
        known.push_str(name_of(i));
    }
    Err(Error::usage(format!(
        "unknown {what} `{name}` (one of: {known})"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_arithmetic_wraps_instead_of_panicking() {
        let a = Array::from_i32(&[2], vec![i32::MAX, 7]).unwrap();
        let b = Array::from_i32(&[2], vec![1, 0]).unwrap();
        let sum = Binary(BinaryOp::Add).eval(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(sum[0].to_f64_vec(), vec![i32::MIN as f64, 7.0]);
        let quotient = Binary(BinaryOp::Div).eval(&[a, b]).unwrap();
        assert_eq!(quotient[0].to_f64_vec(), vec![i32::MAX as f64, -1.0]);
    }

    #[test]
    fn uint32_arithmetic_wraps_and_divides_by_zero_like_xla() {
        // Recorded from JAX 0.10.2: `lax.div(uint32([7, 0]), uint32([0, 0]))` is all ones.
        let a = Array::from_u32(&[3], vec![u32::MAX, 7, 0]).unwrap();
        let b = Array::from_u32(&[3], vec![1, 0, 1]).unwrap();
        let sum = Binary(BinaryOp::Add).eval(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(sum[0].to_f64_vec(), vec![0.0, 7.0, 1.0]);
        let diff = Binary(BinaryOp::Sub).eval(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(diff[0].to_f64_vec(), vec![4294967294.0, 7.0, 4294967295.0]);
        let quotient = Binary(BinaryOp::Div).eval(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(
            quotient[0].to_f64_vec(),
            vec![4294967295.0, 4294967295.0, 0.0]
        );
        let lt = Compare(CompareOp::Lt).eval(&[a, b]).unwrap();
        assert_eq!(lt[0].to_f64_vec(), vec![0.0, 0.0, 1.0]);
    }

    #[test]
    fn keys_are_refused_in_arithmetic_with_jax_words() {
        let key = ShapedArray::new(vec![], DType::KeyFry);
        let err = Binary(BinaryOp::Add)
            .abstract_eval(&[key.clone(), key])
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "add does not accept dtype key<fry> at position 0. Accepted dtypes at position 0 are \
             subtypes of integer, floating, complexfloating."
        );
    }

    #[test]
    fn size_one_dims_broadcast() {
        let a = Array::from_f32(&[2, 1], vec![1.0, 2.0]).unwrap();
        let b = Array::from_f32(&[1, 3], vec![10.0, 20.0, 30.0]).unwrap();
        let out = Binary(BinaryOp::Mul).eval(&[a, b]).unwrap();
        assert_eq!(out[0].shape(), &[2, 3]);
        assert_eq!(
            out[0].to_f64_vec(),
            vec![10.0, 20.0, 30.0, 20.0, 40.0, 60.0]
        );
        let err = broadcast_shapes("add", &[2], &[3]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "add: incompatible shapes for broadcasting: (2,) and (3,)"
        );
    }

    #[test]
    fn single_element_operands_keep_their_side() {
        let x = Array::from_f32(&[2, 2], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let one = Array::from_f32(&[1, 1], vec![10.0]).unwrap();
        let scalar = Array::weak_scalar(10.0, DType::Float32);
        for s in [one, scalar] {
            let left = Binary(BinaryOp::Sub).eval(&[s.clone(), x.clone()]).unwrap();
            assert_eq!(left[0].shape(), &[2, 2]);
            assert_eq!(left[0].to_f64_vec(), vec![9.0, 8.0, 7.0, 6.0]);
            let right = Binary(BinaryOp::Sub).eval(&[x.clone(), s]).unwrap();
            assert_eq!(right[0].to_f64_vec(), vec![-9.0, -8.0, -7.0, -6.0]);
        }
    }

    #[test]
    fn neg_rejects_bool_with_jax_words() {
        let err = Unary(UnaryOp::Neg)
            .abstract_eval(&[ShapedArray::new(vec![], DType::Bool)])
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, complexfloating."
        );
    }
}
