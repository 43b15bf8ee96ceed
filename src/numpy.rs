//! The `jnp` layer: NumPy-style operations built from primitives with JAX's rules for dtype
//! promotion (weak scalars yield), rank promotion (scalars are left to the primitive, other
//! ranks are lifted with `broadcast_in_dim`), true division, and the callback entry points.

use crate::array::{Array, ShapedArray};
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::host::HostCallback;
use crate::primitives::callback::{CallbackKind, CallbackPrim, VmapMethod};
use crate::primitives::elementwise::{Binary, BinaryOp, Compare, CompareOp, Unary, UnaryOp};
use crate::primitives::structural::{BroadcastInDim, ConvertElementType, Iota, ReduceSum, Reshape};
use crate::trace::{bind, bind1, Value};
use std::rc::Rc;

/// A bare JS number in an operation: a weak int when integral (so `x.mul(2)` keeps int32),
/// otherwise a weak float, mirroring Python's `2` vs `2.0`.
pub fn number(v: f64) -> Value {
    let integral = v.fract() == 0.0 && v.abs() < 2_147_483_648.0;
    let dtype = if integral {
        DType::Int32
    } else {
        DType::Float32
    };
    Value::Array(Array::weak_scalar(v, dtype))
}

/// A bare JS number passed as a jitted-function argument: a weak float32 scalar, like a Python
/// float (JS does not distinguish `1` from `1.0`).
pub fn number_arg(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Float32))
}

/// Converts to `to`, folding concrete weak scalars (so they print as literals) and binding
/// `convert_element_type` otherwise.
pub fn convert(x: &Value, to: TypeKey) -> Result<Value> {
    let aval = x.aval();
    // A weak value meeting a strong one of its own dtype is made strong, as JAX does (the
    // conversion's transpose is what gives a weak input a weak gradient).
    if aval.dtype == to.dtype && (aval.weak_type == to.weak || !aval.weak_type) {
        return Ok(x.clone());
    }
    if let Value::Array(a) = x {
        if a.weak_type() && a.shape().is_empty() {
            let v = a.to_f64_vec();
            return Ok(Value::Array(
                Array::from_f64_values(&[], to.dtype, &v)?.with_weak_type(to.weak),
            ));
        }
    }
    bind1(
        Rc::new(ConvertElementType {
            new_dtype: to.dtype,
            weak_type: to.weak,
        }),
        std::slice::from_ref(x),
    )
}

pub fn astype(x: &Value, dtype: DType) -> Result<Value> {
    convert(x, TypeKey { dtype, weak: false })
}

fn rank_promote(x: Value, rank: usize) -> Result<Value> {
    let shape = x.aval().shape;
    if shape.is_empty() || shape.len() == rank {
        return Ok(x);
    }
    let lead = rank - shape.len();
    let mut target = vec![1; lead];
    target.extend(&shape);
    bind1(
        Rc::new(BroadcastInDim {
            shape: target,
            broadcast_dimensions: (lead..rank).collect(),
        }),
        &[x],
    )
}

/// Two operands converted to type `t` and lifted to a common rank, as jnp does before a
/// binary primitive.
fn operands_as(a: &Value, b: &Value, t: TypeKey) -> Result<[Value; 2]> {
    let (a, b) = (convert(a, t)?, convert(b, t)?);
    let rank = a.aval().shape.len().max(b.aval().shape.len());
    Ok([rank_promote(a, rank)?, rank_promote(b, rank)?])
}

pub fn binary(op: BinaryOp, a: &Value, b: &Value) -> Result<Value> {
    let mut t = promote(a.aval().type_key(), b.aval().type_key());
    if op == BinaryOp::Div && !t.dtype.is_float() {
        t.dtype = DType::Float32; // jnp.divide is true division
    }
    bind1(Rc::new(Binary(op)), &operands_as(a, b, t)?)
}

/// `jnp.less` and friends: promoted like arithmetic, `bool` results.
pub fn compare(op: CompareOp, a: &Value, b: &Value) -> Result<Value> {
    let t = promote(a.aval().type_key(), b.aval().type_key());
    bind1(Rc::new(Compare(op)), &operands_as(a, b, t)?)
}

pub fn unary(op: UnaryOp, x: &Value) -> Result<Value> {
    let aval = x.aval();
    let x = if op.float_only() && aval.dtype != DType::Float32 {
        convert(
            x,
            TypeKey {
                dtype: DType::Float32,
                weak: aval.weak_type,
            },
        )?
    } else {
        x.clone()
    };
    bind1(Rc::new(Unary(op)), &[x])
}

