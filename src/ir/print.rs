//! Renders jaxprs with real JAX's document structure (`pp_jaxpr_skeleton`, `pp_eqn`,
//! `pp_kv_pairs`): same naming (`a`..`z`, `ba`, ...), `_` for unused results, sorted params, the
//! 80-column layout, and Python-style literals such as `2.0:f32[]`.

use super::pretty::{brk, concat, group, join, nest, render, render_tagged, tag, text, Doc, Piece};
use super::shortest::{shortest_digits, shortest_digits_f64};
use super::{Atom, Eqn, Jaxpr, Var};
use crate::array::{Array, Buffer, ShapedArray};
use crate::primitives::Param;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

const WIDTH: usize = 80;

pub fn jaxpr_to_string(jaxpr: &Jaxpr) -> String {
    let mut names = Names::default();
    render(&pp_jaxpr(jaxpr, &mut names), WIDTH)
}

/// Like `jaxpr_to_string`, with each equation's source location as a trailing `# file:line`
/// comment (JAX's `source_info=True`), so a page can link equations to code.
pub fn jaxpr_to_string_with_sources(jaxpr: &Jaxpr) -> String {
    let mut names = Names {
        sources: true,
        ..Names::default()
    };
    render(&pp_jaxpr(jaxpr, &mut names), WIDTH)
}

/// `jaxpr_to_string`'s text as pieces, each equation's text tagged with its index in the marks.
pub(super) fn jaxpr_pieces(jaxpr: &Jaxpr) -> (Vec<Piece>, Vec<EqnMark>) {
    let mut names = Names {
        marks: Some(Vec::new()),
        ..Names::default()
    };
    let doc = pp_jaxpr(jaxpr, &mut names);
    (render_tagged(&doc, WIDTH), names.marks.unwrap_or_default())
}

/// What a reader of the printed text is told of an equation (layout.rs).
pub(super) struct EqnMark {
    pub primitive: &'static str,
    pub source: Option<String>,
    pub callback: Option<String>,
}

/// Printing context: the number of each variable named so far (its name is `alphabetic` of
/// it), whether to annotate sources, and, when tagging, each equation's mark.
#[derive(Default)]
pub(super) struct Names {
    assigned: HashMap<u64, usize>,
    sources: bool,
    marks: Option<Vec<EqnMark>>,
}

impl Names {
    pub(super) fn name(&mut self, var: &Var) -> String {
        let next = self.assigned.len();
        alphabetic(*self.assigned.entry(var.id).or_insert(next))
    }
}

/// 0 -> a, 25 -> z, 26 -> ba: base 26 with `a` as the zero digit, as JAX names variables.
fn alphabetic(mut n: usize) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(b'a' + (n % 26) as u8);
        n /= 26;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().map(|&b| b as char).collect()
}

fn pp_jaxpr(jaxpr: &Jaxpr, names: &mut Names) -> Doc {
    let used = used_vars(jaxpr);
    let constvars = pp_binders(&jaxpr.constvars, names, None);
    let invars = pp_binders(&jaxpr.invars, names, None);
    let eqns: Vec<Doc> = jaxpr.eqns.iter().map(|e| pp_eqn(e, names, &used)).collect();
    let outs: Vec<Doc> = jaxpr.outvars.iter().map(|a| pp_atom(a, names)).collect();
    let close = if jaxpr.outvars.len() == 1 { ",)" } else { ")" };
    let outvars = concat(vec![text("("), var_list(outs, ","), text(close)]);
    // The closing ` }` is inside the group, as JAX's document has it: a jaxpr whose one-line
    // form would pass the margin only by it breaks.
    group(concat(vec![
        nest(
            2,
            concat(vec![
                text("{ lambda "),
                constvars,
                text("; "),
                invars,
                text(". let"),
                nest(2, concat(vec![brk(" "), join(brk("; "), eqns)])),
                brk(" "),
                text("in "),
                outvars,
            ]),
        ),
        text(" }"),
    ]))
}

pub(super) fn used_vars(jaxpr: &Jaxpr) -> HashSet<u64> {
    let inputs = jaxpr.eqns.iter().flat_map(|e| e.inputs.iter());
    inputs
        .chain(jaxpr.outvars.iter())
        .filter_map(|a| match a {
            Atom::Var(v) => Some(v.id),
            Atom::Literal(_) => None,
        })
        .collect()
}

