//! Host NumPy's operations, one list (`Op`, also the codes the glue calls them by), and how a
//! ufunc picks its loop: NumPy's first loop the operands' common dtype casts to safely, with its
//! special cases (true division of integers in float64, no boolean `subtract` or `negative`,
//! no boolean `sign`).

use super::dtype::{can_cast_safe, NpDType};
use crate::error::{Error, Result};
use crate::primitives::elementwise::{op_enum, op_index};

op_enum!(
    /// Every host NumPy operation, by NumPy's name: binary and unary ufuncs, then `where`,
    /// `clip`, `round`, the reductions and `astype`.
    Op, "NumPy operation" {
    Add => "add",
    Subtract => "subtract",
    Multiply => "multiply",
    Divide => "divide",
    FloorDivide => "floor_divide",
    Remainder => "remainder",
    Power => "power",
    Maximum => "maximum",
    Minimum => "minimum",
    BitwiseAnd => "bitwise_and",
    BitwiseOr => "bitwise_or",
    BitwiseXor => "bitwise_xor",
    LeftShift => "left_shift",
    RightShift => "right_shift",
    LogicalAnd => "logical_and",
    LogicalOr => "logical_or",
    LogicalXor => "logical_xor",
    Equal => "equal",
    NotEqual => "not_equal",
    Less => "less",
    LessEqual => "less_equal",
    Greater => "greater",
    GreaterEqual => "greater_equal",
    Arctan2 => "arctan2",
    Hypot => "hypot",
    Negative => "negative",
    Positive => "positive",
    Absolute => "absolute",
    Sign => "sign",
    Square => "square",
    Sqrt => "sqrt",
    Cbrt => "cbrt",
    Exp => "exp",
    Exp2 => "exp2",
    Expm1 => "expm1",
    Log => "log",
    Log2 => "log2",
    Log10 => "log10",
    Log1p => "log1p",
    Sin => "sin",
    Cos => "cos",
    Tan => "tan",
    Arcsin => "arcsin",
    Arccos => "arccos",
    Arctan => "arctan",
    Sinh => "sinh",
    Cosh => "cosh",
    Tanh => "tanh",
    Arcsinh => "arcsinh",
    Arccosh => "arccosh",
    Arctanh => "arctanh",
    Floor => "floor",
    Ceil => "ceil",
    Trunc => "trunc",
    Rint => "rint",
    Invert => "invert",
    LogicalNot => "logical_not",
    Isnan => "isnan",
    Isinf => "isinf",
    Isfinite => "isfinite",
    Where => "where",
    Clip => "clip",
    Round => "round",
    Sum => "sum",
    Prod => "prod",
    Mean => "mean",
    Max => "max",
    Min => "min",
    Any => "any",
    All => "all",
    Astype => "astype",
});

/// Which dtypes a ufunc has loops for (NumPy's `ufunc.types`, all of one dtype in and out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Loops {
    /// Bool, every integer and float.
    All,
    /// Integers and floats: a bool operand goes to the int8 loop.
    Numeric,
    /// Bool and integers.
    Integer,
    /// Integers: bool goes to int8.
    IntegerOnly,
    /// Floats: an integer goes to the smallest float that holds it (float16 for int8).
    Float,
}

/// How many operands an operation takes, and what kind of operation it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Binary,
    Unary,
    /// `where`, `clip`: three operands, each their own rule.
    Ternary,
    Reduction,
    Cast,
}

impl Op {
    pub fn form(self) -> Form {
        use Op::*;
        match self {
            Add | Subtract | Multiply | Divide | FloorDivide | Remainder | Power | Maximum
            | Minimum | BitwiseAnd | BitwiseOr | BitwiseXor | LeftShift | RightShift
            | LogicalAnd | LogicalOr | LogicalXor | Equal | NotEqual | Less | LessEqual
            | Greater | GreaterEqual | Arctan2 | Hypot => Form::Binary,
            Where | Clip => Form::Ternary,
            Sum | Prod | Mean | Max | Min | Any | All => Form::Reduction,
            Astype => Form::Cast,
            _ => Form::Unary,
        }
    }

    fn loops(self) -> Loops {
        use Op::*;
        match self {
            Subtract | FloorDivide | Remainder | Power | Negative | Positive | Sign | Square => {
                Loops::Numeric
            }
            BitwiseAnd | BitwiseOr | BitwiseXor | Invert => Loops::Integer,
            LeftShift | RightShift => Loops::IntegerOnly,
            Divide | Arctan2 | Hypot | Sqrt | Cbrt | Exp | Exp2 | Expm1 | Log | Log2 | Log10
            | Log1p | Sin | Cos | Tan | Arcsin | Arccos | Arctan | Sinh | Cosh | Tanh | Arcsinh
            | Arccosh | Arctanh | Rint => Loops::Float,
            _ => Loops::All,
        }
    }

