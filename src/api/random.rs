//! `jax.random`: keys (typed `key<fry>` or raw `uint32[2]` arrays, both passed as arrays) and
//! samplers, each with its signature as JAX 0.10.2 declares it; `crate::random` runs them.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::random::{self, Population};
use crate::trace::Value;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Random, $($t)*) };
}

const KEY: Param = p("key", K::Array, D::Required);
const IMPL: Param = p("impl", K::Unsupported, D::None).keyword();
const KEY_DTYPE: Param = p("dtype", K::Unsupported, D::None).keyword();
const SAMPLE_SHAPE: Param = p("shape", K::Shape, D::EmptyShape);
/// `(key, shape=(), dtype=None, *, out_sharding=None)`: most float samplers.
const FLOAT_SAMPLER: &[Param] = &[KEY, SAMPLE_SHAPE, DTYPE, OUT_SHARDING];

/// A shape argument, `None` (as JS sends an omitted one) meaning `()`.
fn shape(a: &Args, name: &str) -> Result<Vec<usize>> {
    if a.is_none(name)? {
        Ok(Vec::new())
    } else {
        a.shape(name)
    }
}

fn opt_shape(a: &Args, name: &str) -> Result<Option<Vec<usize>>> {
    if a.is_none(name)? {
        Ok(None)
    } else {
        a.shape(name).map(Some)
    }
}

fn int_or(a: &Args, name: &str, default: i64) -> Result<i64> {
    Ok(a.opt_int(name)?.unwrap_or(default))
}

fn bool_or(a: &Args, name: &str, default: bool) -> Result<bool> {
    if a.is_none(name)? {
        Ok(default)
    } else {
        a.bool(name)
    }
}

fn sampler(a: &Args, run: fn(&Value, &[usize], Option<DType>) -> Result<Value>) -> Result<Output> {
    out(run(
        &a.array("key")?,
        &shape(a, "shape")?,
        a.dtype("dtype")?,
    ))
}

/// How the gamma family differs from JAX.
const GAMMA_DIFFERS: &str = "Only float32; no gradient with respect to the shape parameter \
    (JAX's random_gamma_grad). Draws are JAX's on an x86-64 Intel CPU bit for bit: XLA's rsqrt \
    there refines the CPU's rsqrtps estimate, which jaxplay reproduces; JAX on other CPUs draws \
    other bits for some shape parameters.";

/// `jax.random.gamma` and `loggamma`.
fn gamma(a: &Args, log_space: bool) -> Result<Output> {
    let shape = opt_shape(a, "shape")?;
    out(random::gamma(
        &a.array("key")?,
        &a.array("a")?,
        shape.as_deref(),
        a.dtype("dtype")?,
        log_space,
    ))
}

/// `x` of `permutation` / `a` of `choice`: an integer scalar stands for `arange(x)`.
fn population(a: &Args, name: &str, function: &str) -> Result<Population> {
    let range = |n: i64| Population::Range(usize::try_from(n).unwrap_or(0));
    match a.get(name)? {
        Arg::Int(n) => Ok(range(*n)),
        Arg::Float(_) => Err(Error::usage(
            "x must be an integer or at least 1-dimensional".to_string(),
        )),
        _ => {
            let x = a.array(name)?;
            let aval = x.aval();
            if !aval.shape.is_empty() {
                return Ok(Population::Array(x));
            }
            match (aval.dtype.is_integer(), x.as_array()) {
                (true, Some(c)) => Ok(range(c.to_f64_vec()[0] as i64)),
                (true, None) => Err(Error::usage(format!(
                    "argument {name} of jax.random.{function}() must be concrete"
                ))),
                (false, _) => Err(Error::usage(
                    "x must be an integer or at least 1-dimensional".to_string(),
                )),
            }
        }
    }
}