/// Binders with types; `used` (for equation results only) turns dead results into `_`.
fn pp_binders(vars: &[Var], names: &mut Names, used: Option<&HashSet<u64>>) -> Doc {
    let docs = vars
        .iter()
        .map(|v| {
            let name = match used {
                Some(u) if !u.contains(&v.id) => "_".to_string(),
                _ => names.name(v),
            };
            text(format!("{name}:{}", v.aval.short()))
        })
        .collect();
    var_list(docs, "")
}

fn var_list(docs: Vec<Doc>, separator: &'static str) -> Doc {
    nest(
        2,
        group(join(concat(vec![text(separator), group(brk(" "))]), docs)),
    )
}

fn pp_atom(atom: &Atom, names: &mut Names) -> Doc {
    match atom {
        Atom::Var(v) => text(names.name(v)),
        Atom::Literal(a) => text(format!("{}:{}", literal_value(a), a.aval().short())),
    }
}

fn pp_eqn(eqn: &Eqn, names: &mut Names, used: &HashSet<u64>) -> Doc {
    let mark = names.marks.as_mut().map(|marks| {
        marks.push(EqnMark {
            primitive: eqn.primitive.name(),
            source: eqn.source.as_deref().map(str::to_string),
            callback: eqn.primitive.callback_name().map(str::to_string),
        });
        marks.len() - 1
    });
    // Results are named before sub-jaxprs in params, as JAX names them.
    let lhs = pp_binders(&eqn.outputs, names, Some(used));
    let params = sorted_params(eqn);
    let kv = if params.is_empty() {
        concat(vec![])
    } else {
        let pairs = params
            .into_iter()
            .map(|(k, v)| concat(vec![text(format!("{k}=")), pp_param(v, names)]))
            .collect();
        group(concat(vec![
            nest(2, concat(vec![text("["), brk(""), join(brk(" "), pairs)])),
            brk(""),
            text("]"),
        ]))
    };
    let ins = eqn.inputs.iter().map(|a| pp_atom(a, names)).collect();
    let mut parts = Vec::new();
    if !eqn.outputs.is_empty() {
        parts.extend([lhs, text(" = ")]);
    }
    parts.extend([text(eqn.primitive.name()), kv, text(" "), var_list(ins, "")]);
    if let (true, Some(source)) = (names.sources, &eqn.source) {
        parts.push(text(format!("  # {source}")));
    }
    match mark {
        Some(id) => tag(id, concat(parts)),
        None => concat(parts),
    }
}

/// An equation's params sorted by name, as JAX prints them.
pub(super) fn sorted_params(eqn: &Eqn) -> Vec<(&'static str, Param)> {
    let mut params = eqn.primitive.params();
    // A handful at most: an insertion sort (stable, like the printer needs) keeps the
    // standard library's sort out of the wasm.
    for i in 1..params.len() {
        let mut j = i;
        while j > 0 && params[j - 1].0 > params[j].0 {
            params.swap(j - 1, j);
            j -= 1;
        }
    }
    params
}

fn pp_param(param: Param, names: &mut Names) -> Doc {
    match param {
        Param::Text(t) => text(t),
        Param::None => text("None"),
        Param::Bool(b) => text(if b { "True" } else { "False" }),
        Param::Avals(avals) => text(avals_tuple(&avals)),
        Param::Jaxpr(j) => pp_jaxpr(&j, names),
        // JAX's `pp_jaxprs`: a parenthesised, break-separated list.
        Param::Jaxprs(js) => {
            let docs = js.iter().map(|j| pp_jaxpr(j, names)).collect();
            group(concat(vec![
                nest(2, concat(vec![text("("), brk(""), join(brk(" "), docs)])),
                brk(""),
                text(")"),
            ]))
        }
    }
}

/// Declared result types as JAX prints them: `(ShapedArray(float32[3]),)`.
fn avals_tuple(avals: &[ShapedArray]) -> String {
    let items: Vec<String> = avals.iter().map(ShapedArray::repr).collect();
    match items.len() {
        0 => "()".into(),
        1 => format!("({},)", items[0]),
        _ => format!("({})", items.join(", ")),
    }
}

