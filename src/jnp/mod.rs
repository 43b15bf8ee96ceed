//! The `jnp` layer: NumPy-style operations built from primitives with JAX's rules for dtype
//! promotion (weak scalars yield), rank promotion (scalars are left to the primitive, other
//! ranks are lifted with `broadcast_in_dim`), true division, and the callback entry points.

use crate::array::{shape_tuple, Array, ShapedArray};
use crate::dense::element_count;
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::host::HostCallback;
use crate::primitives::callback::{CallbackKind, CallbackPrim, VmapMethod};
use crate::primitives::elementwise::{
    broadcast_shapes, Binary, BinaryOp, Compare, CompareOp, Unary, UnaryOp,
};
use crate::primitives::structural::{BroadcastInDim, ConvertElementType, Iota, ReduceSum, Reshape};
use crate::primitives::Primitive;
use crate::trace::{bind, bind1, Value};
use std::rc::Rc;

pub mod creation;
pub mod einsum;
pub mod joining;
pub mod linalg;
pub mod linear;
pub mod math;
pub mod misc;
pub mod nn;
pub mod pad;
pub mod poly;
pub mod ranges;
pub mod reductions;
pub mod shape;
pub mod special;
pub mod stats;

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
    let from = x.type_key();
    // A weak value meeting a strong one of its own dtype is made strong, as JAX does (the
    // conversion's transpose is what gives a weak input a weak gradient).
    if from.dtype == to.dtype && (from.weak == to.weak || !from.weak) {
        return Ok(x.clone());
    }
    if let Value::Array(a) = x {
        if a.weak_type() && a.shape().is_empty() {
            let mut v = a.to_f64_vec();
            // A float becomes an integer the way `convert_element_type` makes it one:
            // truncated and saturating, NaN as 0 (Rust's `as` casts do exactly that).
            if from.dtype.is_float() && to.dtype == DType::Int32 {
                v = vec![f64::from(v[0] as i32)];
            }
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

pub(crate) fn rank_promote(x: Value, rank: usize) -> Result<Value> {
    let shape = x.shape();
    if shape.is_empty() || shape.len() == rank {
        return Ok(x);
    }
    let lead = rank - shape.len();
    let mut target = vec![1; lead];
    target.extend_from_slice(shape);
    bind1(
        Rc::new(BroadcastInDim {
            shape: target,
            broadcast_dimensions: (lead..rank).collect(),
        }),
        &[x],
    )
}

/// Two operands converted to type `t` and lifted to a common rank, as jnp does before a
/// binary primitive. Broadcasting is checked first, on the shapes the user wrote (per example
/// under `vmap`), so an error quotes those rather than rank-promoted or batched ones.
pub(crate) fn operands_as(
    primitive: &'static str,
    a: &Value,
    b: &Value,
    t: TypeKey,
) -> Result<[Value; 2]> {
    check_broadcast(primitive, a.shape(), b.shape())?;
    let (a, b) = (convert(a, t)?, convert(b, t)?);
    let rank = a.shape().len().max(b.shape().len());
    Ok([rank_promote(a, rank)?, rank_promote(b, rank)?])
}

pub(crate) fn check_broadcast(primitive: &'static str, a: &[usize], b: &[usize]) -> Result<()> {
    // Equal shapes, or a scalar with any shape, broadcast to a shape some operand already has
    // (as in JAX's `broadcast_shapes`, which returns early when all shapes are equal).
    if a == b || a.is_empty() || b.is_empty() {
        return Ok(());
    }
    let rank = a.len().max(b.len());
    let lifted = |s: &[usize]| [vec![1; rank - s.len()], s.to_vec()].concat();
    match broadcast_shapes(primitive, &lifted(a), &lifted(b)) {
        Err(Error::IncompatibleShapes { .. }) => Err(Error::IncompatibleShapes {
            primitive,
            lhs: shape_tuple(a),
            rhs: shape_tuple(b),
        }),
        other => other.map(|_| ()),
    }
}

/// jnp's refusal to promote a key with anything (`key + 1`), in JAX's words.
fn reject_keys(primitive: &'static str, a: &Value, b: &Value) -> Result<()> {
    let (x, y) = (a.aval().dtype, b.aval().dtype);
    if x.is_key() || y.is_key() {
        return Err(Error::usage(format!(
            "{primitive} does not accept dtypes {x}, {y}."
        )));
    }
    Ok(())
}

pub fn binary(op: BinaryOp, a: &Value, b: &Value) -> Result<Value> {
    reject_keys(op.name(), a, b)?;
    let mut t = promote(a.type_key(), b.type_key());
    if op == BinaryOp::Div && !t.dtype.is_float() {
        t.dtype = DType::Float32; // jnp.divide is true division
    }
    let prim = Binary(op);
    let operands = operands_as(prim.name(), a, b, t)?;
    bind1(Rc::new(prim), &operands)
}

/// `jnp.less` and friends: promoted like arithmetic, `bool` results.
pub fn compare(op: CompareOp, a: &Value, b: &Value) -> Result<Value> {
    reject_keys(op.name(), a, b)?;
    let t = promote(a.type_key(), b.type_key());
    let prim = Compare(op);
    let operands = operands_as(prim.name(), a, b, t)?;
    bind1(Rc::new(prim), &operands)
}

pub fn unary(op: UnaryOp, x: &Value) -> Result<Value> {
    let aval = x.aval();
    let x = if op.float_only() && aval.dtype != DType::Float32 {
        convert(
            x,
            TypeKey {
                dtype: DType::Float32,
                // A weak bool has no weak float counterpart: `cos(x < 3.0)` is strong in JAX.
                weak: aval.weak_type && aval.dtype != DType::Bool,
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
    // Booleans are counted as int32, and the sum of a weak value is strong (jnp.sum converts first).
    let x = if aval.dtype == DType::Bool {
        astype(x, DType::Int32)?
    } else if aval.weak_type {
        astype(x, aval.dtype)?
    } else {
        x.clone()
    };
    bind1(
        Rc::new(ReduceSum {
            axes,
            numpy_axes: false,
        }),
        &[x],
    )
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

/// `axis` in `-rank..rank` as an index, or NumPy's `AxisError` words.
pub fn axis_index(axis: i64, rank: usize) -> Result<usize> {
    let r = rank as i64;
    let a = if axis < 0 { axis + r } else { axis };
    if (0..r).contains(&a) {
        Ok(a as usize)
    } else {
        Err(Error::Value {
            message: format!("axis {axis} is out of bounds for array of dimension {rank}"),
        })
    }
}

/// `jnp.where(condition, x, y)`: `x` and `y` promoted together, all three broadcast to their
/// common shape, and `select_n(condition, y, x)` (case 0 is taken where the condition is false).
pub fn where_(condition: &Value, x: &Value, y: &Value) -> Result<Value> {
    let t = promote(x.type_key(), y.type_key());
    let condition = if condition.type_key().dtype == DType::Bool {
        condition.clone()
    } else {
        compare(CompareOp::Ne, condition, &number(0.0))?
    };
    let (x, y) = (convert(x, t)?, convert(y, t)?);
    // A scalar condition is left to `select_n`, which takes one without broadcasting.
    let scalar_condition = condition.shape().is_empty();
    let mut shapes = vec![x.shape().to_vec(), y.shape().to_vec()];
    if !scalar_condition {
        shapes.insert(0, condition.shape().to_vec());
    }
    let shape = shape::broadcast_shapes(&shapes)?;
    let fit = |v: &Value| {
        if v.shape() == shape.as_slice() {
            Ok(v.clone())
        } else {
            broadcast_to(v, &shape)
        }
    };
    let condition = if scalar_condition {
        condition
    } else {
        fit(&condition)?
    };
    // Broadcast in JAX's order (condition, x, y), so the jaxpr reads as JAX's.
    let x = fit(&x)?;
    crate::primitives::math::ops::select_n(&condition, &[fit(&y)?, x])
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
    // Checked here on the per-example shape, so that under vmap the message is JAX's.
    let new_size = element_count(&new_sizes);
    if new_size != size {
        return Err(Error::Signature {
            message: format!(
                "cannot reshape array of shape {} (size {size}) into shape {} (size {new_size})",
                shape_tuple(&x.aval().shape),
                shape_tuple(&new_sizes)
            ),
        });
    }
    let reshape = Reshape {
        new_sizes,
        dimensions: None,
    };
    bind1(Rc::new(reshape), std::slice::from_ref(x))
}

/// `jnp.broadcast_to`.
pub fn broadcast_to(x: &Value, shape: &[usize]) -> Result<Value> {
    // jnp.broadcast_to's own checks and words, on the per-example shape under vmap.
    let from = x.aval();
    if from.shape.len() > shape.len() {
        return Err(Error::InvalidArgument {
            primitive: "broadcast_to",
            message: format!(
                "Cannot broadcast to shape with fewer dimensions: arr_shape={} shape={}",
                shape_tuple(&from.shape),
                shape_tuple(shape)
            ),
        });
    }
    let lead = shape.len() - from.shape.len();
    if from
        .shape
        .iter()
        .zip(&shape[lead..])
        .any(|(&a, &b)| a != 1 && a != b)
    {
        let long = |s: &[usize]| {
            let dims: Vec<String> = s.iter().map(usize::to_string).collect();
            format!("{}[{}]", from.dtype, dims.join(","))
        };
        return Err(Error::InvalidArgument {
            primitive: "broadcast_to",
            message: format!(
                "Incompatible types for broadcasting: input type={} and requested type={}",
                long(&from.shape),
                long(shape)
            ),
        });
    }
    if from.shape == shape {
        return Ok(x.clone());
    }
    // One `broadcast_in_dim` placing `x`'s axes last, as `lax.broadcast_to` binds it.
    bind1(
        Rc::new(BroadcastInDim {
            shape: shape.to_vec(),
            broadcast_dimensions: (lead..shape.len()).collect(),
        }),
        std::slice::from_ref(x),
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

#[cfg(test)]
mod tests {
    //! Cases found by the differential tester (tests/differential/), checked against JAX 0.10.2.
    use super::*;

    fn f32s(shape: &[usize], data: Vec<f32>) -> Value {
        Value::Array(Array::from_f32(shape, data).unwrap())
    }

    #[test]
    fn comparing_two_weak_values_gives_a_weak_bool() {
        let lt = |a: &Value, b: &Value| compare(CompareOp::Lt, a, b).unwrap().aval();
        assert!(lt(&number(2.5), &number(3.0)).weak_type);
        assert!(!lt(&f32s(&[], vec![2.5]), &number(3.0)).weak_type);
        // ... which computes as a strong bool.
        let weak_bool = compare(CompareOp::Lt, &number(2.5), &number(3.0)).unwrap();
        let both = binary(BinaryOp::Add, &weak_bool, &weak_bool)
            .unwrap()
            .aval();
        assert_eq!((both.dtype, both.weak_type), (DType::Bool, false));
        assert!(!unary(UnaryOp::Cos, &weak_bool).unwrap().aval().weak_type);
        assert!(
            binary(BinaryOp::Add, &weak_bool, &number(1.0))
                .unwrap()
                .aval()
                .weak_type
        );
    }

    #[test]
    fn the_sum_of_a_weak_value_is_strong() {
        let s = sum(&number(2.5), None).unwrap().aval();
        assert_eq!((s.dtype, s.weak_type), (DType::Float32, false));
        assert_eq!(sum(&number(1.0), None).unwrap().aval().dtype, DType::Int32);
    }

    #[test]
    fn astype_int32_saturates_and_sends_nan_to_zero() {
        let x = f32s(
            &[6],
            vec![f32::INFINITY, f32::NEG_INFINITY, f32::NAN, 3e9, -3e9, -2.7],
        );
        let y = astype(&x, DType::Int32).unwrap();
        let values = y.as_array().unwrap().to_f64_vec();
        assert_eq!(
            values,
            [
                2147483647.0,
                -2147483648.0,
                0.0,
                2147483647.0,
                -2147483648.0,
                -2.0
            ]
        );
    }

    #[test]
    fn errors_quote_the_shapes_the_user_wrote() {
        let err = |r: Result<Value>| r.unwrap_err().to_string();
        let (a, b) = (f32s(&[2, 3], vec![0.0; 6]), f32s(&[2], vec![0.0; 2]));
        assert_eq!(
            err(binary(BinaryOp::Add, &a, &b)),
            "add: incompatible shapes for broadcasting: (2, 3) and (2,)"
        );
        assert!(err(reshape(&b, &[3])).contains("cannot reshape array of shape (2,) (size 2)"));
        assert!(err(broadcast_to(&a, &[4])).contains(
            "Cannot broadcast to shape with fewer dimensions: arr_shape=(2, 3) shape=(4,)"
        ));
        assert!(err(broadcast_to(&b, &[4])).contains(
            "Incompatible types for broadcasting: input type=float32[2] and requested type=float32[4]"
        ));
    }
}
