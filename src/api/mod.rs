//! The public API as data. Every function jaxplay offers under a JAX namespace (`jax.numpy`,
//! `jax.lax`, `jax.nn`, ...) is one [`Function`] in [`FUNCTIONS`]: its JAX name, its signature
//! as JAX 0.10.2 declares it, a one-line doc and the Rust that runs it. Everything else is
//! derived from that one table: the facade's single `apiCall` entry point, the JS API's camelCase
//! functions and Python mode's snake_case ones (both built from `www/lib/api-spec.js`, which
//! `tests/api_spec.rs` generates from this table), the editor's completions, the TypeScript
//! declarations and `docs/api.md`.
//!
//! Arguments arrive as data ([`Arg`]), positional and by keyword, and are bound to the signature
//! here (`bind`), with Python's own `TypeError` words for a wrong call, so both languages report
//! a typo'd keyword the way JAX does.

mod args;
mod array;
mod common;
mod computation;
mod lax;
mod lax_conv;
mod lax_reduce;
mod linalg;
mod nn;
mod numpy;
mod numpy_indexing;
mod numpy_joining;
mod numpy_linear;
mod numpy_math;
mod numpy_more;
mod numpy_reductions;
mod random;
mod signature;
mod special;

pub use args::{Arg, Args, Output};
pub use computation::{Callable, UserFunction};
pub use signature::{camel_case, Default, Kind, Param, Returns};

use crate::error::{Error, Result};

/// A JAX namespace, by the path Python imports it under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Namespace {
    Numpy,
    Lax,
    Nn,
    Random,
    ScipySpecial,
    Linalg,
    /// `jax.Array`'s operations that are not `jnp` functions (indexing, `.at[]` updates).
    Array,
}

impl Namespace {
    pub const ALL: [Namespace; 7] = [
        Namespace::Numpy,
        Namespace::Lax,
        Namespace::Nn,
        Namespace::Random,
        Namespace::ScipySpecial,
        Namespace::Linalg,
        Namespace::Array,
    ];

    /// The module as Python names it.
    pub fn python(self) -> &'static str {
        match self {
            Namespace::Numpy => "jax.numpy",
            Namespace::Lax => "jax.lax",
            Namespace::Nn => "jax.nn",
            Namespace::Random => "jax.random",
            Namespace::ScipySpecial => "jax.scipy.special",
            Namespace::Linalg => "jax.numpy.linalg",
            Namespace::Array => "jax.Array",
        }
    }

    /// Where the namespace is in the JS API.
    pub fn js_path(self) -> &'static str {
        match self {
            Namespace::Numpy => "jnp",
            Namespace::Lax => "jax.lax",
            Namespace::Nn => "jax.nn",
            Namespace::Random => "jax.random",
            Namespace::ScipySpecial => "jax.scipy.special",
            Namespace::Linalg => "jnp.linalg",
            Namespace::Array => "jax.Array",
        }
    }

    /// The short name a function is quoted with in messages (`jnp.sum`), as JAX's docs write it;
    /// also the path of the namespace in the JS API (`jnp`, `jax.lax`, ...).
    pub fn short(self) -> &'static str {
        match self {
            Namespace::Numpy => "jnp",
            Namespace::Lax => "lax",
            Namespace::Nn => "nn",
            Namespace::Random => "random",
            Namespace::ScipySpecial => "scipy.special",
            Namespace::Linalg => "jnp.linalg",
            Namespace::Array => "jax.Array",
        }
    }
}

/// One API function: defined once, reached from JS, Python, completion, types and docs.
pub struct Function {
    pub namespace: Namespace,
    /// JAX's snake_case name.
    pub name: &'static str,
    pub params: &'static [Param],
    /// One line, shown by completion and in `docs/api.md`.
    pub doc: &'static str,
    /// How jaxplay's version differs from JAX's, when it does (shown in `docs/api.md`).
    pub differs: &'static str,
    pub run: fn(&Args) -> Result<Output>,
}

impl Function {
    /// `jnp.sum`, as messages quote it.
    pub fn qualified(&self) -> String {
        format!("{}.{}", self.namespace.short(), self.name)
    }

    /// What it gives back: an array unless [`RETURNS`] says otherwise.
    pub fn returns(&self) -> Returns {
        RETURNS
            .iter()
            .find(|(ns, name, _)| *ns == self.namespace && *name == self.name)
            .map_or(Returns::Array, |&(_, _, r)| r)
    }
}

