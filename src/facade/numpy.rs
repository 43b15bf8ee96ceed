//! Host NumPy's door (`crate::numpy`): `hostOp` runs one NumPy operation for the glue
//! (`www/lib/np.js`). Operands come as numbers in `meta` (see `HOST_ARRAY` in
//! `crate::boundary`) and, for host arrays, typed arrays copied into wasm memory once; an array
//! a callback was handed as a view of engine memory comes as its handle and is read in place.
//! The result goes back as a new JS typed array (one copy out), its dtype and shape written
//! into the exchange buffer: `[dtype code, rank, ...dims]`; or, when the glue asks (`keep`) and
//! the result is large (`VIEW_MIN_ELEMENTS`) and of a dtype the engine holds, it stays in the
//! engine and its handle goes back instead: the glue copies it out only when JS reads its data,
//! and a callback returning it hands it to the engine with no copy at all.

use super::callbacks::VIEW_MIN_ELEMENTS;
use super::{load, store, to_js_error, JsResult, EXCHANGE};
use crate::array::{Array, Buffer};
use crate::boundary::{HOST_ARRAY, HOST_BOOL, HOST_FLOAT, HOST_INT, HOST_STORAGE, HOST_VIEW};
use crate::error::{Error, Result};
use crate::numpy::dtype::NpDType;
use crate::numpy::ufunc::Op;
use crate::numpy::values::{Slice, Stored, Values};
use crate::numpy::{apply, result_type_of, ArrayRef, Input, Output, Params};
use crate::trace::Value;
use js_sys::{
    Float32Array, Float64Array, Int16Array, Int32Array, Int8Array, Uint16Array, Uint32Array,
    Uint8Array,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// An operand as read from `meta`, holding what its `Input` borrows.
enum Held {
    Values(NpDType, Vec<usize>, Values),
    Engine(NpDType, Vec<usize>, Array),
    Int(f64),
    Float(f64),
    Bool(bool),
}

impl Held {
    fn input(&self) -> Result<Input<'_>> {
        Ok(match self {
            Held::Values(dtype, shape, values) => Input::Array(ArrayRef {
                dtype: *dtype,
                shape,
                data: values.slice(),
            }),
            Held::Engine(dtype, shape, array) => Input::Array(ArrayRef {
                dtype: *dtype,
                shape,
                data: engine_slice(array, *dtype)?,
            }),
            Held::Int(v) => Input::Int(*v),
            Held::Float(v) => Input::Float(*v),
            Held::Bool(b) => Input::Bool(*b),
        })
    }
}

/// An engine array's elements as host NumPy's `dtype` (the one it was handed to the host as).
fn engine_slice(array: &Array, dtype: NpDType) -> Result<Slice<'_>> {
    Ok(match (array.buffer(), dtype) {
        (Buffer::F32(d), NpDType::Float32) => Slice::F32(d.data()),
        (Buffer::I32(d), NpDType::Int32) => Slice::I32(d.data()),
        (Buffer::U32(d), NpDType::Uint32) => Slice::U32(d.data()),
        (Buffer::Bool(d), NpDType::Bool) => Slice::Bool(d.data()),
        _ => {
            return Err(Error::internal(
                "a viewed host array's dtype differs from its engine array's",
            ))
        }
    })
}

/// Reads `meta` from `at`, one number at a time.
struct Reader<'a> {
    meta: &'a [f64],
    at: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<f64> {
        let v = self.meta.get(self.at).copied();
        self.at += 1;
        v.ok_or_else(|| Error::internal("hostOp's meta ended early"))
    }

    fn count(&mut self) -> Result<usize> {
        let v = self.next()?;
        if v >= 0.0 && v.fract() == 0.0 && v < 4294967296.0 {
            Ok(v as usize)
        } else {
            Err(Error::internal("hostOp's meta holds a bad count"))
        }
    }

    fn dtype(&mut self) -> Result<NpDType> {
        let code = self.count()?;
        NpDType::from_code(code as u32).ok_or_else(|| Error::internal("unknown host dtype code"))
    }

    fn shape(&mut self) -> Result<Vec<usize>> {
        let rank = self.count()?;
        (0..rank.min(64)).map(|_| self.count()).collect()
    }
}