/// `jnp.sum`: over `axes` (all when `None`); booleans are counted as int32.
pub fn sum(x: &Value, axes: Option<Vec<i64>>) -> Result<Value> {
    let aval = x.aval();
    let rank = aval.shape.len();
    let axes = match axes {
        None => (0..rank).collect(),
        Some(axes) => axes
            .into_iter()
            .map(|a| normalize_axis(a, rank, "reduce_sum"))
            .collect::<Result<Vec<_>>>()?,
    };
    let x = if aval.dtype == DType::Bool {
        astype(x, DType::Int32)?
    } else {
        x.clone()
    };
    bind1(Rc::new(ReduceSum { axes }), &[x])
}

fn normalize_axis(axis: i64, rank: usize, primitive: &'static str) -> Result<usize> {
    let r = rank as i64;
    let a = if axis < 0 { axis + r } else { axis };
    if (0..r).contains(&a) {
        Ok(a as usize)
    } else {
        Err(Error::InvalidArgument {
            primitive,
            message: format!("axis {axis} is out of bounds for an array of rank {rank}"),
        })
    }
}

/// `x.reshape(shape)`, where one entry may be -1 (inferred).
pub fn reshape(x: &Value, shape: &[i64]) -> Result<Value> {
    let size = x.aval().size();
    let known: i64 = shape.iter().filter(|&&d| d != -1).product();
    let unknowns = shape.iter().filter(|&&d| d == -1).count();
    let bad = || Error::InvalidArgument {
        primitive: "reshape",
        message: format!(
            "cannot reshape an array of size {size} into shape ({}{})",
            shape
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            if shape.len() == 1 { "," } else { "" }
        ),
    };
    if unknowns > 1 || shape.iter().any(|&d| d < -1) {
        return Err(bad());
    }
    let new_sizes = shape
        .iter()
        .map(|&d| {
            if d == -1 {
                if known == 0 || size as i64 % known != 0 {
                    Err(bad())
                } else {
                    Ok((size as i64 / known) as usize)
                }
            } else {
                Ok(d as usize)
            }
        })
        .collect::<Result<Vec<_>>>()?;
    bind1(Rc::new(Reshape { new_sizes }), std::slice::from_ref(x))
}

/// `jnp.broadcast_to`.
pub fn broadcast_to(x: &Value, shape: &[usize]) -> Result<Value> {
    let x = rank_promote(x.clone(), shape.len())?;
    let aval = x.aval();
    let dims = if aval.shape.is_empty() {
        Vec::new()
    } else {
        (0..shape.len()).collect()
    };
    bind1(
        Rc::new(BroadcastInDim {
            shape: shape.to_vec(),
            broadcast_dimensions: dims,
        }),
        &[x],
    )
}

/// `jnp.full(shape, value, dtype)`: a broadcast literal, staged when tracing as JAX does.
pub fn full(shape: &[usize], value: f64, dtype: DType) -> Result<Value> {
    let scalar = Array::from_f64_values(&[], dtype, &[value])?;
    if shape.is_empty() {
        return Ok(Value::Array(scalar));
    }
    bind1(
        Rc::new(BroadcastInDim {
            shape: shape.to_vec(),
            broadcast_dimensions: Vec::new(),
        }),
        &[Value::Array(scalar)],
    )
}

/// `jnp.arange(n, dtype)`.
pub fn arange(n: usize, dtype: DType) -> Result<Value> {
    bind1(
        Rc::new(Iota {
            dtype,
            shape: vec![n],
            dimension: 0,
        }),
        &[],
    )
}

fn callback(
    kind: CallbackKind,
    cb: Rc<dyn HostCallback>,
    result_avals: Vec<ShapedArray>,
    args: &[Value],
    vmap_method: Option<VmapMethod>,
) -> Result<Vec<Value>> {
    bind(
        Rc::new(CallbackPrim {
            kind,
            callback: cb,
            result_avals,
            vmap_method,
            texts: Default::default(),
            source: crate::trace::current_source(),
        }),
        args,
    )
}

/// `jax.pure_callback`; `vmap_method` is checked here, as JAX checks it at the call.
pub fn pure_callback(
    cb: Rc<dyn HostCallback>,
    result_avals: Vec<ShapedArray>,
    args: &[Value],
    vmap_method: Option<String>,
) -> Result<Vec<Value>> {
    let method = vmap_method.as_deref().map(VmapMethod::parse).transpose()?;
    callback(CallbackKind::Pure, cb, result_avals, args, method)
}

/// `jax.experimental.io_callback`.
pub fn io_callback(
    cb: Rc<dyn HostCallback>,
    result_avals: Vec<ShapedArray>,
    args: &[Value],
    ordered: bool,
) -> Result<Vec<Value>> {
    callback(CallbackKind::Io { ordered }, cb, result_avals, args, None)
}

/// `jax.debug.callback`: no results, kept by DCE.
pub fn debug_callback(cb: Rc<dyn HostCallback>, args: &[Value], ordered: bool) -> Result<()> {
    callback(CallbackKind::Debug { ordered }, cb, Vec::new(), args, None).map(|_| ())
}
