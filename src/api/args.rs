//! Argument values as they cross from JS or Python ([`Arg`]), a call's bound arguments with
//! typed accessors that check them in JAX's words ([`Args`]), and what a function returns
//! ([`Output`]).

use super::computation::Callable;
use super::signature::Kind;
use super::Function;
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::jnp::axis_index as normalize_axis;
use crate::trace::Value;

/// One argument: Python's `None`, a bool, an int, a float, a string (dtype names and modes), an
/// engine value, or a tuple/list of arguments.
#[derive(Debug, Clone)]
pub enum Arg {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Array(Value),
    Seq(Vec<Arg>),
    /// A function (a `Kind::Callable` parameter).
    Function(Callable),
}

impl Arg {
    /// How Python names the argument's type, for `TypeError`s.
    pub(super) fn python_type(&self) -> &'static str {
        match self {
            Arg::None => "<class 'NoneType'>",
            Arg::Bool(_) => "<class 'bool'>",
            Arg::Int(_) => "<class 'int'>",
            Arg::Float(_) => "<class 'float'>",
            Arg::Str(_) => "<class 'str'>",
            Arg::Array(_) => "<class 'jaxlib._jax.ArrayImpl'>",
            Arg::Seq(_) => "<class 'list'>",
            Arg::Function(_) => "<class 'function'>",
        }
    }

    /// The argument as an engine value: Python scalars become weakly typed scalars as in JAX
    /// (a bool stays a strong bool).
    pub(super) fn to_value(&self) -> Option<Value> {
        match self {
            Arg::Array(v) => Some(v.clone()),
            Arg::Int(i) => Some(Value::Array(Array::weak_scalar(*i as f64, DType::Int32))),
            Arg::Float(x) => Some(Value::Array(Array::weak_scalar(*x, DType::Float32))),
            Arg::Bool(b) => Some(Value::Array(
                Array::weak_scalar(f64::from(u8::from(*b)), DType::Bool).with_weak_type(false),
            )),
            Arg::None | Arg::Str(_) | Arg::Seq(_) | Arg::Function(_) => None,
        }
    }

    pub(super) fn as_int(&self) -> Option<i64> {
        match self {
            Arg::Int(i) => Some(*i),
            Arg::Bool(b) => Some(i64::from(*b)),
            Arg::Array(v) => {
                let a = v.as_array()?;
                let integral = matches!(a.dtype(), DType::Int32 | DType::Bool);
                (integral && a.shape().is_empty()).then(|| a.to_f64_vec()[0] as i64)
            }
            _ => None,
        }
    }
}

/// What a function returns.
#[derive(Debug, Clone)]
pub enum Output {
    Array(Value),
    /// A Python tuple of arrays (`jnp.meshgrid`, `jnp.linalg.eigh`).
    Tuple(Vec<Value>),
    /// A Python list of arrays (`jnp.split`).
    List(Vec<Value>),
    Int(i64),
    /// A shape, as Python's tuple of ints.
    Ints(Vec<i64>),
    Bool(bool),
    Dtype(DType),
}

impl Output {
    /// The variant's name, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Output::Array(_) => "an array",
            Output::Tuple(_) => "a tuple",
            Output::List(_) => "a list",
            Output::Int(_) => "an int",
            Output::Ints(_) => "ints",
            Output::Bool(_) => "a bool",
            Output::Dtype(_) => "a dtype",
        }
    }
}

impl From<Value> for Output {
    fn from(v: Value) -> Output {
        Output::Array(v)
    }
}

/// A call's arguments, bound to the function's parameters (defaults filled in).
pub struct Args {
    function: &'static Function,
    values: Vec<Arg>,
    rest: Vec<Arg>,
    /// Keywords bound to `**kwargs`.
    extra: Vec<(String, Arg)>,
}

impl Args {
    pub(super) fn new(
        function: &'static Function,
        values: Vec<Arg>,
        rest: Vec<Arg>,
        extra: Vec<(String, Arg)>,
    ) -> Args {
        Args {
            function,
            values,
            rest,
            extra,
        }
    }

    /// The `*args` as passed (not converted to arrays).
    pub fn rest(&self) -> &[Arg] {
        &self.rest
    }

    /// The keywords bound to `**kwargs`, by the name they were passed under.
    pub fn extra_keywords(&self) -> &[(String, Arg)] {
        &self.extra
    }

    /// `jnp.sum`, for messages.
    pub fn qualified(&self) -> String {
        self.function.qualified()
    }

    fn slot(&self, name: &str) -> Result<(usize, &Arg)> {
        self.function
            .params
            .iter()
            .position(|p| p.name == name)
            .map(|i| (i, &self.values[i]))
            .ok_or_else(|| {
                Error::internal(format!("{} has no parameter `{name}`", self.qualified()))
            })
    }

    /// The raw argument.
    pub fn get(&self, name: &str) -> Result<&Arg> {
        self.slot(name).map(|(_, a)| a)
    }

