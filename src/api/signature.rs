//! Signatures: what each parameter of an API function takes, and binding a call's positional
//! and keyword arguments to them the way Python binds a call, with Python's `TypeError` words
//! (`sum() got an unexpected keyword argument 'keepdim'`).

use super::args::{Arg, Args, Output};
use super::Function;
use crate::error::{Error, Result};

/// What a parameter takes. The glue converts values by it (a JS array is an array literal for
/// `Array` but a tuple of axes for `Axis`), and the accessors of [`Args`] check it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An array or a Python scalar (weakly typed).
    Array,
    /// A sequence of arrays (`jnp.concatenate(arrays)`).
    Arrays,
    /// `*args` of arrays; only as the last positional parameter.
    VarArrays,
    /// `**kwargs`: keywords the function reads itself (`jnp.pad`'s `constant_values`); last.
    VarKeywords,
    /// `None`, an int, or a tuple of ints.
    Axis,
    Int,
    Float,
    Bool,
    /// A dtype, by name (`'float32'`, `jnp.float32`).
    Dtype,
    /// An int or a tuple of ints.
    Shape,
    /// One of a few strings, listed in the function's checks.
    Str,
    /// Nested tuples of ints read by the function itself (`pad_width`, `padding_config`,
    /// `dimension_numbers`): passed as data, by each value's own type.
    Data,
    /// A function (`lax.reduce`'s `computation`): one of the API's own functions, passed by
    /// identity so JAX's checks for `lax.add` and the like can see it, or the caller's.
    Callable,
    /// A parameter JAX has and jaxplay does not support: only its default is accepted.
    Unsupported,
}

/// What a function gives back, as the TypeScript declarations type it (a tuple and a list are
/// both a JS array). Most give an array; the others are listed in `super::RETURNS`, and debug
/// builds check every call's output against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Returns {
    Array,
    /// A tuple or list of arrays (`jnp.split`, `jnp.linalg.eigh`).
    Arrays,
    /// An array, or several by an argument (`jnp.atleast_1d` of more than one, `retstep=True`).
    ArrayOrArrays,
    Int,
    /// A shape: a tuple of ints.
    Ints,
    Bool,
    Dtype,
}

impl Returns {
    /// Whether `out` is of this kind.
    pub fn admits(self, out: &Output) -> bool {
        matches!(
            (self, out),
            (Returns::Array | Returns::ArrayOrArrays, Output::Array(_))
                | (
                    Returns::Arrays | Returns::ArrayOrArrays,
                    Output::Tuple(_) | Output::List(_)
                )
                | (Returns::Int, Output::Int(_))
                | (Returns::Ints, Output::Ints(_))
                | (Returns::Bool, Output::Bool(_))
                | (Returns::Dtype, Output::Dtype(_))
        )
    }
}

/// A parameter's default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Default {
    Required,
    None,
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(&'static str),
    /// `()`: an empty shape.
    EmptyShape,
}

/// One parameter, as `inspect.signature` shows it in JAX 0.10.2.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub kind: Kind,
    pub default: Default,
    /// Before a `/`: cannot be passed by keyword.
    pub positional_only: bool,
    /// After a `*`: can only be passed by keyword.
    pub keyword_only: bool,
}

impl Param {
    pub const fn new(name: &'static str, kind: Kind, default: Default) -> Param {
        Param {
            name,
            kind,
            default,
            positional_only: false,
            keyword_only: false,
        }
    }

    /// The parameter marked positional-only (it comes before `/`).
    pub const fn positional(self) -> Param {
        Param {
            positional_only: true,
            ..self
        }
    }

    /// The parameter marked keyword-only (it comes after `*`).
    pub const fn keyword(self) -> Param {
        Param {
            keyword_only: true,
            ..self
        }
    }

    /// The camelCase spelling the JS API accepts for a keyword (`keepdims`, `indexDtype`).
    pub fn js_name(&self) -> String {
        camel_case(self.name)
    }
}

