//! NumPy 2's dtypes and promotion, for host NumPy (JAX's own lattice is `crate::dtype`). NumPy
//! has 8- to 64-bit integers of both signs and float16/32/64, promotes two array dtypes by its
//! table (`np.promote_types`: the smallest dtype both cast to safely, `int64` with `uint64`
//! giving `float64`) and, since NEP 50, treats Python scalars as weak: a Python `int` takes the
//! other operand's integer or float dtype (`int64` beside a bool), a Python `float` its float
//! dtype (`float64` beside an integer or bool). NumPy scalars (`np.float32(2)`) are strong.

use crate::error::{Error, Result};

/// A NumPy dtype host NumPy holds. In JS, `int64`/`uint64` elements travel as float64 (exact to
/// 2^53) and `float16` ones as float32 (each a float16 value); the rest in their own typed array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpDType {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    Uint8,
    Uint16,
    Uint32,
    Uint64,
    Float16,
    Float32,
    Float64,
}

/// What family a dtype is of, which decides promotion and which loops apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Bool,
    Signed,
    Unsigned,
    Float,
}

impl NpDType {
    /// Every dtype, in the order of their codes at the JS boundary (`crate::boundary`).
    pub const ALL: [NpDType; 12] = [
        NpDType::Bool,
        NpDType::Int8,
        NpDType::Int16,
        NpDType::Int32,
        NpDType::Int64,
        NpDType::Uint8,
        NpDType::Uint16,
        NpDType::Uint32,
        NpDType::Uint64,
        NpDType::Float16,
        NpDType::Float32,
        NpDType::Float64,
    ];

    pub fn name(self) -> &'static str {
        match self {
            NpDType::Bool => "bool",
            NpDType::Int8 => "int8",
            NpDType::Int16 => "int16",
            NpDType::Int32 => "int32",
            NpDType::Int64 => "int64",
            NpDType::Uint8 => "uint8",
            NpDType::Uint16 => "uint16",
            NpDType::Uint32 => "uint32",
            NpDType::Uint64 => "uint64",
            NpDType::Float16 => "float16",
            NpDType::Float32 => "float32",
            NpDType::Float64 => "float64",
        }
    }

    /// The dtype of code `code` (its index in `ALL`).
    pub fn from_code(code: u32) -> Option<NpDType> {
        NpDType::ALL.get(code as usize).copied()
    }

    pub fn code(self) -> u32 {
        self as u32
    }

    pub fn kind(self) -> Kind {
        match self {
            NpDType::Bool => Kind::Bool,
            NpDType::Int8 | NpDType::Int16 | NpDType::Int32 | NpDType::Int64 => Kind::Signed,
            NpDType::Uint8 | NpDType::Uint16 | NpDType::Uint32 | NpDType::Uint64 => Kind::Unsigned,
            NpDType::Float16 | NpDType::Float32 | NpDType::Float64 => Kind::Float,
        }
    }

    pub fn bits(self) -> u32 {
        match self {
            NpDType::Bool | NpDType::Int8 | NpDType::Uint8 => 8,
            NpDType::Int16 | NpDType::Uint16 | NpDType::Float16 => 16,
            NpDType::Int32 | NpDType::Uint32 | NpDType::Float32 => 32,
            NpDType::Int64 | NpDType::Uint64 | NpDType::Float64 => 64,
        }
    }

    pub fn is_float(self) -> bool {
        self.kind() == Kind::Float
    }

    pub fn is_integer(self) -> bool {
        matches!(self.kind(), Kind::Signed | Kind::Unsigned)
    }

    fn signed(bits: u32) -> NpDType {
        match bits {
            8 => NpDType::Int8,
            16 => NpDType::Int16,
            32 => NpDType::Int32,
            _ => NpDType::Int64,
        }
    }

    fn float(bits: u32) -> NpDType {
        match bits {
            16 => NpDType::Float16,
            32 => NpDType::Float32,
            _ => NpDType::Float64,
        }
    }

    /// The smallest float that holds every value of this integer (or bool) exactly: float16 for
    /// 8-bit ints, float32 for 16-bit, float64 beyond.
    fn float_for_int(self) -> NpDType {
        NpDType::float(if self.bits() <= 8 {
            16
        } else {
            self.bits() * 2
        })
    }

    /// The range of an integer dtype, for Python ints converted to it.
    pub fn int_range(self) -> Option<(f64, f64)> {
        let bits = self.bits() as i32;
        match self.kind() {
            Kind::Signed => Some((-(2f64.powi(bits - 1)), 2f64.powi(bits - 1) - 1.0)),
            Kind::Unsigned => Some((0.0, 2f64.powi(bits) - 1.0)),
            Kind::Bool | Kind::Float => None,
        }
    }
}

/// NumPy's "safe" casting: every value of `from` is a value of `to`.
pub fn can_cast_safe(from: NpDType, to: NpDType) -> bool {
    use Kind::*;
    match (from.kind(), to.kind()) {
        _ if from == to => true,
        (Bool, _) => true,
        (_, Bool) => false,
        (Float, Float) | (Signed, Signed) | (Unsigned, Unsigned) => from.bits() <= to.bits(),
        (Float, _) => false,
        (Signed | Unsigned, Float) => from.float_for_int().bits() <= to.bits(),
        (Signed, Unsigned) => false,
        (Unsigned, Signed) => from.bits() < to.bits(),
    }
}