/// The functions that give back something other than one array (see [`Returns`]).
pub const RETURNS: &[(Namespace, &str, Returns)] = &[
    (Namespace::Numpy, "broadcast_arrays", Returns::Arrays),
    (Namespace::Numpy, "atleast_1d", Returns::ArrayOrArrays),
    (Namespace::Numpy, "atleast_2d", Returns::ArrayOrArrays),
    (Namespace::Numpy, "atleast_3d", Returns::ArrayOrArrays),
    (Namespace::Numpy, "shape", Returns::Ints),
    (Namespace::Numpy, "ndim", Returns::Int),
    (Namespace::Numpy, "size", Returns::Int),
    (Namespace::Numpy, "split", Returns::Arrays),
    (Namespace::Numpy, "array_split", Returns::Arrays),
    (Namespace::Numpy, "hsplit", Returns::Arrays),
    (Namespace::Numpy, "vsplit", Returns::Arrays),
    (Namespace::Numpy, "dsplit", Returns::Arrays),
    (Namespace::Numpy, "divmod", Returns::Arrays),
    (Namespace::Numpy, "modf", Returns::Arrays),
    (Namespace::Numpy, "frexp", Returns::Arrays),
    (Namespace::Numpy, "unstack", Returns::Arrays),
    (Namespace::Numpy, "diag_indices", Returns::Arrays),
    (Namespace::Numpy, "diag_indices_from", Returns::Arrays),
    (Namespace::Numpy, "linspace", Returns::ArrayOrArrays),
    (Namespace::Numpy, "meshgrid", Returns::Arrays),
    (Namespace::Numpy, "indices", Returns::ArrayOrArrays),
    (Namespace::Numpy, "average", Returns::ArrayOrArrays),
    (Namespace::Numpy, "broadcast_shapes", Returns::Ints),
    (Namespace::Numpy, "result_type", Returns::Dtype),
    (Namespace::Numpy, "promote_types", Returns::Dtype),
    (Namespace::Numpy, "isscalar", Returns::Bool),
    (Namespace::Lax, "sort", Returns::ArrayOrArrays),
    (Namespace::Lax, "sort_key_val", Returns::Arrays),
    (Namespace::Lax, "top_k", Returns::Arrays),
    (Namespace::Lax, "reduce", Returns::ArrayOrArrays),
    (Namespace::Lax, "reduce_window", Returns::ArrayOrArrays),
    (Namespace::Linalg, "eigh", Returns::Arrays),
    (Namespace::Linalg, "lstsq", Returns::Arrays),
    (Namespace::Linalg, "slogdet", Returns::Arrays),
    (Namespace::Linalg, "qr", Returns::ArrayOrArrays),
    (Namespace::Linalg, "svd", Returns::ArrayOrArrays),
];

/// Every function, in namespace order; a function's index here is its number at the boundary.
pub static FUNCTIONS: &[&[Function]] = &[
    numpy::FUNCTIONS,
    numpy_reductions::FUNCTIONS,
    numpy_linear::FUNCTIONS,
    numpy_joining::FUNCTIONS,
    numpy_indexing::FUNCTIONS,
    random::FUNCTIONS,
    lax::FUNCTIONS,
    array::FUNCTIONS,
    linalg::FUNCTIONS,
    numpy_math::FUNCTIONS,
    nn::FUNCTIONS,
    special::FUNCTIONS,
    numpy_more::FUNCTIONS,
    lax_conv::FUNCTIONS,
    lax_reduce::FUNCTIONS,
];

/// The function numbered `index` (its place in [`all`]).
pub fn function(index: usize) -> Result<&'static Function> {
    all()
        .nth(index)
        .ok_or_else(|| Error::usage(format!("no API function has number {index}")))
}

/// Every function, in boundary order.
pub fn all() -> impl Iterator<Item = &'static Function> {
    FUNCTIONS.iter().flat_map(|group| group.iter())
}

/// Names the JS glue makes itself, in both languages: they turn host data into engine arrays
/// (`jnp.array` reads nested lists and typed arrays), or take functions (control flow), or
/// are the static slicing that `x[...]` lowers to (`www/lib/indexing.js`).
const GLUE: &[(Namespace, &str)] = &[
    (Namespace::Numpy, "array"),
    (Namespace::Numpy, "asarray"),
    (Namespace::Lax, "cond"),
    (Namespace::Lax, "switch"),
    (Namespace::Lax, "scan"),
    (Namespace::Lax, "while_loop"),
    (Namespace::Lax, "fori_loop"),
    (Namespace::Lax, "stop_gradient"),
    (Namespace::Lax, "slice"),
    (Namespace::Lax, "squeeze"),
    (Namespace::Lax, "rev"),
    (Namespace::Lax, "expand_dims"),
    (Namespace::Lax, "map"),
    (Namespace::Lax, "associative_scan"),
    (Namespace::Numpy, "apply_along_axis"),
    (Namespace::Numpy, "apply_over_axes"),
    (Namespace::Numpy, "fromfunction"),
];