/// The elements of `data`, a typed array of `dtype`'s storage class (exactly that class: the
/// glue makes sure), in its compute type. The copy in must fit the memory limit before it is
/// made.
fn stored(data: &JsValue, dtype: NpDType) -> Result<Values> {
    macro_rules! read {
        ($class:ty, $variant:ident, $width:expr) => {
            match data.dyn_ref::<$class>() {
                Some(t) => {
                    crate::memory::reserve(t.length() as usize * $width)?;
                    Some(Stored::$variant(t.to_vec()))
                }
                None => None,
            }
        };
    }
    let values = match HOST_STORAGE[dtype.code() as usize] {
        "Uint8Array" => read!(Uint8Array, U8, 1),
        "Int8Array" => read!(Int8Array, I8, 1),
        "Int16Array" => read!(Int16Array, I16, 2),
        "Uint16Array" => read!(Uint16Array, U16, 2),
        "Int32Array" => read!(Int32Array, I32, 4),
        "Uint32Array" => read!(Uint32Array, U32, 4),
        "Float32Array" => read!(Float32Array, F32, 4),
        _ => read!(Float64Array, F64, 8),
    };
    values.and_then(|s| s.into_values(dtype)).ok_or_else(|| {
        Error::internal("a host array's data is not the typed array its dtype travels in")
    })
}

/// The operands `meta` describes, their data taken from `datas` in turn.
fn operands(reader: &mut Reader, datas: &[&JsValue]) -> Result<Vec<Held>> {
    let count = reader.count()?;
    let mut next_data = datas.iter();
    (0..count.min(3))
        .map(|_| {
            let tag = reader.count()? as u32;
            Ok(match tag {
                HOST_ARRAY => {
                    let dtype = reader.dtype()?;
                    let shape = reader.shape()?;
                    let data = next_data
                        .next()
                        .ok_or_else(|| Error::internal("hostOp lacks an operand's data"))?;
                    Held::Values(dtype, shape, stored(data, dtype)?)
                }
                HOST_VIEW => {
                    let dtype = reader.dtype()?;
                    let shape = reader.shape()?;
                    let handle = reader.count()? as u32;
                    let array = load(handle)?
                        .as_array()
                        .cloned()
                        .ok_or_else(|| Error::internal("a viewed host array is not concrete"))?;
                    match array.buffer() {
                        // Host NumPy computes uint8 in u32 (`Values::U32`): widened, one copy.
                        Buffer::U8(d) => {
                            let widened = Stored::U8(d.data().to_vec()).into_values(dtype);
                            Held::Values(dtype, shape, widened.ok_or_else(|| {
                                Error::internal("a viewed host array's dtype differs from its engine array's")
                            })?)
                        }
                        _ => Held::Engine(dtype, shape, array),
                    }
                }
                HOST_INT => Held::Int(reader.next()?),
                HOST_FLOAT => Held::Float(reader.next()?),
                HOST_BOOL => Held::Bool(reader.next()? != 0.0),
                _ => return Err(Error::internal("unknown host operand tag")),
            })
        })
        .collect()
}

/// A reduction's and `astype`'s settings after the operands: `[axis count or -1, ...axes,
/// keepdims, dtype code or -1]`.
fn params(reader: &mut Reader) -> Result<Params> {
    let count = reader.next()?;
    let axes = if count < 0.0 {
        None
    } else {
        let n = count as usize;
        Some(
            (0..n.min(64))
                .map(|_| reader.next().map(|a| a as i64))
                .collect::<Result<_>>()?,
        )
    };
    let keepdims = reader.next()? != 0.0;
    let code = reader.next()?;
    let dtype = if code < 0.0 {
        None
    } else {
        Some(
            NpDType::from_code(code as u32)
                .ok_or_else(|| Error::internal("unknown host dtype code"))?,
        )
    };
    Ok(Params {
        axes,
        keepdims,
        dtype,
    })
}

/// `out` as an engine array, when it is one of the dtypes the engine holds; else `out` back.
fn engine_array(out: Output) -> std::result::Result<Array, Output> {
    let shape = out.shape;
    let array = match (out.values, out.dtype) {
        (Values::F32(v), NpDType::Float32) => Array::from_f32(&shape, v),
        (Values::I32(v), NpDType::Int32) => Array::from_i32(&shape, v),
        (Values::U32(v), NpDType::Uint32) => Array::from_u32(&shape, v),
        (Values::Bool(v), NpDType::Bool) => Array::from_bool(&shape, v),
        (values, dtype) => {
            return Err(Output {
                dtype,
                shape,
                values,
            })
        }
    };
    // `apply` made the elements for exactly this shape.
    array.map_err(|_| Output {
        dtype: NpDType::Bool,
        shape: vec![0],
        values: Values::Bool(Vec::new()),
    })
}

