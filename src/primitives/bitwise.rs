//! Bitwise primitives: `and`, `or`, `xor` and `not` (on integers and bool), the three shifts
//! with XLA's meaning for shift amounts past the bit width, `population_count`, and
//! `bitcast_convert_type` between the numeric types. None is differentiable: JAX gives them zero
//! tangents, as here. Operands broadcast as `elementwise`'s binary primitives do.

use super::elementwise::{broadcast_result, dtypes_differ, zip_broadcast};
use super::{check_arity, BatchOut, JvpOut, Param, Primitive};
use crate::array::{Array, Buffer, ShapedArray};
use crate::dense::Dense;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::trace::{bind, bind1, Value};
use std::rc::Rc;

/// A binary bitwise op over two unsigned arrays; `$signed` is their signed twin, which the
/// arithmetic shift reads them as.
macro_rules! shifts {
    ($op:expr, $a:expr, $b:expr, $shape:expr, $signed:ty) => {{
        let last = <$signed>::BITS - 1;
        match $op {
            BitwiseOp::And => zip_broadcast($a, $b, $shape, |x, y| x & y),
            BitwiseOp::Or => zip_broadcast($a, $b, $shape, |x, y| x | y),
            BitwiseOp::Xor => zip_broadcast($a, $b, $shape, |x, y| x ^ y),
            BitwiseOp::ShiftLeft => zip_broadcast($a, $b, $shape, |x, s| {
                x.checked_shl(u32::from(s)).unwrap_or(0)
            }),
            BitwiseOp::ShiftRightLogical => zip_broadcast($a, $b, $shape, |x, s| {
                x.checked_shr(u32::from(s)).unwrap_or(0)
            }),
            BitwiseOp::ShiftRightArithmetic => zip_broadcast($a, $b, $shape, |x, s| {
                ((x as $signed) >> u32::from(s).min(last)) as _
            }),
        }
    }};
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BitwiseOp {
    And,
    Or,
    Xor,
    ShiftLeft,
    ShiftRightLogical,
    ShiftRightArithmetic,
}

impl BitwiseOp {
    pub fn name(self) -> &'static str {
        match self {
            BitwiseOp::And => "and",
            BitwiseOp::Or => "or",
            BitwiseOp::Xor => "xor",
            BitwiseOp::ShiftLeft => "shift_left",
            BitwiseOp::ShiftRightLogical => "shift_right_logical",
            BitwiseOp::ShiftRightArithmetic => "shift_right_arithmetic",
        }
    }

    fn is_shift(self) -> bool {
        !matches!(self, BitwiseOp::And | BitwiseOp::Or | BitwiseOp::Xor)
    }

    /// The op on 32-bit words, read as uint32; only the arithmetic shift reads them signed.
    /// Shift amounts are read unsigned, so a negative int32 amount is past the width: XLA then
    /// gives 0, or the sign for the arithmetic shift.
    fn words(self, a: &Dense<u32>, b: &Dense<u32>, shape: &[usize]) -> Dense<u32> {
        shifts!(self, a, b, shape, i32)
    }

    /// The op on bytes (uint8), as `words` on 32-bit words.
    fn bytes(self, a: &Dense<u8>, b: &Dense<u8>, shape: &[usize]) -> Dense<u8> {
        shifts!(self, a, b, shape, i8)
    }

    fn accepted(self) -> &'static str {
        if self.is_shift() {
            "integer"
        } else {
            "integer, bool"
        }
    }
}

/// A binary bitwise primitive: two operands of one integer (or, but for shifts, bool) dtype.
#[derive(Debug)]
pub struct Bitwise(pub BitwiseOp);

