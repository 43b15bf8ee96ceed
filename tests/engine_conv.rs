//! Native tests of `conv_general_dilated` on random geometries (spatial rank 0 to 2, strides,
//! both dilations, negative and positive padding, feature or batch groups, shuffled dimension
//! numbers): evaluation against a direct reading of XLA's definition, the JVP against central
//! differences, each operand's cotangent against central differences element by element, `vmap`
//! (also of the pullback) against the per-example results, and under `jit`. The convolution is
//! bilinear and the data multiples of 1/4, so a difference with a step of 1 is exact and every
//! comparison is too. Also: a table of bad arguments JAX has no words for (each an error, never
//! a panic), and the kernel's speed. JAX's own values, words and jaxprs are in `api_conv.rs`.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::api::{self, Arg, Namespace};
use jaxplay::array::Array;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::lax;
use jaxplay::primitives::conv::{bind_conv, ConvDims, ConvParams};
use jaxplay::trace::{eval_jaxpr, Value};
use jaxplay::vmap;
use proptest::prelude::*;

/// One random convolution: its params and both operands' shapes.
#[derive(Debug, Clone)]
struct Case {
    params: ConvParams,
    lhs: Vec<usize>,
    rhs: Vec<usize>,
}

/// Per spatial dimension: (input size, kernel size, stride, lhs dilation, rhs dilation, low and
/// high padding).
type Dim = (usize, usize, i64, i64, i64, i64, i64);

/// A permutation of `0..n` from `seed` (Fisher-Yates with a small LCG).
fn shuffled(n: usize, mut seed: u64) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p.swap(i, (seed >> 33) as usize % (i + 1));
    }
    p
}

/// The shape whose axis `spec[i]` has size `canonical[i]`.
fn laid_out(canonical: &[usize], spec: &[usize]) -> Vec<usize> {
    let mut shape = vec![0; canonical.len()];
    for (i, &axis) in spec.iter().enumerate() {
        shape[axis] = canonical[i];
    }
    shape
}

fn case_strategy() -> impl Strategy<Value = Case> {
    let dim = (
        1usize..5,
        1usize..4,
        1i64..4,
        1i64..3,
        1i64..3,
        -1i64..3,
        -1i64..3,
    );
    (
        proptest::collection::vec(dim, 0..3),
        1usize..3,
        1usize..3,
        1usize..3,
        0usize..3,
        any::<u64>(),
    )
        .prop_map(|(dims, batch, group_in, group_out, grouping, seed)| {
            let dims: Vec<Dim> = dims
                .into_iter()
                .map(|(n, k, s, ld, rd, lo, hi)| {
                    // Negative padding may crop, not past the (dilated) input.
                    let dilated = 1 + ld * (n as i64 - 1);
                    let (lo, hi) = if dilated + lo + hi < 0 {
                        (0, 0)
                    } else {
                        (lo, hi)
                    };
                    (n, k, s, ld, rd, lo, hi)
                })
                .collect();
            let (fgc, bgc) = match grouping {
                1 => (2, 1),
                2 => (1, 2),
                _ => (1, 1),
            };
            let rank = dims.len() + 2;
            let spec = |salt: u64| shuffled(rank, seed ^ salt);
            let d = ConvDims {
                lhs_spec: spec(1),
                rhs_spec: spec(2),
                out_spec: spec(3),
            };
            let mut lhs = vec![batch * bgc, group_in * fgc];
            let mut rhs = vec![group_out * fgc * bgc, group_in];
            lhs.extend(dims.iter().map(|d| d.0));
            rhs.extend(dims.iter().map(|d| d.1));
            Case {
                lhs: laid_out(&lhs, &d.lhs_spec),
                rhs: laid_out(&rhs, &d.rhs_spec),
                params: ConvParams {
                    window_strides: dims.iter().map(|d| d.2).collect(),
                    padding: dims.iter().map(|d| (d.5, d.6)).collect(),
                    lhs_dilation: dims.iter().map(|d| d.3).collect(),
                    rhs_dilation: dims.iter().map(|d| d.4).collect(),
                    dimension_numbers: d,
                    feature_group_count: fgc as i64,
                    batch_group_count: bgc as i64,
                    preferred_element_type: None,
                },
            }
        })
}

/// Multiples of 1/4 in [-2, 2] from `seed`.
fn data(shape: &[usize], seed: u64) -> Value {
    let n: usize = shape.iter().product();
    let mut s = seed;
    let v = (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 40) % 17) as f32 / 4.0 - 2.0
        })
        .collect::<Vec<_>>();
    f32s(shape, &v)
}

