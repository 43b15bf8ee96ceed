//! Element types and JAX's type-promotion lattice, restricted to the dtypes jaxplay supports
//! (`float32`, `int32`, `bool`: JAX's defaults with 64-bit mode off, `uint32` for bits and raw
//! PRNG keys, `uint8` for bytes and `bitwise_count`) plus weak types, the "Python scalar" flavour that yields to any strongly typed
//! operand, and `key<fry>`, JAX's typed threefry PRNG key.
//!
//! A `key<fry>` element is one threefry key, the pair of `uint32` words JAX calls its key data:
//! its buffer is `Buffer::Key(Dense<[u32; 2]>)`, so a key array of shape `(3,)` holds three
//! pairs and its shape is `(3,)`, as JAX's `key<fry>[3]`, while `random_unwrap` gives the
//! `uint32[3,2]` words. Shape primitives move whole keys like any other element; arithmetic,
//! conversion and promotion reject keys as JAX does.

use crate::error::{Error, Result};
use serde::Serialize;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DType {
    Float32,
    Int32,
    Bool,
    Uint32,
    Uint8,
    #[serde(rename = "key<fry>")]
    KeyFry,
}

impl DType {
    /// Parses a dtype name as written in JS (`"float32"`, `"int32"`, `"bool"`, with numpy-style
    /// aliases). 64-bit names are recognised so the caller gets JAX's x64 message, not "unknown".
    pub fn parse(name: &str) -> Result<DType> {
        match name {
            "float32" | "f32" => Ok(DType::Float32),
            "int32" | "i32" => Ok(DType::Int32),
            "bool" | "bool_" => Ok(DType::Bool),
            "uint32" | "u32" => Ok(DType::Uint32),
            "uint8" | "u8" => Ok(DType::Uint8),
            "float64" | "int64" | "uint64" | "f64" | "i64" | "complex128" => {
                Err(Error::X64Disabled {
                    dtype: name.to_string(),
                })
            }
            other => Err(Error::UnknownDtype {
                name: other.to_string(),
                supported: supported_names(),
            }),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DType::Float32 => "float32",
            DType::Int32 => "int32",
            DType::Bool => "bool",
            DType::Uint32 => "uint32",
            DType::Uint8 => "uint8",
            DType::KeyFry => "key<fry>",
        }
    }

    /// The abbreviation JAX uses in jaxpr types, e.g. `f32[3]`.
    pub fn short_name(self) -> &'static str {
        match self {
            DType::Float32 => "f32",
            DType::Int32 => "i32",
            DType::Bool => "bool",
            DType::Uint32 => "u32",
            DType::Uint8 => "u8",
            DType::KeyFry => "key<fry>",
        }
    }

    /// Keys sit outside the numeric lattice; `promote` is never asked about them (the
    /// primitives and `jnp` reject keys first), so their rank only keeps the match total.
    fn kind_rank(self) -> u8 {
        match self {
            DType::Bool => 0,
            DType::Int32 | DType::Uint32 | DType::Uint8 => 1,
            DType::Float32 | DType::KeyFry => 2,
        }
    }

    pub fn is_float(self) -> bool {
        self == DType::Float32
    }

    pub fn is_integer(self) -> bool {
        matches!(self, DType::Int32 | DType::Uint32 | DType::Uint8)
    }

    pub fn is_unsigned(self) -> bool {
        matches!(self, DType::Uint32 | DType::Uint8)
    }

    pub fn is_key(self) -> bool {
        self == DType::KeyFry
    }
}