/// `index_dtype` -> `indexDtype`.
pub fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' && !out.is_empty() {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn type_error(message: String) -> Error {
    Error::Signature { message }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Binds a call to `f`'s parameters: positional arguments in order, then keywords by name
/// (the JS API's camelCase spelling accepted too), then defaults; an unsupported parameter
/// must keep its default.
pub(super) fn bind(
    f: &'static Function,
    positional: Vec<Arg>,
    keywords: Vec<(String, Arg)>,
) -> Result<Args> {
    let params = f.params;
    let mut values: Vec<Option<Arg>> = vec![None; params.len()];
    let mut rest = Vec::new();
    let slots: Vec<usize> = (0..params.len())
        .filter(|&i| {
            !params[i].keyword_only
                && !matches!(params[i].kind, Kind::VarArrays | Kind::VarKeywords)
        })
        .collect();
    let varargs = params.iter().position(|p| p.kind == Kind::VarArrays);
    let given = positional.len();
    for (i, arg) in positional.into_iter().enumerate() {
        match slots.get(i) {
            Some(&slot) => values[slot] = Some(arg),
            None if varargs.is_some() => rest.push(arg),
            None => {
                let required = slots
                    .iter()
                    .filter(|&&s| params[s].default == Default::Required)
                    .count();
                let takes = if required == slots.len() {
                    format!("{}", slots.len())
                } else {
                    format!("from {required} to {}", slots.len())
                };
                return Err(type_error(format!(
                    "{}() takes {takes} positional argument{} but {given} {} given",
                    f.name,
                    if slots.len() == 1 { "" } else { "s" },
                    if given == 1 { "was" } else { "were" }
                )));
            }
        }
    }
    let takes_keywords = params.iter().any(|p| p.kind == Kind::VarKeywords);
    let mut extra = Vec::new();
    for (key, arg) in keywords {
        let found = params.iter().position(|p| {
            !matches!(p.kind, Kind::VarArrays | Kind::VarKeywords)
                && (p.name == key || p.js_name() == key)
        });
        if found.is_none() && takes_keywords {
            extra.push((key, arg));
            continue;
        }
        let Some(slot) = found.filter(|&s| !params[s].positional_only) else {
            return Err(type_error(format!(
                "{}() got an unexpected keyword argument '{key}'",
                f.name
            )));
        };
        if values[slot].is_some() {
            return Err(type_error(format!(
                "{}() got multiple values for argument '{}'",
                f.name, params[slot].name
            )));
        }
        values[slot] = Some(arg);
    }
    let missing: Vec<&str> = params
        .iter()
        .zip(&values)
        .filter(|(p, v)| {
            v.is_none()
                && p.default == Default::Required
                && !matches!(p.kind, Kind::VarArrays | Kind::VarKeywords)
        })
        .map(|(p, _)| p.name)
        .collect();
    if !missing.is_empty() {
        let names: Vec<String> = missing.iter().map(|n| format!("'{n}'")).collect();
        let listed = match names.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
            [] => String::new(),
        };
        return Err(type_error(format!(
            "{}() missing {}: {listed}",
            f.name,
            plural(missing.len(), "required positional argument")
        )));
    }
    let values = params
        .iter()
        .zip(values)
        .map(|(p, v)| {
            let v = v.unwrap_or_else(|| default_arg(p.default));
            if p.kind == Kind::Unsupported && !matches!(v, Arg::None) {
                return Err(Error::UnsupportedArgument {
                    function: f.qualified(),
                    argument: p.name,
                });
            }
            Ok(v)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Args::new(f, values, rest, extra))
}

fn default_arg(d: Default) -> Arg {
    match d {
        Default::Required | Default::None => Arg::None,
        Default::Int(i) => Arg::Int(i),
        Default::Float(x) => Arg::Float(x),
        Default::Bool(b) => Arg::Bool(b),
        Default::Str(s) => Arg::Str(s.to_string()),
        Default::EmptyShape => Arg::Seq(Vec::new()),
    }
}
