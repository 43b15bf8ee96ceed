//! The host side of a callback, independent of JS: the `HostCallback` interface the facade
//! implements with JS functions (and native tests with closures), the values a host returns, and
//! the check that turns them into arrays of the declared shapes and dtypes.

use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};

/// A host function the engine can call with concrete arrays.
pub trait HostCallback {
    /// Shown in jaxprs, errors and the timeline.
    fn name(&self) -> &str;

    /// Calls the host. `Err` carries the message of what the host threw.
    fn call(&self, args: &[Array]) -> std::result::Result<Vec<HostLeaf>, String>;

    /// A stable identity of the user's host function, where several callback objects wrap the
    /// same one (JS makes a wrapper per call site); `None` means this object is the identity.
    fn identity(&self) -> Option<u64> {
        None
    }
}

/// What the host said a returned leaf's element type is.
#[derive(Debug, Clone, PartialEq)]
pub enum HostDtype {
    /// Plain numbers or nested arrays of numbers: converted to the declared dtype.
    Number,
    /// A typed host array; its dtype must match the declaration after JAX's 64-bit
    /// canonicalisation (float64 -> float32, int64 -> int32).
    Named(String),
}

/// A returned leaf's row-major elements as the host held them: a typed array's own element
/// type (copied once, converted only if the declared dtype differs), or f64 for plain numbers
/// and other typed arrays (exact for every dtype the engine holds).
#[derive(Debug, Clone, PartialEq)]
pub enum HostData {
    F64(Vec<f64>),
    F32(Vec<f32>),
    I32(Vec<i32>),
    U8(Vec<u8>),
    U32(Vec<u32>),
    /// An engine array the host hands back as it is (a host NumPy result the engine still
    /// holds, or an argument returned unchanged): taken without a copy when its dtype and shape
    /// are the declared ones.
    Engine(Array),
}

impl HostData {
    fn len(&self) -> usize {
        match self {
            HostData::F64(v) => v.len(),
            HostData::F32(v) => v.len(),
            HostData::I32(v) => v.len(),
            HostData::U8(v) => v.len(),
            HostData::U32(v) => v.len(),
            HostData::Engine(a) => a.size(),
        }
    }

    fn into_array(self, shape: &[usize], dtype: DType) -> Result<Array> {
        let widened: Vec<f64> = match self {
            HostData::F32(v) if dtype == DType::Float32 => return Array::from_f32(shape, v),
            HostData::I32(v) if dtype == DType::Int32 => return Array::from_i32(shape, v),
            HostData::U8(v) if dtype == DType::Bool => {
                return Array::from_bool(shape, v.into_iter().map(|b| b != 0).collect())
            }
            HostData::U32(v) if dtype == DType::Uint32 => return Array::from_u32(shape, v),
            HostData::U8(v) if dtype == DType::Uint8 => return Array::from_u8(shape, v),
            HostData::Engine(a) if a.dtype() == dtype && a.shape() == shape => return Ok(a),
            HostData::F64(v) => v,
            HostData::F32(v) => v.into_iter().map(f64::from).collect(),
            HostData::I32(v) => v.into_iter().map(f64::from).collect(),
            HostData::U8(v) => v.into_iter().map(f64::from).collect(),
            HostData::U32(v) => v.into_iter().map(f64::from).collect(),
            HostData::Engine(a) => a.to_f64_vec(),
        };
        Array::from_f64_values(shape, dtype, &widened)
    }
}

/// Whether plain numbers are all whole and within int64 (what NumPy would hold as int64).
fn all_int64(data: &HostData) -> bool {
    match data {
        HostData::F64(v) => v
            .iter()
            .all(|x| x.fract() == 0.0 && x.abs() < 2f64.powi(63)),
        _ => true,
    }
}

/// One leaf of a callback's (flattened) return value.
#[derive(Debug, Clone, PartialEq)]
pub struct HostLeaf {
    pub dtype: HostDtype,
    pub shape: Vec<usize>,
    pub data: HostData,
}

