//! The host side of a callback, independent of JS: the `HostCallback` interface the facade
//! implements with JS functions (and native tests with closures), the values a host returns, and
//! the check that turns them into arrays of the declared shapes and dtypes.

use crate::array::{shape_tuple, Array, ShapedArray};
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

/// One leaf of a callback's (flattened) return value.
#[derive(Debug, Clone, PartialEq)]
pub struct HostLeaf {
    pub dtype: HostDtype,
    pub shape: Vec<usize>,
    /// Row-major elements, widened to f64 (exact for every dtype the engine holds).
    pub values: Vec<f64>,
}

impl HostLeaf {
    pub fn from_array(a: &Array) -> Self {
        HostLeaf {
            dtype: HostDtype::Named(a.dtype().name().into()),
            shape: a.shape().to_vec(),
            values: a.to_f64_vec(),
        }
    }
}

/// JAX canonicalises host results with 64-bit mode off; other dtypes keep their own name.
fn canonical_dtype(name: &str) -> Option<DType> {
    match name {
        "float32" | "float64" => Some(DType::Float32),
        "int32" | "int64" => Some(DType::Int32),
        "bool" => Some(DType::Bool),
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
            if leaf.values.len() != want.size() {
                return Err(Error::CallbackOutputSize {
                    callback: callback.into(),
                    index,
                    shape: shape_tuple(&want.shape),
                    expected: want.size(),
                    actual: leaf.values.len(),
                });
            }
            Array::from_f64_values(&want.shape, want.dtype, &leaf.values)
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
            values: values.to_vec(),
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
    fn numbers_take_the_declared_dtype_but_other_typed_arrays_do_not() {
        let i32s = ShapedArray::new(vec![2], DType::Int32);
        let out = check_results(
            "h",
            std::slice::from_ref(&i32s),
            vec![leaf("number", &[2], &[3.0, -4.0])],
        )
        .unwrap();
        assert_eq!(out[0].dtype(), DType::Int32);
        let err = check_results("h", &[i32s], vec![leaf("uint8", &[2], &[3.0, 4.0])]).unwrap_err();
        assert!(err.to_string().ends_with("Expected: int32, Actual: uint8"));
    }
}
