//! Functions that move, add or drop axes without computing (`ravel`, `squeeze`, `expand_dims`,
//! `moveaxis`, `swapaxes`, `flip`, `atleast_*d`, `broadcast_arrays`), each binding the primitives
//! `jax.numpy` binds for it.

use super::{axis_index as normalize_axis, broadcast_to};
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::Value;

/// `jnp.ravel`: a reshape to one axis.
pub fn ravel(x: &Value) -> Result<Value> {
    let n = x.aval().size();
    if x.shape().len() == 1 {
        return Ok(x.clone());
    }
    lax::reshape(x, &[n])
}

/// `jnp.squeeze`: the size-1 axes listed (all of them by default) removed.
pub fn squeeze(x: &Value, axes: Option<Vec<usize>>) -> Result<Value> {
    let shape = x.shape().to_vec();
    let axes = match axes {
        Some(axes) => {
            if let Some(&a) = axes.iter().find(|&&a| shape[a] != 1) {
                return Err(Error::Value {
                    message: format!(
                        "cannot select an axis to squeeze out which has size not equal to one, got shape={} and dimensions=({a},)",
                        crate::array::shape_tuple(&shape)
                    ),
                });
            }
            let mut axes = axes;
            axes.sort_unstable();
            axes
        }
        None => (0..shape.len()).filter(|&d| shape[d] == 1).collect(),
    };
    lax::squeeze(x, axes)
}

/// `jnp.expand_dims`: size-1 axes inserted at `axes` of the result (negative from its end).
pub fn expand_dims(x: &Value, axes: &[i64]) -> Result<Value> {
    let rank = x.shape().len() + axes.len();
    let mut dims = axes
        .iter()
        .map(|&a| normalize_axis(a, rank))
        .collect::<Result<Vec<_>>>()?;
    dims.sort_unstable();
    if dims.windows(2).any(|w| w[0] == w[1]) {
        return Err(Error::Value {
            message: "repeated axis in expand_dims".into(),
        });
    }
    lax::expand_dims(x, &dims)
}

/// `jnp.moveaxis` for one or several axes.
pub fn moveaxis(x: &Value, source: &[usize], destination: &[usize]) -> Result<Value> {
    let rank = x.shape().len();
    if source.len() != destination.len() {
        return Err(Error::Value {
            message: format!(
                "Inconsistent number of elements: {} vs {}",
                source.len(),
                destination.len()
            ),
        });
    }
    let mut perm: Vec<usize> = (0..rank).filter(|d| !source.contains(d)).collect();
    let mut pairs: Vec<(usize, usize)> = destination
        .iter()
        .copied()
        .zip(source.iter().copied())
        .collect();
    pairs.sort_unstable();
    for (dest, src) in pairs {
        perm.insert(dest, src);
    }
    lax::transpose(x, perm)
}

/// `jnp.swapaxes`.
pub fn swapaxes(x: &Value, a: usize, b: usize) -> Result<Value> {
    let mut perm: Vec<usize> = (0..x.shape().len()).collect();
    perm.swap(a, b);
    lax::transpose(x, perm)
}

/// `jnp.flip` over `axes` (all by default).
pub fn flip(x: &Value, axes: Option<Vec<usize>>) -> Result<Value> {
    let mut axes = axes.unwrap_or_else(|| (0..x.shape().len()).collect());
    axes.sort_unstable();
    lax::rev(x, axes)
}

/// `jnp.atleast_1d/2d/3d` of one array: leading (and for 3-D trailing) size-1 axes added as
/// NumPy does.
pub fn atleast(x: &Value, rank: usize) -> Result<Value> {
    let shape = x.shape().to_vec();
    if shape.len() >= rank {
        return Ok(x.clone());
    }
    let target: Vec<usize> = match (rank, shape.len()) {
        (_, 0) => vec![1; rank],
        (3, 1) => vec![1, shape[0], 1],
        (3, 2) => vec![shape[0], shape[1], 1],
        (_, n) => [vec![1; rank - n], shape.clone()].concat(),
    };
    let dims: Vec<usize> = match (rank, shape.len()) {
        (_, 0) => vec![],
        (3, 1) => vec![1],
        (3, 2) => vec![0, 1],
        (_, n) => (rank - n..rank).collect(),
    };
    lax::broadcast_in_dim(x, &target, dims)
}

/// `jnp.broadcast_shapes` of several shapes, NumPy's rules (right-aligned, 1 stretches).
pub fn broadcast_shapes(shapes: &[Vec<usize>]) -> Result<Vec<usize>> {
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![1; rank];
    for s in shapes {
        for (k, &d) in s.iter().enumerate() {
            let slot = &mut out[rank - s.len() + k];
            if *slot == 1 {
                *slot = d;
            } else if d != 1 && d != *slot {
                let listed: Vec<String> = shapes
                    .iter()
                    .map(|s| crate::array::shape_tuple(s))
                    .collect();
                return Err(Error::Value {
                    message: format!(
                        "Incompatible shapes for broadcasting: shapes=[{}]",
                        listed.join(", ")
                    ),
                });
            }
        }
    }
    Ok(out)
}

/// `jnp.broadcast_arrays`: every array broadcast to the shapes' common shape.
pub fn broadcast_arrays(xs: &[Value]) -> Result<Vec<Value>> {
    let shapes: Vec<Vec<usize>> = xs.iter().map(|x| x.shape().to_vec()).collect();
    let shape = broadcast_shapes(&shapes)?;
    xs.iter().map(|x| broadcast_to(x, &shape)).collect()
}