impl HostLeaf {
    /// What a host returns for `a` unchanged: its dtype and its elements' typed data (a key's
    /// two words each).
    pub fn from_array(a: &Array) -> Self {
        let data = match a.buffer() {
            Buffer::F32(x) => HostData::F32(x.iter().copied().collect()),
            Buffer::I32(x) => HostData::I32(x.iter().copied().collect()),
            Buffer::Bool(x) => HostData::U8(x.iter().map(|&b| b as u8).collect()),
            Buffer::U32(x) => HostData::U32(x.iter().copied().collect()),
            Buffer::U8(x) => HostData::U8(x.iter().copied().collect()),
            Buffer::Key(x) => HostData::U32(x.iter().flatten().copied().collect()),
        };
        HostLeaf {
            dtype: HostDtype::Named(a.dtype().name().into()),
            shape: a.shape().to_vec(),
            data,
        }
    }
}

/// JAX canonicalises host results with 64-bit mode off; other dtypes keep their own name.
fn canonical_dtype(name: &str) -> Option<DType> {
    match name {
        "float32" | "float64" => Some(DType::Float32),
        "int32" | "int64" => Some(DType::Int32),
        "bool" => Some(DType::Bool),
        "uint32" => Some(DType::Uint32),
        "uint8" => Some(DType::Uint8),
        _ => None,
    }
}