/// `np.promote_types(a, b)`: the smallest dtype both cast to safely.
pub fn promote_types(a: NpDType, b: NpDType) -> NpDType {
    use Kind::*;
    if can_cast_safe(a, b) {
        return b;
    }
    if can_cast_safe(b, a) {
        return a;
    }
    match (a.kind(), b.kind()) {
        (Float, _) | (_, Float) => {
            // One float, one integer too wide for it: the float that holds the integer.
            let (f, i) = if a.is_float() { (a, b) } else { (b, a) };
            NpDType::float(f.bits().max(i.float_for_int().bits()))
        }
        // A signed and a wider-or-equal unsigned integer: the signed one twice as wide.
        _ => {
            let unsigned = if a.kind() == Unsigned { a } else { b };
            match unsigned.bits() {
                64 => NpDType::Float64,
                bits => NpDType::signed(bits * 2),
            }
        }
    }
}

/// An operand as promotion sees it: an array (or NumPy scalar) of a dtype, or a Python scalar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Operand {
    Array(NpDType),
    /// A Python `int` (a JS integral number).
    Int(f64),
    /// A Python `float` (a JS non-integral number).
    Float(f64),
    /// A Python `bool`: promotes as NumPy's bool does.
    Bool(bool),
}

impl Operand {
    fn strong(self) -> Option<NpDType> {
        match self {
            Operand::Array(d) => Some(d),
            Operand::Bool(_) => Some(NpDType::Bool),
            Operand::Int(_) | Operand::Float(_) => None,
        }
    }
}

/// `np.result_type` of operands under NEP 50: the promotion of the arrays' dtypes, which a
/// Python int joins as `int64` if they are all bool and a Python float as `float64` if none
/// is a float; Python scalars alone give `int64` or `float64`.
pub fn result_type(operands: &[Operand]) -> NpDType {
    let strong = operands
        .iter()
        .filter_map(|o| o.strong())
        .reduce(promote_types);
    let has = |f: fn(&Operand) -> bool| operands.iter().any(f);
    let float = has(|o| matches!(o, Operand::Float(_)));
    let int = has(|o| matches!(o, Operand::Int(_)));
    match strong {
        Some(d) if float && !d.is_float() => NpDType::Float64,
        Some(NpDType::Bool) if int => NpDType::Int64,
        Some(d) => d,
        None if float => NpDType::Float64,
        None => NpDType::Int64,
    }
}

/// A Python int taken as `dtype` by an arithmetic ufunc: NEP 50's `OverflowError` when it does
/// not fit (`np.uint8(1) + 300`).
pub fn check_python_int(value: f64, dtype: NpDType) -> Result<()> {
    match dtype.int_range() {
        Some((lo, hi)) if value < lo || value > hi => Err(Error::PythonIntOutOfBounds {
            value: (value as i64).to_string(),
            dtype: dtype.name(),
        }),
        _ => Ok(()),
    }
}

/// A dtype named as NumPy names it (`float64`, `int8`, `bool`, `bool_`...).
pub fn parse(name: &str) -> Result<NpDType> {
    let name = name.strip_prefix("np.").unwrap_or(name);
    let found = NpDType::ALL.into_iter().find(|d| d.name() == name);
    found
        .or(match name {
            "bool_" => Some(NpDType::Bool),
            "half" => Some(NpDType::Float16),
            "single" => Some(NpDType::Float32),
            "double" | "float" => Some(NpDType::Float64),
            "int" => Some(NpDType::Int64),
            _ => None,
        })
        .ok_or_else(|| Error::Signature {
            message: format!("data type '{name}' not understood"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use NpDType::*;

    #[test]
    fn promotion_table_matches_numpy() {
        // Recorded from NumPy 2.4 (`np.promote_types`), a sample of every kind pair.
        let cases = [
            (Int8, Int16, Int16),
            (Uint8, Int8, Int16),
            (Uint16, Int16, Int32),
            (Uint32, Int32, Int64),
            (Uint64, Int64, Float64),
            (Uint64, Int8, Float64),
            (Uint8, Uint16, Uint16),
            (Float16, Int8, Float16),
            (Float16, Uint8, Float16),
            (Float16, Int16, Float32),
            (Float32, Int16, Float32),
            (Float32, Int32, Float64),
            (Float16, Float32, Float32),
            (Bool, Int8, Int8),
            (Bool, Float16, Float16),
            (Int64, Float16, Float64),
        ];
        for (a, b, want) in cases {
            assert_eq!(promote_types(a, b), want, "{a:?} {b:?}");
            assert_eq!(promote_types(b, a), want, "{b:?} {a:?}");
        }
    }

    #[test]
    fn python_scalars_are_weak() {
        use Operand::*;
        assert_eq!(result_type(&[Array(Uint8), Int(3.0)]), Uint8);
        assert_eq!(result_type(&[Array(NpDType::Bool), Int(3.0)]), Int64);
        assert_eq!(result_type(&[Array(Int8), Float(1.5)]), Float64);
        assert_eq!(result_type(&[Array(Float16), Float(1.5)]), Float16);
        assert_eq!(result_type(&[Int(1.0), Int(2.0)]), Int64);
        assert_eq!(result_type(&[Int(1.0), Float(2.5)]), Float64);
        assert_eq!(result_type(&[Array(Uint8), Bool(true)]), Uint8);
        assert!(check_python_int(300.0, Uint8).is_err());
        assert!(check_python_int(-1.0, Uint8).is_err());
        assert!(check_python_int(255.0, Uint8).is_ok());
    }
}