impl Primitive for Bitwise {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let name = self.name();
        for (i, x) in inputs.iter().enumerate() {
            let ok = x.dtype.is_integer() || (x.dtype == DType::Bool && !self.0.is_shift());
            if !ok {
                return Err(Error::usage(format!(
                    "{name} does not accept dtype {} at position {i}. Accepted dtypes at \
                     position {i} are subtypes of {}.",
                    x.dtype,
                    self.0.accepted()
                )));
            }
        }
        let (a, b) = (&inputs[0], &inputs[1]);
        if a.dtype != b.dtype {
            return Err(dtypes_differ(name, &[a.dtype, b.dtype]));
        }
        broadcast_result(name, a, b)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let shape = &out[0].shape;
        let op = self.0;
        let buffer = match (inputs[0].buffer(), inputs[1].buffer()) {
            (Buffer::U32(a), Buffer::U32(b)) => Buffer::U32(op.words(a, b, shape)),
            (Buffer::U8(a), Buffer::U8(b)) => Buffer::U8(op.bytes(a, b, shape)),
            (Buffer::I32(a), Buffer::I32(b)) => {
                let words = op.words(&a.map(|x| x as u32), &b.map(|x| x as u32), shape);
                Buffer::I32(words.map(|x| x as i32))
            }
            (Buffer::Bool(a), Buffer::Bool(b)) => Buffer::Bool(match op {
                BitwiseOp::And => zip_broadcast(a, b, shape, |x, y| x & y),
                BitwiseOp::Or => zip_broadcast(a, b, shape, |x, y| x | y),
                _ => zip_broadcast(a, b, shape, |x, y| x ^ y),
            }),
            _ => return Err(Error::internal("bitwise operands passed their type check")),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((bind(Rc::new(Bitwise(self.0)), primals)?, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let (a, b, dim) = crate::batching::align_pair(&args[0], dims[0], &args[1], dims[1])?;
        Ok((bind(Rc::new(Bitwise(self.0)), &[a, b])?, vec![Some(dim)]))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BitwiseUnaryOp {
    Not,
    PopulationCount,
}

/// `not` (integers and bool) and `population_count` (integers).
#[derive(Debug)]
pub struct BitwiseUnary(pub BitwiseUnaryOp);

impl Primitive for BitwiseUnary {
    fn name(&self) -> &'static str {
        match self.0 {
            BitwiseUnaryOp::Not => "not",
            BitwiseUnaryOp::PopulationCount => "population_count",
        }
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let dtype = inputs[0].dtype;
        let not = self.0 == BitwiseUnaryOp::Not;
        if !(dtype.is_integer() || (not && dtype == DType::Bool)) {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: dtype.name().into(),
                accepted: if not { "integer, bool" } else { "integer" },
            });
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let not = self.0 == BitwiseUnaryOp::Not;
        let buffer = match inputs[0].buffer() {
            Buffer::U32(a) if not => Buffer::U32(a.map(|x| !x)),
            Buffer::U32(a) => Buffer::U32(a.map(u32::count_ones)),
            Buffer::U8(a) if not => Buffer::U8(a.map(|x| !x)),
            Buffer::U8(a) => Buffer::U8(a.map(|x| x.count_ones() as u8)),
            Buffer::I32(a) if not => Buffer::I32(a.map(|x| !x)),
            Buffer::I32(a) => Buffer::I32(a.map(|x| x.count_ones() as i32)),
            Buffer::Bool(a) => Buffer::Bool(a.map(|x| !x)),
            _ => return Err(Error::internal("bitwise operand passed its type check")),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((bind(Rc::new(BitwiseUnary(self.0)), primals)?, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((bind(Rc::new(BitwiseUnary(self.0)), args)?, vec![dims[0]]))
    }
}

/// `bitcast_convert_type[new_dtype=...]`: the same bits read as another numeric type; bool only
/// to itself, as in JAX. Between `uint8` and a 32-bit type the last axis holds an element's 4
/// bytes, least significant first (XLA on CPU is little-endian).
#[derive(Debug)]
pub struct BitcastConvertType {
    pub new_dtype: DType,
}

/// A numeric dtype's width in bits.
fn bits(dtype: DType) -> usize {
    if dtype == DType::Uint8 {
        8
    } else {
        32
    }
}

impl Primitive for BitcastConvertType {
    fn name(&self) -> &'static str {
        "bitcast_convert_type"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("new_dtype", self.new_dtype.name().into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let (from, to) = (inputs[0].dtype, self.new_dtype);
        let shape = &inputs[0].shape;
        if from == to {
            return Ok(vec![ShapedArray::new(shape.clone(), to)]);
        }
        let numeric = |d: DType| d.is_integer() || d.is_float();
        if !(numeric(from) && numeric(to)) {
            return Err(Error::usage(format!(
                "lax.bitcast_convert_type does not support bool or complex values unless the \
                 operand and destination types match. Got operand dtype={from}, \
                 new_dtype=dtype('{to}'). Consider using the arr.view() method instead."
            )));
        }
        let (old_bits, new_bits) = (bits(from), bits(to));
        let mut shape = shape.clone();
        if old_bits > new_bits {
            shape.push(old_bits / new_bits);
        } else if old_bits < new_bits {
            let last = shape.last().copied().unwrap_or(1);
            if last * old_bits != new_bits {
                return Err(Error::Value {
                    message: format!(
                        "Attempting to convert array of shape {} from {from} of size {old_bits} \
                         bits to {to} of size {new_bits}, bits but {last} * {old_bits} != \
                         {new_bits}",
                        crate::array::shape_tuple(&inputs[0].shape)
                    ),
                });
            }
            shape.pop();
        }
        Ok(vec![ShapedArray::new(shape, to)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?.remove(0);
        let x = &inputs[0];
        if x.dtype() == self.new_dtype {
            return Ok(vec![x.clone().with_weak_type(false)]);
        }
        let bytes: Vec<u8> = match x.buffer() {
            Buffer::F32(a) => a.iter().flat_map(|v| v.to_le_bytes()).collect(),
            Buffer::I32(a) => a.iter().flat_map(|v| v.to_le_bytes()).collect(),
            Buffer::U32(a) => a.iter().flat_map(|v| v.to_le_bytes()).collect(),
            Buffer::U8(a) => a.data().to_vec(),
            Buffer::Bool(_) | Buffer::Key(_) => {
                return Err(Error::internal("bitcast operand passed its type check"))
            }
        };
        let words = || bytes.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]);
        let shape = &out.shape;
        let array = match self.new_dtype {
            DType::Float32 => Array::from_f32(shape, words().map(f32::from_le_bytes).collect()),
            DType::Int32 => Array::from_i32(shape, words().map(i32::from_le_bytes).collect()),
            DType::Uint32 => Array::from_u32(shape, words().map(u32::from_le_bytes).collect()),
            DType::Uint8 => Array::from_u8(shape, bytes),
            DType::Bool | DType::KeyFry => {
                return Err(Error::internal("bitcast result passed its type check"))
            }
        };
        Ok(vec![array?])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((
            vec![bitcast_convert_type(&primals[0], self.new_dtype)?],
            vec![None],
        ))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((
            vec![bitcast_convert_type(&args[0], self.new_dtype)?],
            vec![dims[0]],
        ))
    }
}

pub fn bitwise(op: BitwiseOp, a: &Value, b: &Value) -> Result<Value> {
    bind1(Rc::new(Bitwise(op)), &[a.clone(), b.clone()])
}

pub fn bitwise_not(x: &Value) -> Result<Value> {
    bind1(
        Rc::new(BitwiseUnary(BitwiseUnaryOp::Not)),
        std::slice::from_ref(x),
    )
}

pub fn population_count(x: &Value) -> Result<Value> {
    bind1(
        Rc::new(BitwiseUnary(BitwiseUnaryOp::PopulationCount)),
        std::slice::from_ref(x),
    )
}

pub fn bitcast_convert_type(x: &Value, new_dtype: DType) -> Result<Value> {
    bind1(
        Rc::new(BitcastConvertType { new_dtype }),
        std::slice::from_ref(x),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i32s(v: &[i32]) -> Array {
        Array::from_i32(&[v.len()], v.to_vec()).unwrap()
    }

    fn u32s(v: &[u32]) -> Array {
        Array::from_u32(&[v.len()], v.to_vec()).unwrap()
    }

    fn run(op: BitwiseOp, a: Array, b: Array) -> Vec<f64> {
        Bitwise(op).eval(&[a, b]).unwrap()[0].to_f64_vec()
    }

    #[test]
    fn shifts_past_the_width_follow_xla() {
        // Recorded from JAX 0.10.2 on CPU.
        let i = i32s(&[-8, 5]);
        assert_eq!(
            run(BitwiseOp::ShiftRightArithmetic, i.clone(), i32s(&[33, -1])),
            vec![-1.0, 0.0]
        );
        assert_eq!(
            run(BitwiseOp::ShiftRightLogical, i.clone(), i32s(&[33, 1])),
            vec![0.0, 2.0]
        );
        assert_eq!(
            run(BitwiseOp::ShiftLeft, i, i32s(&[32, 31])),
            vec![0.0, i32::MIN as f64]
        );
        assert_eq!(
            run(
                BitwiseOp::ShiftRightArithmetic,
                u32s(&[8, 5]),
                u32s(&[40, 1])
            ),
            vec![0.0, 2.0]
        );
        assert_eq!(
            run(BitwiseOp::Xor, u32s(&[0xF0F0, 1]), u32s(&[0xFF00, 1])),
            vec![f64::from(0x0FF0), 0.0]
        );
    }

    #[test]
    fn not_popcount_and_bitcast() {
        let not = BitwiseUnary(BitwiseUnaryOp::Not);
        assert_eq!(
            not.eval(&[i32s(&[-8, 5])]).unwrap()[0].to_f64_vec(),
            vec![7.0, -6.0]
        );
        let pop = BitwiseUnary(BitwiseUnaryOp::PopulationCount);
        assert_eq!(
            pop.eval(&[i32s(&[-8, 5])]).unwrap()[0].to_f64_vec(),
            vec![29.0, 2.0]
        );
        let x = Array::from_f32(&[2], vec![1.0, -2.5]).unwrap();
        let bits = BitcastConvertType {
            new_dtype: DType::Uint32,
        }
        .eval(&[x])
        .unwrap();
        assert_eq!(bits[0].to_f64_vec(), vec![1065353216.0, 3223322624.0]);
    }

    #[test]
    fn errors_are_jaxs() {
        let f = ShapedArray::new(vec![2], DType::Float32);
        let b = ShapedArray::new(vec![2], DType::Bool);
        let i = ShapedArray::new(vec![2], DType::Int32);
        let u = ShapedArray::new(vec![2], DType::Uint32);
        let msg =
            |p: &dyn Primitive, x: &[ShapedArray]| p.abstract_eval(x).unwrap_err().to_string();
        assert_eq!(
            msg(&Bitwise(BitwiseOp::And), &[f.clone(), f.clone()]),
            "and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are \
             subtypes of integer, bool."
        );
        assert_eq!(
            msg(&Bitwise(BitwiseOp::ShiftLeft), &[b.clone(), b.clone()]),
            "shift_left does not accept dtype bool at position 0. Accepted dtypes at position 0 \
             are subtypes of integer."
        );
        assert_eq!(
            msg(&BitwiseUnary(BitwiseUnaryOp::PopulationCount), &[b]),
            "population_count does not accept dtype bool. Accepted dtypes are subtypes of integer."
        );
        assert_eq!(
            msg(&Bitwise(BitwiseOp::And), &[i, u]),
            "lax.and requires arguments to have the same dtypes, got int32, uint32."
        );
        assert_eq!(
            msg(
                &BitcastConvertType {
                    new_dtype: DType::Bool
                },
                &[f]
            ),
            "lax.bitcast_convert_type does not support bool or complex values unless the operand \
             and destination types match. Got operand dtype=float32, new_dtype=dtype('bool'). \
             Consider using the arr.view() method instead."
        );
    }
}
