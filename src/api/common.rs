//! What the API table's files share: parameters as JAX declares them in many functions, the
//! argument groups of NumPy's reductions, and `api_fn!`, which writes one table entry.

use super::args::{Args, Output};
use super::signature::{Default as D, Kind as K, Param};
use crate::error::Result;
use crate::jnp::reductions::{unpromoted, Reduction};
use crate::trace::Value;

/// A parameter (positional or keyword, unless marked).
pub const fn p(name: &'static str, kind: K, default: D) -> Param {
    Param::new(name, kind, default)
}

pub const X: Param = p("x", K::Array, D::Required).positional();
pub const X1: Param = p("x1", K::Array, D::Required).positional();
pub const X2: Param = p("x2", K::Array, D::Required).positional();
pub const Y: Param = p("y", K::Array, D::Required).positional();
pub const A: Param = p("a", K::Array, D::Required);
pub const AXIS: Param = p("axis", K::Axis, D::None);
pub const DTYPE: Param = p("dtype", K::Dtype, D::None);
pub const OUT: Param = p("out", K::Unsupported, D::None);
pub const KEEPDIMS: Param = p("keepdims", K::Bool, D::Bool(false));
pub const WHERE: Param = p("where", K::Array, D::None);
pub const INITIAL: Param = p("initial", K::Array, D::None);
pub const UFUNC_OUT: Param = p("out", K::Unsupported, D::None).keyword();
pub const UFUNC_WHERE: Param = p("where", K::Unsupported, D::None).keyword();
pub const DEVICE: Param = p("device", K::Unsupported, D::None).keyword();
pub const OUT_SHARDING: Param = p("out_sharding", K::Unsupported, D::None).keyword();
pub const SHAPE: Param = p("shape", K::Shape, D::Required);
pub const LIKE_SHAPE: Param = p("shape", K::Shape, D::None);

/// `(x, /)`: most elementwise functions.
pub const UNARY: &[Param] = &[X];
/// `(x, /, *, out=None, where=None)`: NumPy ufuncs declared with `*args`.
pub const UFUNC1: &[Param] = &[X, UFUNC_OUT, UFUNC_WHERE];
pub const UFUNC2: &[Param] = &[X1, X2, UFUNC_OUT, UFUNC_WHERE];
/// `(x1, x2, /)`.
pub const BINARY: &[Param] = &[X1, X2];
/// `(x, y, /)`.
pub const COMPARE: &[Param] = &[X, Y];

/// An array result.
pub fn out(v: Result<Value>) -> Result<Output> {
    v.map(Output::Array)
}

/// The NumPy reduction arguments (`axis`, `keepdims`, `dtype`, `where`, and `initial` and
/// `promote_integers` when the function has them) of a call on `x`.
pub fn reduction(a: &Args, x: &Value) -> Result<Reduction> {
    let has = |name: &str| a.get(name).is_ok();
    Ok(Reduction {
        axes: a.axes("axis", x.shape().len())?,
        keepdims: if has("keepdims") {
            a.bool("keepdims")?
        } else {
            false
        },
        dtype: match if has("dtype") {
            a.dtype("dtype")?
        } else {
            None
        } {
            None if has("promote_integers") && !a.bool("promote_integers")? => {
                unpromoted(x.aval().dtype)
            }
            dtype => dtype,
        },
        where_: if has("where") {
            a.opt_array("where")?
        } else {
            None
        },
        initial: if has("initial") {
            a.opt_array("initial")?
        } else {
            None
        },
    })
}

/// One table entry: `api_fn!(Namespace, "name", params, "doc", [ "how it differs", ] run)`.
/// (`differs` may be a constant shared by several entries.)
macro_rules! api_fn {
    ($ns:expr, $name:literal, $params:expr, $doc:literal, $differs:expr, $run:expr) => {
        $crate::api::Function {
            namespace: $ns,
            name: $name,
            params: $params,
            doc: $doc,
            differs: $differs,
            run: $run,
        }
    };
    ($ns:expr, $name:literal, $params:expr, $doc:literal, $run:expr) => {
        api_fn!($ns, $name, $params, $doc, "", $run)
    };
}
pub(crate) use api_fn;