/// A scalar the way JAX prints it: `2.0`, `1e+20`, `3`, `True`. A strong f32 is a NumPy float32
/// in JAX, printed as the float64 of its value (`0.10000000149011612`); a weak one is the Python
/// float it was made from (`0.1`), which jaxplay keeps as an f32, so it prints the shortest
/// digits of that.
pub fn literal_value(a: &Array) -> String {
    match a.buffer() {
        Buffer::F32(x) => x.iter().next().map_or_else(String::new, |&v| {
            if a.weak_type() {
                python_float(v)
            } else {
                python_float64(v)
            }
        }),
        Buffer::I32(x) => x.iter().next().map_or_else(String::new, |v| v.to_string()),
        Buffer::U32(x) => x.iter().next().map_or_else(String::new, |v| v.to_string()),
        Buffer::U8(x) => x.iter().next().map_or_else(String::new, |v| v.to_string()),
        // JAX never makes a key a literal; the words, should one appear.
        Buffer::Key(x) => x
            .iter()
            .next()
            .map_or_else(String::new, |k| format!("{k:?}")),
        Buffer::Bool(x) => x.iter().next().map_or_else(String::new, |&v| {
            if v { "True" } else { "False" }.to_string()
        }),
    }
}

/// Python's `repr` of a float, from the shortest digits that read back as the f32 value:
/// positional between 1e-4 and 1e16, scientific (`1e+20`, `1e-07`) outside.
pub fn python_float(v: f32) -> String {
    python_repr(v, shortest_digits)
}

/// Python's `repr(float(v))`: the shortest digits that read back as the f64 of `v`'s value
/// (`0.10000000149011612` for the f32 nearest 0.1).
pub fn python_float64(v: f32) -> String {
    python_repr(v, shortest_digits_f64)
}