/// Whether the JS glue provides `name` in `namespace` (see [`GLUE`]).
pub fn glue(namespace: Namespace, name: &str) -> bool {
    GLUE.contains(&(namespace, name))
}

/// Binds the arguments to `f`'s signature and runs it.
pub fn call(
    f: &'static Function,
    positional: Vec<Arg>,
    keywords: Vec<(String, Arg)>,
) -> Result<Output> {
    let args = signature::bind(f, positional, keywords)?;
    let out = (f.run)(&args)?;
    debug_assert!(
        f.returns().admits(&out),
        "{} gave {}, not the {:?} RETURNS declares for it",
        f.qualified(),
        out.kind(),
        f.returns()
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    //! Binding, against Python's own words for the same calls (recorded from JAX 0.10.2).
    use super::*;
    use crate::array::Array;
    use crate::trace::Value;

    fn find(name: &str) -> &'static Function {
        all().find(|f| f.name == name).unwrap()
    }

    fn x() -> Arg {
        Arg::Array(Value::Array(
            Array::from_f32(&[2, 3], vec![1.0; 6]).unwrap(),
        ))
    }

    /// A function, its positional and keyword arguments, and the error JAX gives.
    type BadCall = (
        &'static str,
        Vec<Arg>,
        Vec<(&'static str, Arg)>,
        &'static str,
    );

    fn err(name: &str, pos: Vec<Arg>, kw: Vec<(&str, Arg)>) -> String {
        let kw = kw.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        match call(find(name), pos, kw) {
            Ok(_) => panic!("{name} accepted the call"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn wrong_calls_fail_in_pythons_words() {
        let cases: Vec<BadCall> = vec![
            (
                "sum",
                vec![x()],
                vec![("keepdim", Arg::Bool(true))],
                "sum() got an unexpected keyword argument 'keepdim'",
            ),
            (
                "sum",
                (0..9).map(|_| Arg::Int(1)).collect(),
                vec![],
                "sum() takes from 1 to 8 positional arguments but 9 were given",
            ),
            (
                "sum",
                vec![],
                vec![],
                "sum() missing 1 required positional argument: 'a'",
            ),
            (
                "sum",
                vec![x(), Arg::Int(1)],
                vec![("axis", Arg::Int(1))],
                "sum() got multiple values for argument 'axis'",
            ),
            (
                "sum",
                vec![Arg::Seq(vec![Arg::Int(1)])],
                vec![],
                "sum requires ndarray or scalar arguments, got <class 'list'> at position 0.",
            ),
            (
                "sum",
                vec![x()],
                vec![("out", x())],
                "The 'out' argument to jnp.sum is not supported in jaxplay.",
            ),
            (
                "sum",
                vec![x()],
                vec![("axis", Arg::Int(5))],
                "axis 5 is out of bounds for array of dimension 2",
            ),
            (
                "sum",
                vec![x()],
                vec![("axis", Arg::Seq(vec![Arg::Int(0), Arg::Int(0)]))],
                "duplicate value in 'axis': (0, 0)",
            ),
            (
                "sum",
                vec![x()],
                vec![("dtype", Arg::Str("foo".into()))],
                "data type 'foo' not understood",
            ),
            (
                "zeros",
                vec![Arg::Seq(vec![Arg::Str("a".into())])],
                vec![],
                "Shapes must be 1D sequences of concrete values of integer type, got ('a',).",
            ),
            (
                "sin",
                vec![],
                vec![("x", x())],
                "sin() got an unexpected keyword argument 'x'",
            ),
            (
                "swapaxes",
                vec![x(), Arg::Int(0)],
                vec![],
                "swapaxes() missing 1 required positional argument: 'axis2'",
            ),
            (
                "moveaxis",
                vec![x()],
                vec![],
                "moveaxis() missing 2 required positional arguments: 'source' and 'destination'",
            ),
        ];
        for (name, pos, kw, want) in cases {
            assert_eq!(err(name, pos, kw), want, "{name}");
        }
    }

    #[test]
    fn keywords_bind_by_python_or_camel_case_name() {
        let keep = |key: &str| {
            let kw = vec![
                (key.to_string(), Arg::Bool(true)),
                ("axis".to_string(), Arg::Int(1)),
            ];
            match call(find("sum"), vec![x()], kw).unwrap() {
                Output::Array(v) => v.shape().to_vec(),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(keep("keepdims"), vec![2, 1]);
        assert_eq!(camel_case("index_dtype"), "indexDtype");
        assert_eq!(camel_case("promote_integers"), "promoteIntegers");
    }
}
