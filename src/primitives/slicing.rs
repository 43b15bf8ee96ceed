//! Static slicing primitives: `slice`, `squeeze`, `rev` and `pad` (the transpose of `slice`),
//! with JAX's param names, errors and printing and their JVP, transpose and batching rules.
//! What `x[1:, 0]`, `x[::-1]` and `x[-1]` lower to. All are layout work: one strided walk
//! over the data (`Dense::gather_at` / `Dense::scatter_into`), whatever the dtype.

use super::structural::{map_buffer, map_buffer_pair, Reshape};
use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{checked_size, shape_tuple as tuple, Array, Buffer, ShapedArray};
use crate::batching::move_to_front;
use crate::dense::strides;
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// JAX's message, prefixed with the primitive's name unless it already starts with it.
fn jax_error(primitive: &'static str, message: String) -> Error {
    if message.starts_with(primitive) {
        Error::Usage { message }
    } else {
        Error::InvalidArgument { primitive, message }
    }
}

/// JAX's `deflinear` for these unary layout primitives: the JVP applies the primitive itself to
/// the primal and to the tangent (one non-generic function for all of them).
fn jvp_linear(
    prim: Rc<dyn Primitive>,
    primals: &[Value],
    tangents: &[Option<Value>],
) -> Result<JvpOut> {
    let apply = |x: &Value| bind1(prim.clone(), std::slice::from_ref(x));
    Ok((
        vec![apply(&primals[0])?],
        vec![tangents[0].as_ref().map(apply).transpose()?],
    ))
}

// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
fn one_output(out: &ShapedArray, buffer: Buffer) -> Vec<Array> {
    vec![Array::from_buffer(buffer).with_weak_type(out.weak_type)]
}

/// Dimensions listed for `rev`/`squeeze`: in range and each once.
fn check_dims(primitive: &'static str, dims: &[usize], rank: usize) -> Result<()> {
    if dims.iter().any(|&d| d >= rank) {
        return Err(jax_error(
            primitive,
            format!(
                "{primitive} dimensions must all be less than operand ndim, got dimensions {} for operand ndim {rank}.",
                tuple(dims)
            ),
        ));
    }
    if (1..dims.len()).any(|i| dims[..i].contains(&dims[i])) {
        return Err(jax_error(
            primitive,
            format!(
                "{primitive} dimensions must be unique, got {}.",
                tuple(dims)
            ),
        ));
    }
    Ok(())
}

#[derive(Debug, Clone)]
pub struct Slice {
    pub start_indices: Vec<usize>,
    pub limit_indices: Vec<usize>,
    /// `None` is all ones, printed `strides=None` as JAX does.
    pub strides: Option<Vec<usize>>,
}

impl Slice {
    fn stride(&self, d: usize) -> usize {
        self.strides.as_ref().map_or(1, |s| s[d])
    }
}