/// Python's float `repr` layout of `v`'s digits as `digits_of` finds them.
fn python_repr(v: f32, digits_of: fn(f32) -> (u64, i32)) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.into();
    }
    let (significand, exp) = if v == 0.0 { (0, 0) } else { digits_of(v.abs()) };
    let digits = significand.to_string();
    let (len, positional) = (digits.len() as i32, (-4..16).contains(&exp));
    // Digit places are counted from the first significant digit; the decimal point goes before
    // place `point`. Places outside the digits are zeros: positional form writes from the
    // units place (`0.00012`) to one place past the point (`2.0`, `120.0`); scientific form
    // writes the digits alone (`1e+20`, `1.5e-05`).
    let (point, first, end) = if positional {
        (exp + 1, exp.min(0), len.max(exp + 2))
    } else {
        (1, 0, len)
    };
    let mut out = String::from(if v.is_sign_negative() { "-" } else { "" });
    for place in first..end {
        if place == point {
            out.push('.');
        }
        let digit = usize::try_from(place)
            .ok()
            .and_then(|i| digits.as_bytes().get(i));
        out.push(digit.map_or('0', |&d| char::from(d)));
    }
    if !positional {
        out.push_str(if exp < 0 { "e-" } else { "e+" });
        if exp.abs() < 10 {
            out.push('0');
        }
        out.push_str(&exp.abs().to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_python() {
        let cases = [
            (2.0f32, "2.0"),
            (0.1, "0.1"),
            (1e20, "1e+20"),
            (1e-7, "1e-07"),
            (-2.5, "-2.5"),
            (0.0, "0.0"),
            (1234.5, "1234.5"),
            (0.00012, "0.00012"),
            (1.5e-5, "1.5e-05"),
        ];
        for (v, want) in cases {
            assert_eq!(python_float(v), want, "{v}");
        }
    }

    /// JAX 0.10.2's literals of strong f32 values (`jax.make_jaxpr(lambda x: x * c)` on a float32
    /// array, `c` given as `np.float32`).
    #[test]
    fn strong_floats_print_as_jax_does() {
        let cases = [
            (0.1f32, "0.10000000149011612"),
            (1e-5, "9.999999747378752e-06"),
            (std::f32::consts::LOG10_E, "0.4342944920063019"),
            (std::f32::consts::PI / 180.0, "0.01745329238474369"),
            (2.0, "2.0"),
            (0.5, "0.5"),
            (-0.0, "-0.0"),
            (1e20, "1.0000000200408773e+20"),
            (f32::MAX, "3.4028234663852886e+38"),
            (1e-45, "1.401298464324817e-45"),
            (f32::INFINITY, "inf"),
            (f32::NEG_INFINITY, "-inf"),
            (f32::NAN, "nan"),
            (123_456_790.0, "123456792.0"),
            (1e15, "999999986991104.0"),
            (1e16, "1.0000000272564224e+16"),
        ];
        for (v, want) in cases {
            assert_eq!(python_float64(v), want, "{v}");
        }
    }

    /// Against core's f64 formatting, which also writes the shortest digits that read back.
    #[test]
    fn strong_floats_have_the_shortest_f64_digits() {
        let mut bits = 0x1234_5678_u32;
        let randoms = (0..100_000).map(|_| {
            bits ^= bits << 13;
            bits ^= bits >> 17;
            bits ^= bits << 5;
            f32::from_bits(bits)
        });
        let edges = (-149..128)
            .map(|e| 2f32.powi(e))
            .chain((1..3000).map(f32::from_bits));
        for v in randoms.chain(edges).filter(|v| v.is_finite() && *v != 0.0) {
            let ours = python_float64(v);
            let core = format!("{:e}", f64::from(v));
            let (mantissa, exp) = core.split_once('e').unwrap();
            let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
            let back: f64 = ours.parse().unwrap();
            assert_eq!(back, f64::from(v), "{ours} reads back as {v:e}");
            let ours_digits: String = ours
                .split('e')
                .next()
                .unwrap()
                .chars()
                .filter(char::is_ascii_digit)
                .collect::<String>()
                .trim_start_matches('0')
                .trim_end_matches('0')
                .to_string();
            assert_eq!(ours_digits, digits.trim_end_matches('0'), "{v:e} ({exp})");
        }
    }

    /// The previous implementation, on core's `{:e}`, as an oracle.
    fn python_float_via_core(v: f32) -> String {
        let sci = format!("{v:e}");
        let (mantissa, exp) = sci.split_once('e').unwrap();
        let exp: i32 = exp.parse().unwrap();
        let (sign, mantissa) = match mantissa.strip_prefix('-') {
            Some(m) => ("-", m),
            None => ("", mantissa),
        };
        let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
        if (-4..16).contains(&exp) {
            let point = exp + 1;
            let body = if point <= 0 {
                format!("0.{}{}", "0".repeat((-point) as usize), digits)
            } else if (point as usize) >= digits.len() {
                format!("{}{}.0", digits, "0".repeat(point as usize - digits.len()))
            } else {
                let (int, frac) = digits.split_at(point as usize);
                format!("{int}.{frac}")
            };
            format!("{sign}{body}")
        } else {
            let exp_sign = if exp < 0 { '-' } else { '+' };
            format!("{sign}{mantissa}e{exp_sign}{:02}", exp.abs())
        }
    }

    #[test]
    fn floats_print_as_core_formatting_would() {
        let mut bits = 0x2545_f491_u32;
        // Halfway cases (0.142578125, 3460691.25) round up as core does, not to even.
        let specials = [
            0.0f32,
            -0.0,
            1.0,
            0.142_578_13,
            3_460_691.2,
            f32::MAX,
            f32::MIN_POSITIVE,
            1e-45,
            1e16,
        ];
        let randoms = (0..200_000).map(|_| {
            bits ^= bits << 13;
            bits ^= bits >> 17;
            bits ^= bits << 5;
            f32::from_bits(bits)
        });
        // Powers of two have an uneven rounding interval, powers of ten sit where the number of
        // digits changes: every one is checked, with its neighbours; so are the smallest
        // subnormals, the shortest values.
        let neighbours =
            |v: f32| (-1..=1).map(move |d: i32| f32::from_bits(v.to_bits().wrapping_add_signed(d)));
        let powers = (-149..128)
            .map(|e| 2f32.powi(e))
            .chain((-45..39).map(|e| 10f32.powi(e)));
        let subnormals = (1..5000).map(f32::from_bits);
        let edges = powers.flat_map(neighbours).chain(subnormals);
        for v in specials.into_iter().chain(randoms).chain(edges) {
            if v.is_finite() {
                assert_eq!(python_float(v), python_float_via_core(v), "{v:e}");
            }
        }
    }

    #[test]
    fn names_continue_past_z() {
        assert_eq!(alphabetic(0), "a");
        assert_eq!(alphabetic(25), "z");
        assert_eq!(alphabetic(26), "ba");
        assert_eq!(alphabetic(59), "ch");
    }
}
