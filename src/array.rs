//! Concrete arrays (row-major buffers of one of the supported dtypes) and their abstract values
//! (`ShapedArray`: shape + dtype + weak flag, the type a tracer carries).

use crate::dense::{element_count, Dense};
use crate::dtype::{DType, TypeKey};
use crate::error::{Error, Result};
use std::fmt;
use std::rc::Rc;

/// Shape and dtype without data: what tracing knows about a value.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ShapedArray {
    pub shape: Vec<usize>,
    pub dtype: DType,
    pub weak_type: bool,
}

impl Clone for ShapedArray {
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    fn clone(&self) -> Self {
        ShapedArray {
            shape: self.shape.clone(),
            dtype: self.dtype,
            weak_type: self.weak_type,
        }
    }
}

impl ShapedArray {
    pub fn new(shape: Vec<usize>, dtype: DType) -> Self {
        ShapedArray {
            shape,
            dtype,
            weak_type: false,
        }
    }

    pub fn size(&self) -> usize {
        element_count(&self.shape)
    }

    pub fn type_key(&self) -> TypeKey {
        TypeKey {
            dtype: self.dtype,
            weak: self.weak_type,
        }
    }

    /// JAX's `ShapedArray(float32[3])` spelling, used in `result_avals` params.
    pub fn repr(&self) -> String {
        format!(
            "ShapedArray({}[{}])",
            self.dtype.name(),
            join_dims(&self.shape)
        )
    }

    /// The jaxpr binder type, e.g. `f32[3]`.
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn short(&self) -> String {
        type_text(self.dtype, &self.shape)
    }
}

/// Most elements one array may have: 2^28, 1 GiB of float32, a quarter of all that wasm32 memory
/// can address. Shapes beyond it are errors; a program whose arrays together exhaust memory
/// still ends in the allocator's trap, as any wasm program does.
pub const MAX_ELEMENTS: usize = 1 << 28;

/// The number of elements of `shape`, or an error naming `primitive` when there would be more
/// than `MAX_ELEMENTS` (the product could even overflow a 32-bit `usize`).
pub fn checked_size(primitive: &'static str, shape: &[usize]) -> Result<usize> {
    if shape.contains(&0) {
        return Ok(0);
    }
    shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .filter(|&n| n <= MAX_ELEMENTS)
        .ok_or_else(|| Error::InvalidArgument {
            primitive,
            message: format!(
                "an array of shape {} would have more than {MAX_ELEMENTS} elements, the most \
                 the engine holds",
                shape_tuple(shape)
            ),
        })
}