impl Primitive for Slice {
    fn name(&self) -> &'static str {
        "slice"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("limit_indices", tuple(&self.limit_indices).into()),
            ("start_indices", tuple(&self.start_indices).into()),
            (
                "strides",
                self.strides
                    .as_ref()
                    .map_or(Param::None, |s| tuple(s).into()),
            ),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        let shape = tuple(&x.shape);
        let (start, limit) = (&self.start_indices, &self.limit_indices);
        let fail = |m: String| Err(jax_error("slice", m));
        for (name, list) in [("start_indices", start), ("limit_indices", limit)]
            .into_iter()
            .chain(self.strides.as_ref().map(|s| ("strides", s)))
        {
            if list.len() != x.shape.len() {
                return fail(format!("slice {name} must have length equal to the number of dimensions of the operand, got indices {} for operand shape {shape}.", tuple(list)));
            }
        }
        if limit.iter().zip(&x.shape).any(|(l, n)| l > n) {
            return fail(format!("slice limit_indices must be less than or equal to operand shape, got limit_indices {} for operand shape {shape}.", tuple(limit)));
        }
        if start.iter().zip(limit).any(|(s, l)| l < s) {
            return fail(format!("slice limit_indices must be greater than or equal to start_indices, got start_indices {} and limit_indices {}.", tuple(start), tuple(limit)));
        }
        if let Some(s) = self.strides.as_ref().filter(|s| s.contains(&0)) {
            return fail(format!("slice strides must be positive, got {}.", tuple(s)));
        }
        let shape = (0..x.shape.len())
            .map(|d| (limit[d] - start[d]).div_ceil(self.stride(d)))
            .collect();
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?.remove(0);
        let from = strides(inputs[0].shape());
        let start = (0..from.len())
            .map(|d| self.start_indices[d] * from[d])
            .sum();
        let steps: Vec<usize> = (0..from.len()).map(|d| from[d] * self.stride(d)).collect();
        let buffer = map_buffer!(inputs[0].buffer(), |a| a
            .gather_at(start, &out.shape, &steps));
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        jvp_linear(Rc::new(self.clone()), primals, tangents)
    }

    /// Zeros around (and, with strides, between) the cotangent: `pad`, as JAX transposes it.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(ct) = &cts[0] else {
            return Ok(vec![None]);
        };
        let shape = args[0].aval().shape;
        let out = ct.aval().shape;
        let config = (0..shape.len())
            .map(|d| {
                let s = self.stride(d);
                let reach = if out[d] == 0 { 0 } else { 1 + (out[d] - 1) * s };
                let hi = shape[d] - self.start_indices[d] - reach;
                PadDim {
                    lo: self.start_indices[d],
                    hi,
                    interior: s - 1,
                    numpy_lo: false,
                    numpy_hi: true,
                    // JAX pads by plain zeros when every stride is 1.
                    numpy_interior: self.strides.iter().flatten().any(|&s| s != 1),
                }
            })
            .collect();
        Ok(vec![Some(lax::pad(ct, config)?)])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let (mut start, mut limit) = (self.start_indices.clone(), self.limit_indices.clone());
        let mut strides = self.strides.clone();
        if let Some(d) = dims[0] {
            start.insert(d, 0);
            limit.insert(d, args[0].aval().shape[d]);
            if let Some(s) = &mut strides {
                s.insert(d, 1);
            }
        }
        Ok((
            vec![lax::slice(&args[0], start, limit, strides)?],
            vec![dims[0]],
        ))
    }
}

#[derive(Debug, Clone)]
pub struct Squeeze {
    pub dimensions: Vec<usize>,
}

impl Primitive for Squeeze {
    fn name(&self) -> &'static str {
        "squeeze"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("dimensions", tuple(&self.dimensions).into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        check_dims("squeeze", &self.dimensions, x.shape.len())?;
        if self.dimensions.iter().any(|&d| x.shape[d] != 1) {
            return Err(jax_error("squeeze", format!("cannot select an axis to squeeze out which has size not equal to one, got shape={} and dimensions={}", tuple(&x.shape), tuple(&self.dimensions))));
        }
        let shape = (0..x.shape.len())
            .filter(|d| !self.dimensions.contains(d))
            .map(|d| x.shape[d])
            .collect();
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    /// The data stay as they are: a reshape.
    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let new_sizes = self.abstract_eval(&[inputs[0].aval()])?.remove(0).shape;
        Reshape {
            new_sizes,
            dimensions: None,
        }
        .eval(inputs)
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        jvp_linear(Rc::new(self.clone()), primals, tangents)
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let shape = args[0].aval().shape;
        let kept = (0..shape.len())
            .filter(|d| !self.dimensions.contains(d))
            .collect();
        Ok(vec![cts[0]
            .as_ref()
            .map(|ct| lax::broadcast_in_dim(ct, &shape, kept))
            .transpose()?])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some(_) = dims[0] else {
            return Ok((
                vec![lax::squeeze(&args[0], self.dimensions.clone())?],
                vec![None],
            ));
        };
        let x = move_to_front(&args[0], dims[0])?;
        let dimensions = self.dimensions.iter().map(|d| d + 1).collect();
        Ok((vec![lax::squeeze(&x, dimensions)?], vec![Some(0)]))
    }
}

#[derive(Debug, Clone)]
pub struct Rev {
    pub dimensions: Vec<usize>,
}

impl Primitive for Rev {
    fn name(&self) -> &'static str {
        "rev"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("dimensions", tuple(&self.dimensions).into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_dims("rev", &self.dimensions, inputs[0].shape.len())?;
        Ok(vec![inputs[0].clone()])
    }