fn strides_of(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// Every multi-index of `shape`, row-major.
fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for &d in shape {
        all = all
            .into_iter()
            .flat_map(|p| {
                (0..d).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    all
}

/// XLA's convolution read directly: each output element sums, over its group's input features
/// and every kernel tap, the lhs element the tap lands on in the dilated, padded input.
fn reference(c: &Case, lhs: &Value, rhs: &Value) -> Vec<f64> {
    let p = &c.params;
    let d = &p.dimension_numbers;
    let (l, r) = (values(lhs), values(rhs));
    let (ls, rs) = (strides_of(&c.lhs), strides_of(&c.rhs));
    let canon =
        |shape: &[usize], spec: &[usize]| spec.iter().map(|&a| shape[a]).collect::<Vec<_>>();
    let (lc, rc) = (canon(&c.lhs, &d.lhs_spec), canon(&c.rhs, &d.rhs_spec));
    let n = lc.len() - 2;
    let (fgc, bgc) = (p.feature_group_count as usize, p.batch_group_count as usize);
    let mut out_c = vec![lc[0] / bgc, rc[0]];
    for i in 0..n {
        let dil = |size: usize, r: i64| {
            if size == 0 {
                0
            } else {
                1 + r * (size as i64 - 1)
            }
        };
        let padded = dil(lc[i + 2], p.lhs_dilation[i]) + p.padding[i].0 + p.padding[i].1;
        let window = dil(rc[i + 2], p.rhs_dilation[i]);
        out_c.push(((padded - window).div_euclid(p.window_strides[i]) + 1).max(0) as usize);
    }
    let out_shape = laid_out(&out_c, &d.out_spec);
    let os = strides_of(&out_shape);
    let mut out = vec![0.0; out_shape.iter().product()];
    for oi in indices(&out_c) {
        let (b, o) = (oi[0], oi[1]);
        let (lb, c0) = if bgc > 1 {
            (o / (rc[0] / bgc) * out_c[0] + b, 0)
        } else {
            (b, o / (rc[0] / fgc) * rc[1])
        };
        let mut acc = 0.0;
        for ci in 0..rc[1] {
            'taps: for k in indices(&rc[2..]) {
                let mut at = vec![lb, c0 + ci];
                for i in 0..n {
                    let pos = oi[i + 2] as i64 * p.window_strides[i]
                        + k[i] as i64 * p.rhs_dilation[i]
                        - p.padding[i].0;
                    let ld = p.lhs_dilation[i];
                    if pos < 0 || pos % ld != 0 || (pos / ld) as usize >= lc[i + 2] {
                        continue 'taps;
                    }
                    at.push((pos / ld) as usize);
                }
                let li: usize = at.iter().zip(&d.lhs_spec).map(|(&x, &a)| x * ls[a]).sum();
                let mut kk = vec![o, ci];
                kk.extend(&k);
                let ri: usize = kk.iter().zip(&d.rhs_spec).map(|(&x, &a)| x * rs[a]).sum();
                acc += l[li] * r[ri];
            }
        }
        let flat: usize = oi.iter().zip(&d.out_spec).map(|(&x, &a)| x * os[a]).sum();
        out[flat] = acc;
    }
    out
}

fn conv(c: &Case, l: &Value, r: &Value) -> Result<Value> {
    bind_conv(l, r, c.params.clone())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `x` with `delta` added at element `i`.
fn bumped(x: &Value, i: usize, delta: f32) -> Value {
    let mut v: Vec<f32> = values(x).iter().map(|&a| a as f32).collect();
    v[i] += delta;
    f32s(x.shape(), &v)
}

/// Both operands' cotangents for output cotangent `ct`.
fn vjp(c: &Case, l: &Value, r: &Value, ct: &Value) -> Result<Vec<Value>> {
    let (_, linear) = ad::linearize("f", &[l.clone(), r.clone()], None, |x| {
        Ok(vec![conv(c, &x[0], &x[1])?])
    })?;
    ad::transpose_linear(&linear, std::slice::from_ref(ct))
}

fn stack(a: &Value, b: &Value, axis: usize) -> Value {
    let lift = |v: &Value| lax::expand_dims(v, &[axis]).unwrap();
    jaxplay::primitives::indexing::concatenate(&[lift(a), lift(b)], axis).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn evaluation_matches_the_definition(c in case_strategy(), seed in any::<u64>()) {
        let (l, r) = (data(&c.lhs, seed), data(&c.rhs, seed ^ 5));
        let out = conv(&c, &l, &r).unwrap();
        prop_assert_eq!(values(&out), reference(&c, &l, &r), "{:?}", c);
    }

    #[test]
    fn the_jvp_matches_central_differences(c in case_strategy(), seed in any::<u64>()) {
        let (l, r) = (data(&c.lhs, seed), data(&c.rhs, seed ^ 1));
        let (dl, dr) = (data(&c.lhs, seed ^ 2), data(&c.rhs, seed ^ 3));
        let (_, t) = ad::jvp("f", &[l.clone(), r.clone()], &[dl.clone(), dr.clone()], |x| {
            Ok(vec![conv(&c, &x[0], &x[1])?])
        })
        .unwrap();
        let at = |sign: f32| {
            let shift = |x: &Value, dx: &Value| {
                lax::add(x, &lax::mul(dx, &f32s(&[], &[sign])).unwrap()).unwrap()
            };
            values(&conv(&c, &shift(&l, &dl), &shift(&r, &dr)).unwrap())
        };
        let fd: Vec<f64> = at(1.0).iter().zip(at(-1.0)).map(|(a, b)| (a - b) / 2.0).collect();
        prop_assert_eq!(values(&t[0]), fd, "{:?}", c);
    }

    #[test]
    fn cotangents_match_central_differences(c in case_strategy(), seed in any::<u64>()) {
        let (l, r) = (data(&c.lhs, seed), data(&c.rhs, seed ^ 1));
        let out = conv(&c, &l, &r).unwrap();
        let ct = data(out.shape(), seed ^ 4);
        let objective = |l: &Value, r: &Value| dot(&values(&conv(&c, l, r).unwrap()), &values(&ct));
        let cts = vjp(&c, &l, &r, &ct).unwrap();
        for (which, (x, g)) in [&l, &r].into_iter().zip(&cts).enumerate() {
            let g = values(g);
            for (i, gi) in g.iter().enumerate() {
                let at = |d: f32| {
                    let bumped = bumped(x, i, d);
                    if which == 0 { objective(&bumped, &r) } else { objective(&l, &bumped) }
                };
                let fd = (at(1.0) - at(-1.0)) / 2.0;
                prop_assert_eq!(*gi, fd, "operand {} element {} of {:?}", which, i, c);
            }
        }
    }

    #[test]
    fn vmap_matches_each_example(c in case_strategy(), seed in any::<u64>(), which in 0usize..4) {
        let (l0, r0) = (data(&c.lhs, seed), data(&c.rhs, seed ^ 1));
        let (l1, r1) = (data(&c.lhs, seed ^ 2), data(&c.rhs, seed ^ 3));
        let (la, ra) = [(Some(0), None), (None, Some(0)), (Some(0), Some(0)), (Some(1), Some(2))][which];
        let axis_or = |ax: Option<usize>, rank: usize| ax.map(|a| a.min(rank));
        let (la, ra) = (axis_or(la, c.lhs.len()), axis_or(ra, c.rhs.len()));
        let lb = la.map_or(l0.clone(), |a| stack(&l0, &l1, a));
        let rb = ra.map_or(r0.clone(), |a| stack(&r0, &r1, a));
        let out = vmap::vmap("f", &[lb, rb], &[la, ra], &[Some(0)], |x| Ok(vec![conv(&c, &x[0], &x[1])?]))
            .unwrap();
        let pick = |ax: Option<usize>, a: &Value, b: &Value| if ax.is_some() { b.clone() } else { a.clone() };
        let mut want = reference(&c, &l0, &r0);
        want.extend(reference(&c, &pick(la, &l0, &l1), &pick(ra, &r0, &r1)));
        prop_assert_eq!(values(&out[0]), want, "{:?}", c);
    }

    #[test]
    fn vmap_of_the_pullback_matches_each_example(c in case_strategy(), seed in any::<u64>()) {
        let (l0, r0) = (data(&c.lhs, seed), data(&c.rhs, seed ^ 1));
        let (l1, r1) = (data(&c.lhs, seed ^ 2), data(&c.rhs, seed ^ 3));
        let out_shape = conv(&c, &l0, &r0).unwrap().shape().to_vec();
        let (c0, c1) = (data(&out_shape, seed ^ 4), data(&out_shape, seed ^ 5));
        let batched = vmap::vmap(
            "f",
            &[stack(&l0, &l1, 0), stack(&r0, &r1, 0), stack(&c0, &c1, 0)],
            &[Some(0), Some(0), Some(0)],
            &[Some(0)],
            |x| vjp(&c, &x[0], &x[1], &x[2]),
        )
        .unwrap();
        let (e0, e1) = (vjp(&c, &l0, &r0, &c0).unwrap(), vjp(&c, &l1, &r1, &c1).unwrap());
        for k in 0..2 {
            let mut want = values(&e0[k]);
            want.extend(values(&e1[k]));
            prop_assert_eq!(values(&batched[k]), want, "operand {} of {:?}", k, c);
        }
    }
}

/// Staged under `jit` (`trace_with_events`) and evaluated: the same values as eagerly.
#[test]
fn a_jitted_convolution_gives_the_eager_values() {
    let c = Case {
        lhs: vec![2, 3, 7],
        rhs: vec![4, 3, 3],
        params: ConvParams {
            window_strides: vec![2],
            padding: vec![(2, 1)],
            lhs_dilation: vec![2],
            rhs_dilation: vec![3],
            ..plain(1, 0)
        },
    };
    let (l, r) = (data(&c.lhs, 1), data(&c.rhs, 2));
    let closed = trace_with_events("f", &[l.aval(), r.aval()], |x| {
        Ok(vec![conv(&c, &x[0], &x[1])?])
    })
    .unwrap();
    let staged = eval_jaxpr(&closed, &[l.clone(), r.clone()]).unwrap();
    assert_eq!(values(&staged[0]), reference(&c, &l, &r));
}

/// Integer convolutions wrap as XLA's do, and a bool one is "some product is true" (values
/// recorded from JAX 0.10.2).
#[test]
fn integer_and_bool_dtypes_accumulate_as_xla_does() {
    let arr = |a: Array| Value::Array(a);
    let p = plain(1, 0);
    let x = arr(Array::from_u32(&[1, 1, 4], vec![u32::MAX, 2, 3, 4]).unwrap());
    let w = arr(Array::from_u32(&[1, 1, 2], vec![2, u32::MAX]).unwrap());
    assert_eq!(
        values(&bind_conv(&x, &w, p.clone()).unwrap()),
        [4294967292.0, 1.0, 2.0]
    );
    let x = arr(Array::from_i32(&[1, 1, 4], vec![i32::MAX, -2, 3, 4]).unwrap());
    let w = arr(Array::from_i32(&[1, 1, 2], vec![2, 3]).unwrap());
    assert_eq!(
        values(&bind_conv(&x, &w, p.clone()).unwrap()),
        [-8.0, 5.0, 18.0]
    );
    let (t, f) = (true, false);
    let x = arr(Array::from_bool(&[1, 2, 4], vec![t, f, f, t, f, f, t, f]).unwrap());
    let w = arr(Array::from_bool(&[1, 2, 2], vec![t, t, f, f]).unwrap());
    let out = bind_conv(&x, &w, p).unwrap();
    assert_eq!(out.aval().dtype, jaxplay::dtype::DType::Bool);
    assert_eq!(values(&out), [1.0, 0.0, 1.0]);
}

fn ints(v: &[i64]) -> Arg {
    Arg::Seq(v.iter().map(|&i| Arg::Int(i)).collect())
}

/// Arguments JAX crashes on or has no words for: each is an error naming what is wrong, and
/// the engine keeps working after it.
#[test]
fn bad_arguments_are_errors_not_panics() {
    let f = |name: &str| {
        api::all()
            .find(|f| f.namespace == Namespace::Lax && f.name == name)
            .unwrap()
    };
    let arr = |shape: &[usize]| Arg::Array(data(shape, 3));
    let (x, w) = (arr(&[1, 2, 5]), arr(&[3, 2, 2]));
    let valid = || Arg::Str("VALID".into());
    type BadCall = (
        &'static str,
        Vec<Arg>,
        Vec<(&'static str, Arg)>,
        &'static str,
    );
    let cases: Vec<BadCall> = vec![
        ("conv_general_dilated", vec![x.clone(), w.clone(), ints(&[0]), valid()], vec![], "window_strides must be positive, got (0,)"),
        ("conv_general_dilated", vec![x.clone(), w.clone(), ints(&[-1]), valid()], vec![], "window_strides must be positive, got (-1,)"),
        ("conv_general_dilated", vec![x.clone(), w.clone(), ints(&[1]), valid()], vec![("rhs_dilation", ints(&[1, 1]))], "rhs_dilation must have one entry per spatial dimension (1), got (1, 1)"),
        ("conv_general_dilated", vec![x.clone(), w.clone(), ints(&[1]), valid()], vec![("dimension_numbers", Arg::Seq(vec![ints(&[0, 1, 5]), ints(&[0, 1, 2]), ints(&[0, 1, 2])]))], "lhs_spec must be a permutation of range(3)"),
        ("conv_general_dilated", vec![x.clone(), w.clone(), ints(&[1]), valid()], vec![("dimension_numbers", Arg::Seq(vec![ints(&[0, 1]), ints(&[0, 1]), ints(&[0, 1])]))], "lhs_spec must be a permutation of range(3)"),
        ("conv_general_dilated", vec![arr(&[5]), arr(&[2]), ints(&[]), valid()], vec![], "at least 2: batch and feature"),
        ("conv_general_dilated", vec![x.clone(), w.clone(), Arg::Int(1), valid()], vec![], "argument `window_strides` must be a sequence of ints, got 1"),
        ("conv_general_dilated", vec![x.clone(), w.clone(), ints(&[1]), Arg::Seq(vec![Arg::Str("a".into())])], vec![], "padding argument to conv_general_dilated should be a string or a sequence of (low, high) pairs, got ('a',)"),
        ("conv_transpose", vec![arr(&[1, 1, 1, 1, 1, 1]), arr(&[1, 1, 1, 1, 1, 1]), ints(&[1, 1, 1, 1]), valid()], vec![], "No 4+ dimensional dimension_number defaults."),
        ("conv_transpose", vec![arr(&[1, 2, 5]), arr(&[2, 2]), ints(&[1]), valid()], vec![], "conv_transpose requires lhs and rhs of one rank, at least 2"),
        ("conv_transpose", vec![x.clone(), w.clone(), ints(&[1]), valid()], vec![("dimension_numbers", Arg::Seq(vec![ints(&[0, 1, 2]), ints(&[7, 1, 2]), ints(&[0, 1, 2])])), ("transpose_kernel", Arg::Bool(true))], "rhs_spec must be a permutation of range(3)"),
    ];
    for (name, pos, kw, want) in cases {
        let kw = kw.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        match api::call(f(name), pos, kw) {
            Ok(_) => panic!("{name} accepted arguments it must refuse ({want})"),
            Err(e) => assert!(
                e.to_string().contains(want),
                "{name}: {e} (wanted {want:?})"
            ),
        }
    }
    let ok = api::call(
        f("conv_general_dilated"),
        vec![x, w, ints(&[1]), valid()],
        vec![],
    );
    assert_eq!(ok.map(|_| ()), Ok(()));
}

/// Params of a convolution with `n` spatial dimensions and padding `pad` on each side.
fn plain(n: usize, pad: i64) -> ConvParams {
    ConvParams {
        window_strides: vec![1; n],
        padding: vec![(pad, pad); n],
        lhs_dilation: vec![1; n],
        rhs_dilation: vec![1; n],
        dimension_numbers: ConvDims::iota(n + 2),
        feature_group_count: 1,
        batch_group_count: 1,
        preferred_element_type: None,
    }
}

/// A 3x3 convolution of a 16-feature 64x64 image to 32 features (19 million multiply-adds),
/// and a long signal past a 64-tap filter (`jnp.convolve`'s case), each well under a second
/// in an optimised build.
#[test]
fn convolutions_are_fast() {
    let (l, r) = (data(&[1, 16, 64, 64], 1), data(&[32, 16, 3, 3], 2));
    let start = std::time::Instant::now();
    let out = bind_conv(&l, &r, plain(2, 1)).unwrap();
    assert_eq!(out.shape(), &[1, 32, 64, 64]);
    assert!(
        start.elapsed().as_secs_f64() < 3.0,
        "took {:?}",
        start.elapsed()
    );
    let (a, v) = (data(&[1, 1, 100_000], 3), data(&[1, 1, 64], 4));
    let start = std::time::Instant::now();
    let out = bind_conv(&a, &v, plain(1, 0)).unwrap();
    assert_eq!(out.shape(), &[1, 1, 99_937]);
    assert!(
        start.elapsed().as_secs_f64() < 3.0,
        "took {:?}",
        start.elapsed()
    );
}