    pub fn is_none(&self, name: &str) -> Result<bool> {
        Ok(matches!(self.get(name)?, Arg::None))
    }

    fn wrong(&self, name: &str, expected: &str, got: &Arg) -> Error {
        Error::Signature {
            message: format!(
                "{}: argument `{name}` must be {expected}, got {}",
                self.qualified(),
                got.python_type()
            ),
        }
    }

    /// An array argument; a Python scalar is a weak scalar as in JAX.
    pub fn array(&self, name: &str) -> Result<Value> {
        let (i, arg) = self.slot(name)?;
        arg.to_value().ok_or_else(|| self.not_array(i, arg))
    }

    fn not_array(&self, position: usize, arg: &Arg) -> Error {
        Error::Signature {
            message: format!(
                "{} requires ndarray or scalar arguments, got {} at position {position}.",
                self.function.name,
                arg.python_type()
            ),
        }
    }

    /// An array argument that may be `None`.
    pub fn opt_array(&self, name: &str) -> Result<Option<Value>> {
        match self.get(name)? {
            Arg::None => Ok(None),
            _ => self.array(name).map(Some),
        }
    }

    /// A function argument (a `Kind::Callable` parameter).
    pub fn callable(&self, name: &str) -> Result<Callable> {
        match self.get(name)? {
            Arg::Function(f) => Ok(f.clone()),
            other => Err(self.wrong(name, "a function", other)),
        }
    }

    /// A sequence of arrays (`arrays` of `jnp.concatenate`).
    pub fn arrays(&self, name: &str) -> Result<Vec<Value>> {
        let (i, arg) = self.slot(name)?;
        match arg {
            Arg::Seq(items) => items
                .iter()
                .map(|a| a.to_value().ok_or_else(|| self.not_array(i, a)))
                .collect(),
            Arg::Array(v) if !v.shape().is_empty() => Ok(unstack(v)?),
            other => Err(self.wrong(name, "a sequence of arrays", other)),
        }
    }

    /// The `*args` arrays.
    pub fn var_arrays(&self) -> Result<Vec<Value>> {
        let first = self
            .function
            .params
            .iter()
            .filter(|p| p.kind != Kind::VarArrays)
            .count();
        self.rest
            .iter()
            .enumerate()
            .map(|(k, a)| a.to_value().ok_or_else(|| self.not_array(first + k, a)))
            .collect()
    }

    /// `axis`: `None` (all axes), an int or a tuple of ints; normalised against `rank`, checked
    /// for range and repeats with NumPy's words.
    pub fn axes(&self, name: &str, rank: usize) -> Result<Option<Vec<usize>>> {
        let ints = match self.get(name)? {
            Arg::None => return Ok(None),
            Arg::Seq(items) => items
                .iter()
                .map(|a| {
                    a.as_int()
                        .ok_or_else(|| self.wrong(name, "an int or a tuple of ints", a))
                })
                .collect::<Result<Vec<_>>>()?,
            other => vec![other
                .as_int()
                .ok_or_else(|| self.wrong(name, "None, an int or a tuple of ints", other))?],
        };
        let axes = ints
            .iter()
            .map(|&a| normalize_axis(a, rank))
            .collect::<Result<Vec<_>>>()?;
        if (1..axes.len()).any(|i| axes[..i].contains(&axes[i])) {
            let listed: Vec<String> = ints.iter().map(i64::to_string).collect();
            let tuple = if listed.len() == 1 {
                format!("({},)", listed[0])
            } else {
                format!("({})", listed.join(", "))
            };
            return Err(Error::Value {
                message: format!("duplicate value in '{name}': {tuple}"),
            });
        }
        Ok(Some(axes))
    }

    /// One axis (an int), normalised against `rank`.
    pub fn axis(&self, name: &str, rank: usize) -> Result<usize> {
        normalize_axis(self.int(name)?, rank)
    }

    /// An int or a tuple of ints, signed (a shape with a -1, axes to insert).
    pub fn ints(&self, name: &str) -> Result<Vec<i64>> {
        let arg = self.get(name)?;
        let bad = |a: &Arg| self.wrong(name, "an int or a tuple of ints", a);
        match arg {
            Arg::Seq(items) => items
                .iter()
                .map(|i| i.as_int().ok_or_else(|| bad(i)))
                .collect(),
            other => Ok(vec![other.as_int().ok_or_else(|| bad(other))?]),
        }
    }

    pub fn int(&self, name: &str) -> Result<i64> {
        let arg = self.get(name)?;
        arg.as_int().ok_or_else(|| self.wrong(name, "an int", arg))
    }

    pub fn opt_int(&self, name: &str) -> Result<Option<i64>> {
        match self.get(name)? {
            Arg::None => Ok(None),
            _ => self.int(name).map(Some),
        }
    }