pub static FUNCTIONS: &[Function] = &[
    // ------------------------------------------------------------ keys
    f!(
        "key",
        &[p("seed", K::Array, D::Required), IMPL, KEY_DTYPE],
        "A typed PRNG key (key<fry>[]) from an integer seed.",
        "Only the default threefry implementation.",
        |a| out(random::key(&a.array("seed")?))
    ),
    f!(
        "PRNGKey",
        &[p("seed", K::Array, D::Required), IMPL],
        "A raw PRNG key (uint32[2]) from an integer seed.",
        "Only the default threefry implementation.",
        |a| out(random::prng_key(&a.array("seed")?))
    ),
    f!(
        "split",
        &[KEY, p("num", K::Shape, D::Int(2))],
        "New keys from a key: `num` of them (an int or a shape).",
        |a| {
            let num = if a.is_none("num")? {
                vec![2]
            } else {
                a.shape("num")?
            };
            out(random::split(&a.array("key")?, &num))
        }
    ),
    f!(
        "fold_in",
        &[KEY, p("data", K::Array, D::Required)],
        "A new key from a key and an integer.",
        |a| out(random::fold_in(&a.array("key")?, &a.array("data")?))
    ),
    f!(
        "key_data",
        &[p("keys", K::Array, D::Required)],
        "The uint32 data of keys (shape [..., 2]).",
        |a| out(random::key_data(&a.array("keys")?))
    ),
    f!(
        "wrap_key_data",
        &[p("key_bits_array", K::Array, D::Required), IMPL, KEY_DTYPE],
        "Typed keys from uint32 key data of shape [..., 2].",
        "Only the default threefry implementation.",
        |a| out(random::wrap_key_data(&a.array("key_bits_array")?))
    ),
    // ------------------------------------------------------------ samplers
    f!(
        "bits",
        &[KEY, SAMPLE_SHAPE, DTYPE, OUT_SHARDING],
        "Random unsigned integer words.",
        "Only uint32.",
        |a| {
            match a.dtype("dtype")? {
                None | Some(DType::Uint32) => {}
                Some(d) => {
                    return Err(Error::Value {
                        message: format!(
                            "dtype argument to `bits` must be an unsigned int dtype, got {d}"
                        ),
                    })
                }
            }
            out(random::bits(&a.array("key")?, &shape(a, "shape")?))
        }
    ),
    f!(
        "uniform",
        &[
            KEY,
            SAMPLE_SHAPE,
            DTYPE,
            p("minval", K::Array, D::Float(0.0)),
            p("maxval", K::Array, D::Float(1.0)),
            OUT_SHARDING
        ],
        "Uniform floats in [minval, maxval).",
        |a| {
            let bound = |name: &str, default: f64| -> Result<Value> {
                Ok(a.opt_array(name)?
                    .unwrap_or_else(|| crate::jnp::number(default)))
            };
            out(random::uniform(
                &a.array("key")?,
                &shape(a, "shape")?,
                a.dtype("dtype")?.unwrap_or(DType::Float32),
                &bound("minval", 0.0)?,
                &bound("maxval", 1.0)?,
            ))
        }
    ),
    f!(
        "randint",
        &[
            KEY,
            SHAPE,
            p("minval", K::Array, D::Required),
            p("maxval", K::Array, D::Required),
            DTYPE,
            OUT_SHARDING
        ],
        "Uniform integers in [minval, maxval).",
        "Only int32.",
        |a| out(random::randint(
            &a.array("key")?,
            &a.shape("shape")?,
            &a.array("minval")?,
            &a.array("maxval")?,
            a.dtype("dtype")?.unwrap_or(DType::Int32),
        ))
    ),
    f!(
        "bernoulli",
        &[
            KEY,
            p("p", K::Array, D::Float(0.5)),
            LIKE_SHAPE,
            p("mode", K::Str, D::Str("low")),
            OUT_SHARDING
        ],
        "Random booleans, True with probability p.",
        "Only mode='low'.",
        |a| {
            if !a.is_none("mode")? {
                a.choice("mode", &["low"])?;
            }
            let p = a.opt_array("p")?.unwrap_or_else(|| crate::jnp::number(0.5));
            let shape = opt_shape(a, "shape")?;
            out(random::bernoulli(&a.array("key")?, &p, shape.as_deref()))
        }
    ),
    f!(
        "normal",
        FLOAT_SAMPLER,
        "Standard normal floats.",
        "Only float32.",
        |a| sampler(a, random::normal)
    ),
    f!(
        "gumbel",
        &[
            KEY,
            SAMPLE_SHAPE,
            DTYPE,
            p("mode", K::Str, D::None),
            OUT_SHARDING
        ],
        "Standard Gumbel floats.",
        "Only float32 and mode='low'.",
        |a| {
            if !a.is_none("mode")? {
                if let Arg::Str(m) = a.get("mode")? {
                    if !["low", "high", "highest"].contains(&m.as_str()) {
                        return Err(Error::Value {
                            message: format!("Must provide valid mode for gumbel got: {m}"),
                        });
                    }
                }
                a.choice("mode", &["low"])?;
            }
            sampler(a, random::gumbel)
        }
    ),
    f!(
        "exponential",
        FLOAT_SAMPLER,
        "Standard exponential floats.",
        "Only float32.",
        |a| sampler(a, random::exponential)
    ),
    f!(
        "laplace",
        FLOAT_SAMPLER,
        "Standard Laplace floats.",
        "Only float32.",
        |a| sampler(a, random::laplace)
    ),
    f!(
        "logistic",
        FLOAT_SAMPLER,
        "Standard logistic floats.",
        "Only float32.",
        |a| sampler(a, random::logistic)
    ),
    f!(
        "rademacher",
        FLOAT_SAMPLER,
        "Random -1 and +1 (int32 by default).",
        "Only int32 and float32.",
        |a| sampler(a, random::rademacher)
    ),
    f!(
        "categorical",
        &[
            KEY,
            p("logits", K::Array, D::Required),
            p("axis", K::Int, D::Int(-1)),
            LIKE_SHAPE,
            p("replace", K::Bool, D::Bool(true)),
            p("mode", K::Unsupported, D::None),
            OUT_SHARDING
        ],
        "Indices drawn from the categorical distribution of logits along axis.",
        "Only float32 logits and mode='low'.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::categorical(
                &a.array("key")?,
                &a.array("logits")?,
                int_or(a, "axis", -1)?,
                shape.as_deref(),
                bool_or(a, "replace", true)?,
            ))
        }
    ),
    f!(
        "permutation",
        &[
            KEY,
            p("x", K::Array, D::Required),
            p("axis", K::Int, D::Int(0)),
            p("independent", K::Bool, D::Bool(false)),
            OUT_SHARDING
        ],
        "A shuffled copy of x along axis (of arange(x) for an integer).",
        |a| {
            let x = population(a, "x", "permutation")?;
            out(random::permutation(
                &a.array("key")?,
                &x,
                int_or(a, "axis", 0)?,
                bool_or(a, "independent", false)?,
            ))
        }
    ),
    f!(
        "choice",
        &[
            KEY,
            A,
            SAMPLE_SHAPE,
            p("replace", K::Bool, D::Bool(true)),
            p("p", K::Array, D::None),
            p("axis", K::Int, D::Int(0)),
            p("mode", K::Unsupported, D::None)
        ],
        "Random entries of a along axis (of arange(a) for an integer), with probabilities p.",
        "Only mode='low'.",
        |a| {
            if let Arg::Int(n) = a.get("shape")? {
                return Err(Error::usage(format!(
                    "shape argument of jax.random.choice must be a sequence, got {n}"
                )));
            }
            let pop = population(a, "a", "choice")?;
            let p = a.opt_array("p")?;
            out(random::choice(
                &a.array("key")?,
                &pop,
                &shape(a, "shape")?,
                bool_or(a, "replace", true)?,
                p.as_ref(),
                int_or(a, "axis", 0)?,
            ))
        }
    ),
    f!(
        "cauchy",
        FLOAT_SAMPLER,
        "Standard Cauchy floats.",
        "Only float32.",
        |a| sampler(a, random::cauchy)
    ),
    f!(
        "maxwell",
        FLOAT_SAMPLER,
        "One-sided Maxwell floats (the norm of three standard normals).",
        "Only float32.",
        |a| sampler(a, random::maxwell)
    ),
    f!(
        "pareto",
        &[
            KEY,
            p("b", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Pareto floats with shape parameter b.",
        "Only float32.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::pareto(
                &a.array("key")?,
                &a.array("b")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "gamma",
        &[
            KEY,
            p("a", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Gamma(a, 1) floats.",
        GAMMA_DIFFERS,
        |a| gamma(a, false)
    ),
    f!(
        "loggamma",
        &[
            KEY,
            p("a", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Logarithms of Gamma(a, 1) floats, drawn in log space (accurate for small a).",
        GAMMA_DIFFERS,
        |a| gamma(a, true)
    ),
    f!(
        "beta",
        &[
            KEY,
            p("a", K::Array, D::Required),
            p("b", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Beta(a, b) floats, from two log-gamma draws.",
        GAMMA_DIFFERS,
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::beta(
                &a.array("key")?,
                &a.array("a")?,
                &a.array("b")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "dirichlet",
        &[
            KEY,
            p("alpha", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Dirichlet(alpha) floats: normalised gamma draws over alpha's last axis.",
        "Only float32; no gradient with respect to alpha. Its softmax divides as XLA's CPU \
         code does, so the jaxpr's last equations are `div 1.0 s` and `mul` where JAX's are \
         one `div`. Draws are bit for bit as `gamma`'s.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::dirichlet(
                &a.array("key")?,
                &a.array("alpha")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "generalized_normal",
        &[
            KEY,
            p("p", K::Array, D::Required),
            SAMPLE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Generalized normal floats with shape parameter p: a random sign times gamma(1/p)^(1/p).",
        GAMMA_DIFFERS,
        |a| {
            out(random::generalized_normal(
                &a.array("key")?,
                &a.array("p")?,
                &shape(a, "shape")?,
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "ball",
        &[
            KEY,
            p("d", K::Int, D::Required),
            p("p", K::Array, D::Int(2)),
            SAMPLE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Points uniform in the d-dimensional unit p-norm ball, shape (*shape, d).",
        "Only float32; no gradient with respect to p. The last division, `g / norm^(1/p)`, \
         is bound as XLA's CPU code computes it, `g * norm^(-1/p)` (a `neg` first and a `mul` \
         last in the jaxpr where JAX's has a `div`), for JAX's bits.",
        |a| {
            let d = a.int("d")?;
            let d = usize::try_from(d).map_err(|_| Error::Signature {
                message: format!(
                    "Only non-negative indices are allowed when broadcasting static shapes, \
                     but got shape ({d},)."
                ),
            })?;
            let p = a.opt_array("p")?.unwrap_or_else(|| crate::jnp::number(2.0));
            out(random::ball(
                &a.array("key")?,
                d,
                &p,
                &shape(a, "shape")?,
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "rayleigh",
        &[
            KEY,
            p("scale", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Rayleigh floats with the given scale.",
        "Only float32.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::rayleigh(
                &a.array("key")?,
                &a.array("scale")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "lognormal",
        &[
            KEY,
            p("sigma", K::Array, D::Float(1.0)),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Log-normal floats: exp(sigma * normal).",
        "Only float32.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            let sigma = a
                .opt_array("sigma")?
                .unwrap_or_else(|| crate::jnp::number(1.0));
            out(random::lognormal(
                &a.array("key")?,
                &sigma,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "geometric",
        &[
            KEY,
            p("p", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Geometric integers: the number of trials up to the first success.",
        "Only int32.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::geometric(
                &a.array("key")?,
                &a.array("p")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "triangular",
        &[
            KEY,
            p("left", K::Array, D::Required),
            p("mode", K::Array, D::Required),
            p("right", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Triangular floats between left and right, peaking at mode.",
        "Only float32.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::triangular(
                &a.array("key")?,
                &a.array("left")?,
                &a.array("mode")?,
                &a.array("right")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "truncated_normal",
        &[
            KEY,
            p("lower", K::Array, D::Required),
            p("upper", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            OUT_SHARDING
        ],
        "Standard normal floats truncated to (lower, upper).",
        "Only float32.",
        |a| {
            let shape = opt_shape(a, "shape")?;
            out(random::truncated_normal(
                &a.array("key")?,
                &a.array("lower")?,
                &a.array("upper")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "double_sided_maxwell",
        &[
            KEY,
            p("loc", K::Array, D::Required),
            p("scale", K::Array, D::Required),
            SAMPLE_SHAPE,
            DTYPE
        ],
        "Double-sided Maxwell floats with location and scale.",
        "Only float32.",
        |a| out(random::double_sided_maxwell(
            &a.array("key")?,
            &a.array("loc")?,
            &a.array("scale")?,
            &shape(a, "shape")?,
            a.dtype("dtype")?,
        ))
    ),
    f!(
        "weibull_min",
        &[
            KEY,
            p("scale", K::Array, D::Required),
            p("concentration", K::Array, D::Required),
            SAMPLE_SHAPE,
            DTYPE
        ],
        "Weibull floats with scale and concentration.",
        "Only float32.",
        |a| out(random::weibull_min(
            &a.array("key")?,
            &a.array("scale")?,
            &a.array("concentration")?,
            &shape(a, "shape")?,
            a.dtype("dtype")?,
        ))
    ),
    f!(
        "multivariate_normal",
        &[
            KEY,
            p("mean", K::Array, D::Required),
            p("cov", K::Array, D::Required),
            LIKE_SHAPE,
            DTYPE,
            p("method", K::Str, D::Str("cholesky")),
            OUT_SHARDING
        ],
        "Multivariate normal floats with the given mean and covariance.",
        "Only float32 and method='cholesky'.",
        |a| {
            if !a.is_none("method")? {
                if let Arg::Str(m) = a.get("method")? {
                    if !["svd", "eigh", "cholesky"].contains(&m.as_str()) {
                        return Err(Error::Value {
                            message: "method must be one of {'svd', 'eigh', 'cholesky'}".into(),
                        });
                    }
                }
                a.choice("method", &["cholesky"])?;
            }
            let shape = opt_shape(a, "shape")?;
            out(random::multivariate_normal(
                &a.array("key")?,
                &a.array("mean")?,
                &a.array("cov")?,
                shape.as_deref(),
                a.dtype("dtype")?,
            ))
        }
    ),
];

#[cfg(test)]
mod tests {
    //! The table's `jax.random` entries bind as JAX's do and fail in JAX's words (recorded from
    //! JAX 0.10.2); their values are checked against JAX in `tests/engine_random*.rs`.
    use super::super::{all, call, Arg, Output};
    use crate::array::Array;
    use crate::dtype::DType;
    use crate::trace::Value;

    fn run(name: &str, pos: Vec<Arg>, kw: Vec<(&str, Arg)>) -> crate::error::Result<Value> {
        let f = all()
            .find(|f| f.namespace == super::Namespace::Random && f.name == name)
            .unwrap();
        let kw = kw.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        match call(f, pos, kw)? {
            Output::Array(v) => Ok(v),
            other => panic!("{other:?}"),
        }
    }

    fn key() -> Arg {
        Arg::Array(run("key", vec![Arg::Int(0)], vec![]).unwrap())
    }

    fn bits(v: &Value) -> Vec<u32> {
        let a = v.as_array().unwrap();
        a.to_f64_vec()
            .iter()
            .map(|&x| (x as f32).to_bits())
            .collect()
    }

    #[test]
    fn entries_bind_and_run() {
        let shape = Arg::Seq(vec![Arg::Int(3)]);
        let by_table = run("normal", vec![key(), shape], vec![]).unwrap();
        let Arg::Array(k) = key() else { panic!() };
        let direct = crate::random::normal(&k, &[3], None).unwrap();
        assert_eq!(bits(&by_table), bits(&direct));
        let scalar = run("uniform", vec![key()], vec![]).unwrap();
        assert_eq!(scalar.aval().shape, Vec::<usize>::new());
        let keys = run("split", vec![key()], vec![]).unwrap();
        assert_eq!(keys.aval().shape, vec![2]);
        assert_eq!(keys.aval().dtype, DType::KeyFry);
        let perm = run("permutation", vec![key(), Arg::Int(5)], vec![]).unwrap();
        let mut got = perm.as_array().unwrap().to_f64_vec();
        got.sort_by(f64::total_cmp);
        assert_eq!(got, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn misuse_fails_in_jaxs_words() {
        let float_key = Arg::Array(Value::Array(Array::from_f32(&[2], vec![1.0; 2]).unwrap()));
        let err = |r: crate::error::Result<Value>| r.unwrap_err().to_string();
        assert_eq!(
            err(run("uniform", vec![float_key], vec![])),
            "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got \
             dtype=float32"
        );
        assert_eq!(
            err(run("choice", vec![key(), Arg::Int(5), Arg::Int(3)], vec![])),
            "shape argument of jax.random.choice must be a sequence, got 3"
        );
        assert_eq!(
            err(run(
                "normal",
                vec![key()],
                vec![("dtype", Arg::Str("int32".into()))]
            )),
            "dtype argument to `normal` must be a float or complex dtype, got int32"
        );
        assert_eq!(
            err(run("permutation", vec![key(), Arg::Float(2.5)], vec![])),
            "x must be an integer or at least 1-dimensional"
        );
        assert_eq!(
            err(run(
                "gumbel",
                vec![key()],
                vec![("mode", Arg::Str("x".into()))]
            )),
            "Must provide valid mode for gumbel got: x"
        );
    }
}