    /// Reversed dimensions start at their last element and step backwards.
    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?.remove(0);
        let mut steps = strides(&out.shape);
        let mut start = 0usize;
        for &d in &self.dimensions {
            start += out.shape[d].saturating_sub(1) * steps[d];
            steps[d] = steps[d].wrapping_neg();
        }
        let buffer = map_buffer!(inputs[0].buffer(), |a| a
            .gather_at(start, &out.shape, &steps));
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        jvp_linear(Rc::new(self.clone()), primals, tangents)
    }

    fn transpose(&self, cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        Ok(vec![cts[0]
            .as_ref()
            .map(|ct| lax::rev(ct, self.dimensions.clone()))
            .transpose()?])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let dimensions = match dims[0] {
            Some(b) => self
                .dimensions
                .iter()
                .map(|&d| if d >= b { d + 1 } else { d })
                .collect(),
            None => self.dimensions.clone(),
        };
        Ok((vec![lax::rev(&args[0], dimensions)?], vec![dims[0]]))
    }
}

/// One dimension of a `pad`: elements added before, after and between the operand's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PadDim {
    pub lo: usize,
    pub hi: usize,
    pub interior: usize,
    /// JAX's `slice` transpose computes `hi` (and, with strides, `interior`) with NumPy, so
    /// its jaxpr prints them as `np.int64(0)`; kept so ours prints the same. `reduce_window_sum`'s
    /// transpose computes `lo` that way too.
    pub numpy_lo: bool,
    pub numpy_hi: bool,
    pub numpy_interior: bool,
}

#[derive(Debug)]
pub struct Pad {
    pub padding_config: Vec<PadDim>,
}

