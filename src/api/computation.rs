//! Functions passed to API functions (`lax.reduce`'s `computation`). A [`Callable`] is either
//! one of the table's own functions, passed by identity (JS and Python hand over `lax.add` as
//! its number), so the API can make JAX's checks for `lax.add` and the like, or a function of
//! the caller's language, which the facade wraps as a [`UserFunction`]. Either is traced to a
//! jaxpr on the types of the values it will combine ([`trace_computation`]).

use super::args::{Arg, Output};
use super::{Function, Namespace};
use crate::array::ShapedArray;
use crate::error::{Error, Result};
use crate::trace::ClosedJaxpr;
use crate::trace::{trace_to_jaxpr, Value};
use std::fmt;
use std::rc::Rc;

/// A function of the caller's language, called with arrays and tuples of them.
pub trait UserFunction {
    /// Its name as Python prints it in a function's repr (`<lambda>`, `combine`).
    fn name(&self) -> String;
    fn call(&self, args: Vec<Arg>) -> Result<Arg>;
}

#[derive(Clone)]
pub enum Callable {
    /// An API function (`lax.add`), by identity.
    Api(&'static Function),
    User(Rc<dyn UserFunction>),
}

impl fmt::Debug for Callable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<function {}>", self.name())
    }
}

impl Callable {
    pub fn name(&self) -> String {
        match self {
            Callable::Api(f) => f.name.to_string(),
            Callable::User(u) => u.name(),
        }
    }

    /// The `jax.lax` function this is, by identity: JAX recognises `lax.add` itself, not
    /// `jnp.add` or a lambda that adds.
    pub fn lax_name(&self) -> Option<&'static str> {
        match self {
            Callable::Api(f) if f.namespace == Namespace::Lax => Some(f.name),
            _ => None,
        }
    }

    pub fn call(&self, args: Vec<Arg>) -> Result<Arg> {
        match self {
            Callable::Api(f) => match super::call(f, args, Vec::new())? {
                Output::Array(v) => Ok(Arg::Array(v)),
                Output::Tuple(vs) | Output::List(vs) => {
                    Ok(Arg::Seq(vs.into_iter().map(Arg::Array).collect()))
                }
                _ => Err(Error::Signature {
                    message: format!("{} does not return arrays", f.qualified()),
                }),
            },
            Callable::User(u) => u.call(args),
        }
    }
}

/// How JAX flattened the operands: one array, or a tuple of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tree {
    Leaf,
    Tuple(usize),
}

impl Tree {
    /// The leaves of `arg` and its structure; nested tuples are not supported.
    pub fn flatten(arg: &Arg, what: &str) -> Result<(Vec<Arg>, Tree)> {
        match arg {
            Arg::Seq(items) if items.iter().any(|i| matches!(i, Arg::Seq(_))) => {
                Err(Error::Unsupported {
                    what: "nested tuples of operands",
                })
            }
            Arg::Seq(items) => Ok((items.clone(), Tree::Tuple(items.len()))),
            Arg::Function(_) | Arg::None | Arg::Str(_) => Err(Error::Signature {
                message: format!("{what} must be arrays or a tuple of arrays"),
            }),
            one => Ok((vec![one.clone()], Tree::Leaf)),
        }
    }

    /// `leaves` in this structure, as a call's argument.
    fn unflatten(self, leaves: &[Value]) -> Arg {
        match self {
            Tree::Leaf => Arg::Array(leaves[0].clone()),
            Tree::Tuple(_) => Arg::Seq(leaves.iter().cloned().map(Arg::Array).collect()),
        }
    }

    /// `PyTreeDef((*, *))`, as JAX prints a structure.
    pub fn text(self) -> String {
        match self {
            Tree::Leaf => "PyTreeDef(*)".into(),
            Tree::Tuple(1) => "PyTreeDef((*,))".into(),
            Tree::Tuple(n) => format!("PyTreeDef(({}))", vec!["*"; n].join(", ")),
        }
    }
}

/// The structure and leaves of what a computation returned.
fn returned(out: Arg) -> Result<(Vec<Value>, Tree)> {
    let leaf = |a: &Arg| {
        a.to_value().ok_or_else(|| Error::Signature {
            message: format!(
                "Invalid return type from reduction function: {}\nReduction functions should only return an array.",
                a.python_type()
            ),
        })
    };
    match &out {
        Arg::Seq(items) => Ok((
            items.iter().map(leaf).collect::<Result<_>>()?,
            Tree::Tuple(items.len()),
        )),
        one => Ok((vec![leaf(one)?], Tree::Leaf)),
    }
}

/// `f(accumulated, next)` traced to a jaxpr, both trees shaped like `tree` with leaves of the
/// types `avals` (the initial values'); it must return that structure too (`primitive` names
/// the caller in the error).
pub fn trace_computation(
    primitive: &str,
    f: &Callable,
    tree: Tree,
    avals: &[ShapedArray],
) -> Result<ClosedJaxpr> {
    let n = avals.len();
    let in_avals = [avals, avals].concat();
    trace_to_jaxpr(primitive, &in_avals, true, |v| {
        let args = vec![tree.unflatten(&v[..n]), tree.unflatten(&v[n..])];
        let (leaves, out_tree) = returned(f.call(args)?)?;
        if out_tree != tree {
            return Err(Error::Value {
                message: format!(
                    "{primitive} output must have the same tree structure as the operands {} vs. {}",
                    tree.text(),
                    out_tree.text()
                ),
            });
        }
        Ok(leaves)
    })
}