    pub fn float(&self, name: &str) -> Result<f64> {
        match self.get(name)? {
            Arg::Float(x) => Ok(*x),
            Arg::Int(i) => Ok(*i as f64),
            Arg::Bool(b) => Ok(f64::from(u8::from(*b))),
            Arg::Array(Value::Array(a)) if a.shape().is_empty() => Ok(a.to_f64_vec()[0]),
            other => Err(self.wrong(name, "a number", other)),
        }
    }

    pub fn bool(&self, name: &str) -> Result<bool> {
        match self.get(name)? {
            Arg::Bool(b) => Ok(*b),
            Arg::Int(i) => Ok(*i != 0),
            other => Err(self.wrong(name, "True or False", other)),
        }
    }

    /// A dtype argument (`None` when not given). 64-bit names are truncated to their 32-bit
    /// counterparts, as JAX does with 64-bit mode off.
    pub fn dtype(&self, name: &str) -> Result<Option<DType>> {
        match self.get(name)? {
            Arg::None => Ok(None),
            Arg::Str(s) => Ok(Some(match s.as_str() {
                "float64" | "float" | "f64" => DType::Float32,
                "int64" | "int" | "i64" => DType::Int32,
                other if NUMPY_DTYPES.contains(&other) => DType::parse(other)?,
                other => {
                    return Err(Error::Signature {
                        message: format!("data type '{other}' not understood"),
                    })
                }
            })),
            other => Err(self.wrong(name, "a dtype", other)),
        }
    }

    /// A shape: an int or a tuple of non-negative ints.
    pub fn shape(&self, name: &str) -> Result<Vec<usize>> {
        let arg = self.get(name)?;
        let bad = || Error::Signature {
            message: format!(
                "Shapes must be 1D sequences of concrete values of integer type, got {}.",
                describe(arg)
            ),
        };
        let ints = match arg {
            Arg::Seq(items) => items.iter().map(Arg::as_int).collect::<Option<Vec<_>>>(),
            other => other.as_int().map(|i| vec![i]),
        }
        .ok_or_else(bad)?;
        ints.iter()
            .map(|&d| match usize::try_from(d) {
                Ok(n) if n <= crate::array::MAX_ELEMENTS => Ok(n),
                _ if d < 0 => Err(Error::Value {
                    message: format!(
                        "{}: negative dimensions are not allowed, got {d}",
                        self.qualified()
                    ),
                }),
                _ => Err(Error::Value {
                    message: format!(
                        "{}: a dimension of {d} is more than the {} elements an array may have",
                        self.qualified(),
                        crate::array::MAX_ELEMENTS
                    ),
                }),
            })
            .collect()
    }

    /// A string argument, which must be one of `choices`.
    pub fn choice(&self, name: &str, choices: &[&'static str]) -> Result<&'static str> {
        let arg = self.get(name)?;
        match arg {
            Arg::Str(s) => choices
                .iter()
                .find(|c| **c == s.as_str())
                .copied()
                .ok_or_else(|| Error::Value {
                    message: format!(
                        "{}: {name} must be one of {}, got '{s}'",
                        self.qualified(),
                        choices
                            .iter()
                            .map(|c| format!("'{c}'"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }),
            other => Err(self.wrong(name, "a string", other)),
        }
    }
}

/// NumPy's dtype names: one jaxplay lacks is "not supported", anything else "not understood".
const NUMPY_DTYPES: &[&str] = &[
    "float32",
    "int32",
    "bool",
    "bool_",
    "uint32",
    "float16",
    "bfloat16",
    "int8",
    "int16",
    "uint8",
    "uint16",
    "uint64",
    "complex64",
    "complex128",
    "f32",
    "i32",
    "u32",
];

/// A Python-ish rendering of an argument for messages: `('a',)`, `3`.
pub(super) fn describe(arg: &Arg) -> String {
    match arg {
        Arg::None => "None".into(),
        Arg::Bool(b) => if *b { "True" } else { "False" }.into(),
        Arg::Int(i) => i.to_string(),
        Arg::Float(x) => format!("{x:?}"),
        Arg::Str(s) => format!("'{s}'"),
        Arg::Array(v) => v.aval().short(),
        Arg::Function(f) => format!("<function {}>", f.name()),
        Arg::Seq(items) => {
            let parts: Vec<String> = items.iter().map(describe).collect();
            if parts.len() == 1 {
                format!("({},)", parts[0])
            } else {
                format!("({})", parts.join(", "))
            }
        }
    }
}

/// An array's slices along its first axis (an array passed where a sequence is expected).
fn unstack(v: &Value) -> Result<Vec<Value>> {
    let n = v.shape()[0];
    (0..n)
        .map(|i| {
            let mut start = vec![0; v.shape().len()];
            let mut limit = v.shape().to_vec();
            start[0] = i;
            limit[0] = i + 1;
            let row = crate::lax::slice(v, start, limit, None)?;
            crate::lax::squeeze(&row, vec![0])
        })
        .collect()
}