/// The dtypes arrays hold, for the unknown-dtype error: `float32, int32, bool, uint32 and
/// uint8`.
fn supported_names() -> String {
    let names: Vec<&str> = crate::boundary::ENGINE_DTYPES
        .iter()
        .map(|d| d.name())
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A dtype together with its weak-type flag: the unit type promotion works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TypeKey {
    pub dtype: DType,
    pub weak: bool,
}

impl TypeKey {
    fn without_weak_bool(self) -> Self {
        TypeKey {
            weak: self.weak && self.dtype != DType::Bool,
            ..self
        }
    }
}

/// Joins two types on JAX's lattice (`bool < i* < u8 < u32`, `u8 < i32`, `i* < i32`,
/// `i* < f* < f32`, `i32 < f*`): a weak operand yields to a strong one of the same or higher
/// kind, and lifts a strong one of a lower kind to its own (still weak) kind. `u32` with `i32`
/// is `int64` in JAX, canonicalised to `int32` with 64-bit mode off. A weak result of two
/// different types has its kind's default dtype (`int32`, `float32`), as JAX canonicalises a
/// weak `int` or `float`: a weak `uint8` is an `i*` on the lattice.
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn promote(a: TypeKey, b: TypeKey) -> TypeKey {
    // A weak bool (from comparing two weak values) has no weak place on the lattice: it joins
    // as a plain bool, so `(x < 3.0) + (x < 3.0)` is a strong bool in JAX.
    let (a, b) = (a.without_weak_bool(), b.without_weak_bool());
    if a == b {
        return a;
    }
    let (ka, kb) = (a.dtype.kind_rank(), b.dtype.kind_rank());
    let higher = match ka.cmp(&kb) {
        std::cmp::Ordering::Greater => a.dtype,
        std::cmp::Ordering::Less => b.dtype,
        std::cmp::Ordering::Equal => join_same_kind(a.dtype, b.dtype),
    };
    match (a.weak, b.weak) {
        (false, false) => TypeKey {
            dtype: higher,
            weak: false,
        },
        (true, true) => weak_of_kind(higher),
        (true, false) => join_weak_strong(a, b),
        (false, true) => join_weak_strong(b, a),
    }
}

/// Two dtypes of one kind: `int32` takes any other integer (`u32 + i32` is JAX's `int64`,
/// canonicalised), `uint32` takes `uint8`.
fn join_same_kind(a: DType, b: DType) -> DType {
    if a == b {
        a
    } else if a == DType::Int32 || b == DType::Int32 {
        DType::Int32
    } else if a == DType::Uint32 || b == DType::Uint32 {
        DType::Uint32
    } else {
        a
    }
}

/// The weak type of `dtype`'s kind: Python's `int` or `float`, canonicalised.
fn weak_of_kind(dtype: DType) -> TypeKey {
    let dtype = if dtype.is_integer() {
        DType::Int32
    } else {
        dtype
    };
    TypeKey { dtype, weak: true }
}

fn join_weak_strong(weak: TypeKey, strong: TypeKey) -> TypeKey {
    if weak.dtype.kind_rank() <= strong.dtype.kind_rank() {
        strong
    } else {
        weak_of_kind(weak.dtype)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(dtype: DType, weak: bool) -> TypeKey {
        TypeKey { dtype, weak }
    }

    #[test]
    fn promotion_matches_jax_lattice() {
        use DType::*;
        // Cases checked against real JAX 0.10.2 (`jnp.result_type` with weak scalars).
        let cases = [
            (t(Float32, false), t(Float32, true), t(Float32, false)),
            (t(Int32, false), t(Float32, true), t(Float32, true)),
            (t(Int32, false), t(Int32, true), t(Int32, false)),
            (t(Bool, false), t(Int32, true), t(Int32, true)),
            (t(Bool, false), t(Float32, false), t(Float32, false)),
            (t(Int32, false), t(Float32, false), t(Float32, false)),
            (t(Int32, true), t(Float32, true), t(Float32, true)),
            (t(Uint32, false), t(Int32, false), t(Int32, false)),
            (t(Uint32, false), t(Float32, false), t(Float32, false)),
            (t(Uint32, false), t(Bool, false), t(Uint32, false)),
            (t(Uint32, false), t(Int32, true), t(Uint32, false)),
            (t(Uint32, false), t(Float32, true), t(Float32, true)),
            (t(Uint8, false), t(Int32, false), t(Int32, false)),
            (t(Uint8, false), t(Uint32, false), t(Uint32, false)),
            (t(Uint8, false), t(Float32, false), t(Float32, false)),
            (t(Uint8, false), t(Bool, false), t(Uint8, false)),
            (t(Uint8, false), t(Int32, true), t(Uint8, false)),
            (t(Uint8, false), t(Float32, true), t(Float32, true)),
            // A weak uint8 (`lax_internal._convert_element_type(x, uint8, weak_type=True)`).
            (t(Uint8, true), t(Uint8, true), t(Uint8, true)),
            (t(Uint8, true), t(Int32, true), t(Int32, true)),
            (t(Uint8, true), t(Float32, true), t(Float32, true)),
            (t(Uint8, true), t(Bool, false), t(Int32, true)),
            (t(Uint8, true), t(Uint8, false), t(Uint8, false)),
            (t(Uint8, true), t(Uint32, false), t(Uint32, false)),
            (t(Uint8, true), t(Int32, false), t(Int32, false)),
            (t(Uint8, true), t(Float32, false), t(Float32, false)),
        ];
        for (a, b, want) in cases {
            assert_eq!(promote(a, b), want, "{a:?} + {b:?}");
            assert_eq!(promote(b, a), want, "{b:?} + {a:?} (commuted)");
        }
    }

    #[test]
    fn parse_rejects_64_bit_with_jax_message() {
        let err = DType::parse("int64").unwrap_err();
        assert!(err.to_string().starts_with(
            "result_shape_dtypes cannot specify 64-bit types when `jax_enable_x64` is disabled"
        ));
        assert_eq!(
            DType::parse("float16").unwrap_err().to_string(),
            "Unknown dtype `float16`: jaxplay supports float32, int32, bool, uint32 and uint8"
        );
    }
}