    /// Whether the result is bool whatever the loop: comparisons, logical functions, predicates.
    pub fn gives_bool(self) -> bool {
        use Op::*;
        self.by_value() || matches!(self, LogicalNot | Isnan | Isinf | Isfinite)
    }

    /// Comparisons and logical functions take a Python int beyond their loop's range by its
    /// value (`uint8 < 300`) rather than refusing it.
    pub fn by_value(self) -> bool {
        use Op::*;
        matches!(
            self,
            Equal
                | NotEqual
                | Less
                | LessEqual
                | Greater
                | GreaterEqual
                | LogicalAnd
                | LogicalOr
                | LogicalXor
        )
    }
}

/// The dtype of the loop ufunc `op` runs for operands whose common dtype is `common`, or
/// NumPy's `TypeError` when it has none. `inputs` are the dtypes the loop must take safely
/// (each array's, and `common` for a Python scalar): a float loop is the first all of them cast
/// to, which can be narrower than their common dtype (`arctan2` of int8 and uint8 is float16).
pub fn resolve(op: Op, common: NpDType, inputs: &[NpDType]) -> Result<NpDType> {
    use NpDType::*;
    let bool_in = common == Bool;
    match op {
        Op::Subtract | Op::Negative if bool_in => {
            return Err(Error::NumpyBooleanOp { op: op.name() })
        }
        Op::Sign | Op::Positive if bool_in => {
            return Err(Error::UfuncNoSignature {
                ufunc: op.name(),
                dtype_class: "BoolDType",
            })
        }
        // True division of integers is float64 (NumPy's own resolver), not float16 for int8.
        Op::Divide if !common.is_float() => return Ok(Float64),
        // `round` keeps integers; bool and floats round as `rint`.
        Op::Round if common.is_integer() => return Ok(common),
        Op::Round => return resolve(Op::Rint, common, inputs),
        _ => {}
    }
    let found = match op.loops() {
        Loops::All => Some(common),
        Loops::Numeric | Loops::IntegerOnly if bool_in => Some(Int8),
        Loops::Numeric => Some(common),
        Loops::Integer | Loops::IntegerOnly => (!common.is_float()).then_some(common),
        Loops::Float => [Float16, Float32, Float64]
            .into_iter()
            .find(|&f| inputs.iter().all(|&d| can_cast_safe(d, f))),
    };
    found.ok_or(Error::UfuncNoLoop { ufunc: op.name() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use NpDType::*;

    #[test]
    fn loops_are_numpys() {
        // Recorded from NumPy 2.4: `np.sqrt(int8)` is float16, `np.square(bool)` int8...
        let one = |op, d| resolve(op, d, &[d]);
        assert_eq!(one(Op::Sqrt, Int8), Ok(Float16));
        assert_eq!(one(Op::Sqrt, Uint16), Ok(Float32));
        assert_eq!(one(Op::Sqrt, Int32), Ok(Float64));
        assert_eq!(one(Op::Divide, Int8), Ok(Float64));
        assert_eq!(one(Op::Divide, Float16), Ok(Float16));
        assert_eq!(one(Op::Square, Bool), Ok(Int8));
        assert_eq!(one(Op::FloorDivide, Bool), Ok(Int8));
        assert_eq!(one(Op::LeftShift, Bool), Ok(Int8));
        assert_eq!(one(Op::Add, Bool), Ok(Bool));
        assert_eq!(one(Op::Round, Int8), Ok(Int8));
        assert_eq!(one(Op::Round, Bool), Ok(Float16));
        assert_eq!(resolve(Op::Arctan2, Int16, &[Int8, Uint8]), Ok(Float16));
        assert!(matches!(
            one(Op::BitwiseAnd, Float32),
            Err(Error::UfuncNoLoop { .. })
        ));
        assert!(matches!(
            one(Op::Subtract, Bool),
            Err(Error::NumpyBooleanOp { .. })
        ));
        assert!(matches!(
            one(Op::Sign, Bool),
            Err(Error::UfuncNoSignature { .. })
        ));
        assert_eq!(Op::parse("floor_divide"), Ok(Op::FloorDivide));
    }
}