/// Python tuple spelling of a shape: `()`, `(3,)`, `(2, 3)`; used in error messages.
pub fn shape_tuple(shape: &[usize]) -> String {
    match shape {
        [] => "()".to_string(),
        [one] => format!("({one},)"),
        dims => format!(
            "({})",
            dims.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// `f32[3]`, built by hand: the timeline describes every executed program's and callback's
/// arguments this way on each call.
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
fn type_text(dtype: DType, shape: &[usize]) -> String {
    let mut out = String::with_capacity(8 + 4 * shape.len());
    out.push_str(dtype.short_name());
    out.push('[');
    for (i, d) in shape.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_decimal(&mut out, *d);
    }
    out.push(']');
    out
}

/// Appends `n` in decimal without the formatting machinery.
fn push_decimal(out: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

fn join_dims(shape: &[usize]) -> String {
    shape
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for ShapedArray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

/// Typed element storage. A key's element is its pair of `uint32` words (see `dtype`).
#[derive(Debug, Clone, PartialEq)]
pub enum Buffer {
    F32(Dense<f32>),
    I32(Dense<i32>),
    Bool(Dense<bool>),
    U32(Dense<u32>),
    U8(Dense<u8>),
    Key(Dense<[u32; 2]>),
}

impl Buffer {
    pub fn dtype(&self) -> DType {
        match self {
            Buffer::F32(_) => DType::Float32,
            Buffer::I32(_) => DType::Int32,
            Buffer::Bool(_) => DType::Bool,
            Buffer::U32(_) => DType::Uint32,
            Buffer::U8(_) => DType::Uint8,
            Buffer::Key(_) => DType::KeyFry,
        }
    }

    pub fn shape(&self) -> &[usize] {
        match self {
            Buffer::F32(a) => a.shape(),
            Buffer::I32(a) => a.shape(),
            Buffer::Bool(a) => a.shape(),
            Buffer::U32(a) => a.shape(),
            Buffer::U8(a) => a.shape(),
            Buffer::Key(a) => a.shape(),
        }
    }
}

/// An immutable concrete array. Cloning is cheap (the buffer is shared).
#[derive(Debug, Clone)]
pub struct Array {
    buffer: Rc<Buffer>,
    weak_type: bool,
}

impl PartialEq for Array {
    fn eq(&self, other: &Self) -> bool {
        self.weak_type == other.weak_type && self.buffer == other.buffer
    }
}

impl Array {
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn from_buffer(buffer: Buffer) -> Self {
        Array {
            buffer: Rc::new(buffer),
            weak_type: false,
        }
    }

    pub fn with_weak_type(mut self, weak_type: bool) -> Self {
        self.weak_type = weak_type;
        self
    }

    pub fn from_f32(shape: &[usize], data: Vec<f32>) -> Result<Self> {
        Ok(Self::from_buffer(Buffer::F32(to_nd(shape, data)?)))
    }

    pub fn from_i32(shape: &[usize], data: Vec<i32>) -> Result<Self> {
        Ok(Self::from_buffer(Buffer::I32(to_nd(shape, data)?)))
    }

    pub fn from_bool(shape: &[usize], data: Vec<bool>) -> Result<Self> {
        Ok(Self::from_buffer(Buffer::Bool(to_nd(shape, data)?)))
    }

    pub fn from_u32(shape: &[usize], data: Vec<u32>) -> Result<Self> {
        Ok(Self::from_buffer(Buffer::U32(to_nd(shape, data)?)))
    }

    pub fn from_u8(shape: &[usize], data: Vec<u8>) -> Result<Self> {
        Ok(Self::from_buffer(Buffer::U8(to_nd(shape, data)?)))
    }

    /// Keys of shape `shape` from their word pairs.
    pub fn from_keys(shape: &[usize], data: Vec<[u32; 2]>) -> Result<Self> {
        Ok(Self::from_buffer(Buffer::Key(to_nd(shape, data)?)))
    }

    /// Builds an array of `dtype` from f64 values, converting like a numpy `astype` from float64
    /// (int32 and uint32 wrap modulo 2^32 after truncation, uint8 modulo 2^8, bool is "non-zero"). Keys are read
    /// back from [`Array::to_f64_vec`]'s two words per key.
    pub fn from_f64_values(shape: &[usize], dtype: DType, values: &[f64]) -> Result<Self> {
        match dtype {
            DType::Float32 => Self::from_f32(shape, values.iter().map(|&v| v as f32).collect()),
            DType::Int32 => Self::from_i32(shape, values.iter().map(|&v| wrap_i32(v)).collect()),
            DType::Bool => Self::from_bool(shape, values.iter().map(|&v| v != 0.0).collect()),
            DType::Uint32 => Self::from_u32(shape, values.iter().map(|&v| wrap_u32(v)).collect()),
            DType::Uint8 => {
                Self::from_u8(shape, values.iter().map(|&v| wrap_u32(v) as u8).collect())
            }
            DType::KeyFry => Self::from_keys(
                shape,
                values
                    .chunks(2)
                    .map(|w| [wrap_u32(w[0]), w.get(1).map_or(0, |&v| wrap_u32(v))])
                    .collect(),
            ),
        }
    }

    /// A weakly typed scalar, what a bare JS number becomes in an operation.
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn weak_scalar(value: f64, dtype: DType) -> Self {
        let buffer = match dtype {
            DType::Float32 => Buffer::F32(Dense::from_elem(&[], value as f32)),
            DType::Int32 => Buffer::I32(Dense::from_elem(&[], wrap_i32(value))),
            DType::Bool => Buffer::Bool(Dense::from_elem(&[], value != 0.0)),
            DType::Uint32 => Buffer::U32(Dense::from_elem(&[], wrap_u32(value))),
            DType::Uint8 => Buffer::U8(Dense::from_elem(&[], wrap_u32(value) as u8)),
            DType::KeyFry => Buffer::Key(Dense::from_elem(&[], [0, wrap_u32(value)])),
        };
        Self::from_buffer(buffer).with_weak_type(true)
    }

    pub fn zeros(aval: &ShapedArray) -> Self {
        let shape = &aval.shape;
        let buffer = match aval.dtype {
            DType::Float32 => Buffer::F32(Dense::from_elem(shape, 0.0)),
            DType::Int32 => Buffer::I32(Dense::from_elem(shape, 0)),
            DType::Bool => Buffer::Bool(Dense::from_elem(shape, false)),
            DType::Uint32 => Buffer::U32(Dense::from_elem(shape, 0)),
            DType::Uint8 => Buffer::U8(Dense::from_elem(shape, 0)),
            DType::KeyFry => Buffer::Key(Dense::from_elem(shape, [0, 0])),
        };
        Self::from_buffer(buffer).with_weak_type(aval.weak_type)
    }

    pub fn buffer(&self) -> &Buffer {
        &self.buffer
    }

    pub fn dtype(&self) -> DType {
        self.buffer.dtype()
    }

    pub fn shape(&self) -> &[usize] {
        self.buffer.shape()
    }

    pub fn size(&self) -> usize {
        element_count(self.shape())
    }

    pub fn weak_type(&self) -> bool {
        self.weak_type
    }

    /// `self.aval().short()` without building the aval.
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn short(&self) -> String {
        type_text(self.dtype(), self.shape())
    }

    pub fn aval(&self) -> ShapedArray {
        ShapedArray {
            shape: self.shape().to_vec(),
            dtype: self.dtype(),
            weak_type: self.weak_type,
        }
    }

    /// Elements in row-major order, widened to f64 (exact for all supported dtypes; a key is
    /// its two words).
    pub fn to_f64_vec(&self) -> Vec<f64> {
        match &*self.buffer {
            Buffer::F32(a) => a.iter().map(|&v| v as f64).collect(),
            Buffer::I32(a) => a.iter().map(|&v| v as f64).collect(),
            Buffer::Bool(a) => a.iter().map(|&v| if v { 1.0 } else { 0.0 }).collect(),
            Buffer::U32(a) => a.iter().map(|&v| v as f64).collect(),
            Buffer::U8(a) => a.iter().map(|&v| v as f64).collect(),
            Buffer::Key(a) => a.iter().flat_map(|k| k.map(f64::from)).collect(),
        }
    }

    /// The `i`-th slice along the leading axis (`x[i]`).
    pub fn index0(&self, i: usize) -> Result<Array> {
        let shape = self.shape();
        if shape.is_empty() || i >= shape[0] {
            return Err(Error::usage(format!(
                "index {i} is out of bounds for an array of shape {}",
                shape_tuple(shape)
            )));
        }
        let buffer = match &*self.buffer {
            Buffer::F32(a) => Buffer::F32(a.index0(i)),
            Buffer::I32(a) => Buffer::I32(a.index0(i)),
            Buffer::Bool(a) => Buffer::Bool(a.index0(i)),
            Buffer::U32(a) => Buffer::U32(a.index0(i)),
            Buffer::U8(a) => Buffer::U8(a.index0(i)),
            Buffer::Key(a) => Buffer::Key(a.index0(i)),
        };
        Ok(Array::from_buffer(buffer).with_weak_type(self.weak_type))
    }

    /// Stacks slices of type `item` along a new leading axis (`item` also types an empty stack).
    pub fn stack(items: &[Array], item: &ShapedArray) -> Result<Array> {
        let mut shape = vec![items.len()];
        shape.extend(&item.shape);
        let values: Vec<f64> = items.iter().flat_map(|a| a.to_f64_vec()).collect();
        Ok(Array::from_f64_values(&shape, item.dtype, &values)?.with_weak_type(item.weak_type))
    }

    /// Whether another array shares this one's elements (a view, a captured constant): then
    /// dropping this one frees nothing.
    pub fn shares_buffer(&self) -> bool {
        Rc::strong_count(&self.buffer) > 1
    }

    /// Identity of the underlying buffer, used to deduplicate captured constants while tracing.
    pub fn buffer_id(&self) -> usize {
        Rc::as_ptr(&self.buffer) as usize
    }
}

/// C-style conversion of a float to int32 as numpy's `astype(int32)` does for in-range values;
/// out-of-range values wrap modulo 2^32 like JS `ToInt32`, matching JAX's int64 -> int32
/// canonicalisation of host results.
pub fn wrap_i32(v: f64) -> i32 {
    wrap_u32(v) as i32
}

/// Float to uint32 modulo 2^32 after truncation (0 for NaN and infinities), as [`wrap_i32`].
pub fn wrap_u32(v: f64) -> u32 {
    if !v.is_finite() {
        return 0;
    }
    let t = v.trunc() % 4_294_967_296.0;
    let t = if t < 0.0 { t + 4_294_967_296.0 } else { t };
    t as u64 as u32
}

fn to_nd<T: Copy>(shape: &[usize], data: Vec<T>) -> Result<Dense<T>> {
    let expected = element_count(shape);
    let actual = data.len();
    Dense::from_shape_vec(shape, data).ok_or_else(|| Error::DataSize {
        shape: shape_tuple(shape),
        expected,
        actual,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_i32_matches_two_complement() {
        assert_eq!(wrap_i32(2f64.powi(31) + 5.0), -2_147_483_643);
        assert_eq!(wrap_i32(-1.0), -1);
        assert_eq!(wrap_i32(-2.7), -2);
        assert_eq!(wrap_i32(f64::NAN), 0);
    }

    #[test]
    fn data_size_is_checked() {
        let err = Array::from_f32(&[2, 2], vec![1.0; 3]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Array data has 3 elements but shape (2, 2) needs 4"
        );
    }

    #[test]
    fn avals_print_like_jax() {
        let a = ShapedArray::new(vec![2, 3], DType::Float32);
        assert_eq!(a.short(), "f32[2,3]");
        assert_eq!(
            ShapedArray::new(vec![10, 0, 1024], DType::Int32).short(),
            "i32[10,0,1024]"
        );
        assert_eq!(ShapedArray::new(vec![], DType::Bool).short(), "bool[]");
        assert_eq!(a.repr(), "ShapedArray(float32[2,3])");
        assert_eq!(shape_tuple(&[3]), "(3,)");
        assert_eq!(shape_tuple(&[]), "()");
    }
}