/// Checks a host's leaves against the declared result types and converts them.
pub fn check_results(
    callback: &str,
    declared: &[ShapedArray],
    leaves: Vec<HostLeaf>,
) -> Result<Vec<Array>> {
    if leaves.len() != declared.len() {
        return Err(Error::CallbackOutputCount {
            callback: callback.into(),
            expected: declared.len(),
            actual: leaves.len(),
        });
    }
    declared
        .iter()
        .zip(leaves)
        .enumerate()
        .map(|(index, (want, leaf))| {
            if leaf.shape != want.shape {
                return Err(Error::CallbackOutputShape {
                    callback: callback.into(),
                    index,
                    expected: shape_tuple(&want.shape),
                    actual: shape_tuple(&leaf.shape),
                });
            }
            if let HostDtype::Named(name) = &leaf.dtype {
                let canonical = canonical_dtype(name);
                if canonical != Some(want.dtype) {
                    return Err(Error::CallbackOutputDtype {
                        callback: callback.into(),
                        index,
                        expected: want.dtype.name().into(),
                        actual: canonical.map_or(name.clone(), |d| d.name().into()),
                    });
                }
            }
            if leaf.dtype == HostDtype::Number
                && want.dtype == DType::Int32
                && !all_int64(&leaf.data)
            {
                // What NumPy makes of such a list is a float64 array, which JAX refuses for an
                // int32 declaration; a whole number up to 2^63 is an int64 one, which wraps.
                return Err(Error::CallbackOutputDtype {
                    callback: callback.into(),
                    index,
                    expected: want.dtype.name().into(),
                    actual: DType::Float32.name().into(),
                });
            }
            if leaf.data.len() != want.size() {
                return Err(Error::CallbackOutputSize {
                    callback: callback.into(),
                    index,
                    shape: shape_tuple(&want.shape),
                    expected: want.size(),
                    actual: leaf.data.len(),
                });
            }
            leaf.data.into_array(&want.shape, want.dtype)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(dtype: &str, shape: &[usize], values: &[f64]) -> HostLeaf {
        HostLeaf {
            dtype: if dtype == "number" {
                HostDtype::Number
            } else {
                HostDtype::Named(dtype.into())
            },
            shape: shape.to_vec(),
            data: HostData::F64(values.to_vec()),
        }
    }

    fn f32s(shape: &[usize]) -> ShapedArray {
        ShapedArray::new(shape.to_vec(), DType::Float32)
    }

    #[test]
    fn messages_follow_jax() {
        let shape = check_results(
            "host",
            &[f32s(&[3])],
            vec![leaf("float32", &[2], &[0.0, 0.0])],
        )
        .unwrap_err();
        assert_eq!(
            shape.to_string(),
            "Incorrect output shape for return value #0 of `host`: Expected: (3,), Actual: (2,)"
        );
        let bool_decl = ShapedArray::new(vec![2], DType::Bool);
        let dtype = check_results(
            "host",
            &[bool_decl],
            vec![leaf("float32", &[2], &[1.0, 0.0])],
        )
        .unwrap_err();
        assert_eq!(
            dtype.to_string(),
            "Incorrect output dtype for return value #0 of `host`: Expected: bool, Actual: float32"
        );
        let count = check_results("host", &[f32s(&[])], vec![]).unwrap_err();
        assert_eq!(
            count.to_string(),
            "Mismatched number of outputs from callback `host`. Expected: 1, Actual: 0"
        );
    }

    #[test]
    fn sixty_four_bit_results_are_canonicalised() {
        let i32s = ShapedArray::new(vec![1], DType::Int32);
        let out = check_results(
            "h",
            &[i32s],
            vec![leaf("int64", &[1], &[2f64.powi(31) + 5.0])],
        )
        .unwrap();
        assert_eq!(out[0].to_f64_vec(), vec![-2_147_483_643.0]);
        let out = check_results("h", &[f32s(&[1])], vec![leaf("float64", &[1], &[0.5])]).unwrap();
        assert_eq!(out[0].dtype(), DType::Float32);
    }

    #[test]
    fn typed_data_is_kept_or_converted_to_the_declared_dtype() {
        let typed = |dtype: &str, data: HostData| HostLeaf {
            dtype: HostDtype::Named(dtype.into()),
            shape: vec![2],
            data,
        };
        let bools = ShapedArray::new(vec![2], DType::Bool);
        let out = check_results(
            "h",
            &[f32s(&[2]), bools],
            vec![
                typed("float32", HostData::F32(vec![0.5, -1.0])),
                typed("bool", HostData::U8(vec![2, 0])),
            ],
        )
        .unwrap();
        assert_eq!(out[0].to_f64_vec(), vec![0.5, -1.0]);
        assert_eq!(out[1].to_f64_vec(), vec![1.0, 0.0]);
        let out = check_results(
            "h",
            &[f32s(&[2])],
            vec![typed("float64", HostData::F64(vec![0.1, 3.0]))],
        )
        .unwrap();
        assert_eq!(out[0].to_f64_vec(), vec![0.1f32 as f64, 3.0]);
        let err = check_results(
            "h",
            &[f32s(&[3])],
            vec![HostLeaf {
                shape: vec![3],
                ..typed("float32", HostData::F32(vec![1.0; 2]))
            }],
        )
        .unwrap_err();
        assert!(matches!(err, Error::CallbackOutputSize { actual: 2, .. }));
    }

    #[test]
    fn numbers_take_the_declared_dtype_but_other_typed_arrays_do_not() {
        let i32s = ShapedArray::new(vec![2], DType::Int32);
        let out = check_results(
            "h",
            std::slice::from_ref(&i32s),
            vec![leaf("number", &[2], &[3.0, -4.0])],
        )
        .unwrap();
        assert_eq!(out[0].dtype(), DType::Int32);
        let wrapped = check_results(
            "h",
            std::slice::from_ref(&i32s),
            vec![leaf("number", &[2], &[2f64.powi(40), 3.0])],
        )
        .unwrap();
        assert_eq!(wrapped[0].to_f64_vec(), vec![0.0, 3.0]);
        for fractional in [2.5, f64::NAN, f64::INFINITY, 1e20] {
            let err = check_results(
                "h",
                std::slice::from_ref(&i32s),
                vec![leaf("number", &[2], &[fractional, 3.0])],
            )
            .unwrap_err();
            assert!(err
                .to_string()
                .ends_with("Expected: int32, Actual: float32"));
        }
        let err = check_results("h", &[i32s], vec![leaf("uint8", &[2], &[3.0, 4.0])]).unwrap_err();
        assert!(err.to_string().ends_with("Expected: int32, Actual: uint8"));
    }
}