impl Primitive for Pad {
    fn name(&self) -> &'static str {
        "pad"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let dims: Vec<String> = self
            .padding_config
            .iter()
            .map(|p| {
                let int = |numpy, v: usize| match numpy {
                    true => format!("np.int64({v})"),
                    false => v.to_string(),
                };
                let (lo, hi) = (int(p.numpy_lo, p.lo), int(p.numpy_hi, p.hi));
                format!("({lo}, {hi}, {})", int(p.numpy_interior, p.interior))
            })
            .collect();
        let text = match dims.as_slice() {
            [one] => format!("({one},)"),
            _ => format!("({})", dims.join(", ")),
        };
        vec![("padding_config", text.into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (x, fill) = (&inputs[0], &inputs[1]);
        if !fill.shape.is_empty() || fill.dtype != x.dtype {
            return Err(jax_error(
                "pad",
                format!(
                    "the padding value must be a scalar of the operand's dtype {}, got {}",
                    x.dtype,
                    fill.short()
                ),
            ));
        }
        if self.padding_config.len() != x.shape.len() {
            return Err(jax_error("pad", format!("length of padding_config must equal the number of axes of operand, got padding_config of length {} for operand shape {}", self.padding_config.len(), tuple(&x.shape))));
        }
        let shape: Vec<usize> = (x.shape.iter().zip(&self.padding_config))
            .map(|(&n, p)| p.lo + p.hi + n + n.saturating_sub(1) * p.interior)
            .collect();
        checked_size("pad", &shape)?;
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let to = strides(&out.shape);
        let start = (0..to.len())
            .map(|d| self.padding_config[d].lo * to[d])
            .sum();
        let steps: Vec<usize> = (0..to.len())
            .map(|d| to[d] * (self.padding_config[d].interior + 1))
            .collect();
        let buffer = map_buffer_pair!(inputs[0].buffer(), inputs[1].buffer(), |a, v| a
            .scatter_into(v.data()[0], &out.shape, start, &steps))
        .ok_or_else(|| jax_error("pad", "dtypes differ".into()))?;
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let config = self.padding_config.clone();
        let out = lax::pad_with(&primals[0], &primals[1], config.clone())?;
        let t = match tangents {
            [None, None] => None,
            [t, tv] => {
                let t = lax::instantiate(t.clone(), &primals[0].aval())?;
                let tv = lax::instantiate(tv.clone(), &primals[1].aval())?;
                Some(lax::pad_with(&t, &tv, config)?)
            }
            _ => return Err(jax_error("pad", "expects two tangents".into())),
        };
        Ok((vec![out], vec![t]))
    }

    /// The operand's cotangent is the slice it was written to; the padding value's, the sum of
    /// the rest.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(ct) = &cts[0] else {
            return Ok(vec![None, None]);
        };
        let shape = ct.aval().shape;
        let p = &self.padding_config;
        let start = p.iter().map(|p| p.lo).collect();
        let limit = (0..shape.len()).map(|d| shape[d] - p[d].hi).collect();
        let strides = p
            .iter()
            .any(|p| p.interior > 0)
            .then(|| p.iter().map(|p| p.interior + 1).collect());
        let operand = lax::slice(ct, start, limit, strides)?;
        let fill = match &args[1] {
            LinearArg::Linear(_) => {
                let all: Vec<usize> = (0..shape.len()).collect();
                let total = lax::reduce_sum(ct, all.clone())?;
                Some(lax::sub(&total, &lax::reduce_sum(&operand, all)?)?)
            }
            LinearArg::Known(_) => None,
        };
        Ok(vec![Some(operand), fill])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        if dims[1].is_some() {
            return Err(Error::MissingRule {
                primitive: "pad",
                rule: "batching with a batched padding value",
            });
        }
        let mut config = self.padding_config.clone();
        if let Some(d) = dims[0] {
            let none = PadDim {
                lo: 0,
                hi: 0,
                interior: 0,
                numpy_lo: false,
                numpy_hi: false,
                numpy_interior: false,
            };
            config.insert(d, none);
        }
        Ok((
            vec![lax::pad_with(&args[0], &args[1], config)?],
            vec![dims[0]],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    fn iota(shape: &[usize]) -> Array {
        let n = crate::dense::element_count(shape) as i32;
        Array::from_i32(shape, (0..n).collect()).unwrap()
    }

    fn values(out: Result<Vec<Array>>) -> Vec<f64> {
        out.unwrap()[0].to_f64_vec()
    }

    #[test]
    fn slice_rev_squeeze_walk_the_data() {
        let x = iota(&[2, 3]);
        let s = Slice {
            start_indices: vec![0, 1],
            limit_indices: vec![2, 3],
            strides: Some(vec![1, 2]),
        };
        assert_eq!(values(s.eval(std::slice::from_ref(&x))), vec![1.0, 4.0]);
        let r = Rev {
            dimensions: vec![0, 1],
        };
        let reversed = values(r.eval(std::slice::from_ref(&x)));
        assert_eq!(reversed, vec![5.0, 4.0, 3.0, 2.0, 1.0, 0.0]);
        let row = Rev {
            dimensions: vec![1],
        };
        assert_eq!(
            values(row.eval(std::slice::from_ref(&x))),
            vec![2.0, 1.0, 0.0, 5.0, 4.0, 3.0]
        );
        let one = iota(&[1, 3]);
        let sq = Squeeze {
            dimensions: vec![0],
        };
        assert_eq!(sq.eval(&[one]).unwrap()[0].shape(), &[3]);
        let empty = iota(&[0, 2]);
        assert_eq!(r.eval(&[empty]).unwrap()[0].shape(), &[0, 2]);
    }

    #[test]
    fn pad_writes_between_and_around() {
        let x = iota(&[2]);
        let fill = Array::from_i32(&[], vec![9]).unwrap();
        let p = Pad {
            padding_config: vec![PadDim {
                lo: 1,
                hi: 2,
                interior: 1,
                numpy_lo: false,
                numpy_hi: true,
                numpy_interior: true,
            }],
        };
        assert_eq!(
            values(p.eval(&[x, fill])),
            vec![9.0, 0.0, 9.0, 1.0, 9.0, 9.0]
        );
        let Param::Text(text) = &p.params()[0].1 else {
            panic!("padding_config is text")
        };
        assert_eq!(text, "((1, np.int64(2), np.int64(1)),)");
    }

    #[test]
    fn errors_are_jaxs() {
        let aval = [ShapedArray::new(vec![3], DType::Float32)];
        let err = |p: &dyn Primitive| p.abstract_eval(&aval).unwrap_err().to_string();
        let slice = |start, limit, strides| Slice {
            start_indices: vec![start],
            limit_indices: vec![limit],
            strides,
        };
        assert!(err(&slice(0, 4, None)).contains("slice limit_indices must be less than or equal to operand shape, got limit_indices (4,) for operand shape (3,)."));
        assert!(err(&slice(2, 1, None)).contains("got start_indices (2,) and limit_indices (1,)"));
        assert!(err(&slice(0, 1, Some(vec![0]))).contains("slice strides must be positive"));
        let squeeze = Squeeze {
            dimensions: vec![0],
        };
        assert!(err(&squeeze).contains(
            "cannot select an axis to squeeze out which has size not equal to one, got shape=(3,) and dimensions=(0,)"
        ));
        let rev = Rev {
            dimensions: vec![1],
        };
        assert!(err(&rev).contains("rev dimensions must all be less than operand ndim, got dimensions (1,) for operand ndim 1."));
    }
}