/// A result as JS receives it: its elements in a new typed array (or, `keep`ing a large one
/// the engine can hold, its handle), its dtype and shape in the exchange buffer.
fn send(out: Output, keep: bool) -> Result<JsValue> {
    if out.shape.len() + 2 > super::EXCHANGE_WORDS {
        return Err(Error::internal(
            "a host NumPy result has too many dimensions",
        ));
    }
    EXCHANGE.with(|x| {
        x[0].set(out.dtype.code());
        x[1].set(out.shape.len() as u32);
        for (slot, &d) in x[2..].iter().zip(&out.shape) {
            slot.set(d as u32);
        }
    });
    let out = match keep && out.values.len() >= VIEW_MIN_ELEMENTS {
        true => match engine_array(out) {
            Ok(array) => return Ok(JsValue::from(store(Value::Array(array)))),
            Err(out) => out,
        },
        false => out,
    };
    Ok(match Stored::from_values(out.values, out.dtype) {
        Stored::U8(v) => Uint8Array::from(v.as_slice()).into(),
        Stored::I8(v) => Int8Array::from(v.as_slice()).into(),
        Stored::I16(v) => Int16Array::from(v.as_slice()).into(),
        Stored::U16(v) => Uint16Array::from(v.as_slice()).into(),
        Stored::I32(v) => Int32Array::from(v.as_slice()).into(),
        Stored::U32(v) => Uint32Array::from(v.as_slice()).into(),
        Stored::F32(v) => Float32Array::from(v.as_slice()).into(),
        Stored::F64(v) => Float64Array::from(v.as_slice()).into(),
    })
}

/// Runs host NumPy operation `op` (its code: `HOST_OPS` in `www/lib/boundary.js`) on the
/// operands `meta` describes, `a`, `b`, `c` holding the data of its host arrays in order. With
/// `keep`, a large result the engine can hold stays in it: its handle is returned (a number)
/// rather than a typed array.
#[wasm_bindgen(js_name = hostOp)]
pub fn host_op(
    op: u32,
    meta: &[f64],
    keep: bool,
    a: &JsValue,
    b: &JsValue,
    c: &JsValue,
) -> JsResult<JsValue> {
    (|| {
        let op = *Op::ALL
            .get(op as usize)
            .ok_or_else(|| Error::internal("unknown host NumPy operation"))?;
        let mut reader = Reader { meta, at: 0 };
        let held = operands(&mut reader, &[a, b, c])?;
        let params = params(&mut reader)?;
        let inputs = held.iter().map(Held::input).collect::<Result<Vec<_>>>()?;
        send(apply(op, &inputs, &params)?, keep)
    })()
    .map_err(to_js_error)
}

/// `np.result_type` of the operands `meta` describes, arrays by dtype only: `[HOST_ARRAY,
/// dtype code]`.
#[wasm_bindgen(js_name = hostResultType)]
pub fn host_result_type(meta: &[f64]) -> JsResult<u32> {
    (|| {
        let mut reader = Reader { meta, at: 0 };
        let count = reader.count()?;
        let inputs = (0..count.min(64))
            .map(|_| {
                Ok(match reader.count()? as u32 {
                    HOST_INT => Input::Int(reader.next()?),
                    HOST_FLOAT => Input::Float(reader.next()?),
                    HOST_BOOL => Input::Bool(reader.next()? != 0.0),
                    _ => Input::Array(ArrayRef {
                        dtype: reader.dtype()?,
                        shape: &[],
                        data: Slice::Bool(&[]),
                    }),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(result_type_of(&inputs).code())
    })()
    .map_err(to_js_error)
}

/// The code of the host NumPy dtype called `name` (NumPy's names and aliases: `bool_`,
/// `double`...), or NumPy's `TypeError` for a name it does not know.
#[wasm_bindgen(js_name = hostDtype)]
pub fn host_dtype(name: &str) -> JsResult<u32> {
    crate::numpy::dtype::parse(name)
        .map(NpDType::code)
        .map_err(to_js_error)
}
