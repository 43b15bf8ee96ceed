//! Everything derived from the API table (`src/api`): `www/lib/api-spec.js` (the signatures the
//! JS API, Python mode and the editor's completion build their functions from),
//! `types/api.d.ts` (the TypeScript declarations of those functions, from each parameter's kind)
//! and `docs/api.md` (every JAX name of `docs/jax-api/*.tsv` with its status in jaxplay). This
//! test renders them and fails when a checked-in file differs; `JAXPLAY_BLESS=1 cargo test
//! --test api_spec` rewrites them. It also checks each signature against JAX's own.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::api::{self, Default, Function, Kind, Namespace, Param, Returns};
use std::collections::BTreeMap;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// JAX's names for a namespace: name -> (tier, signature), from `docs/jax-api`.
fn jax_names(ns: Namespace) -> BTreeMap<String, (u8, String)> {
    let file = match ns {
        Namespace::Numpy => "jnp",
        Namespace::Lax => "lax",
        Namespace::Nn => "nn",
        Namespace::Random => "random",
        Namespace::ScipySpecial => "scipy_special",
        Namespace::Linalg => "linalg",
        Namespace::Array => "array",
    };
    let text = std::fs::read_to_string(format!("{ROOT}/docs/jax-api/{file}.tsv")).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut cols = line.splitn(3, '\t');
            let name = cols.next()?.to_string();
            let tier = cols.next()?.parse().ok()?;
            let signature = cols.next().unwrap_or("").to_string();
            Some((name, (tier, signature)))
        })
        .collect()
}

fn json(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn kind(k: Kind) -> &'static str {
    match k {
        Kind::Array => "array",
        Kind::Arrays => "arrays",
        Kind::VarArrays => "varArrays",
        Kind::VarKeywords => "varKeywords",
        Kind::Axis => "axis",
        Kind::Int => "int",
        Kind::Float => "float",
        Kind::Bool => "bool",
        Kind::Dtype => "dtype",
        Kind::Shape => "shape",
        Kind::Str => "str",
        Kind::Data => "data",
        Kind::Callable => "callable",
        Kind::Unsupported => "unsupported",
    }
}

/// A default as Python writes it (`None`, `False`, `'C'`), or `null` when required.
fn default(d: Default) -> String {
    match d {
        Default::Required => "null".into(),
        Default::None => json("None"),
        Default::Bool(b) => json(if b { "True" } else { "False" }),
        Default::Int(i) => json(&i.to_string()),
        Default::Float(x) => json(&format!("{x:?}")),
        Default::Str(s) => json(&format!("'{s}'")),
        Default::EmptyShape => json("()"),
    }
}

fn python_signature(f: &Function) -> String {
    let mut parts = Vec::new();
    let mut star = false;
    for (i, p) in f.params.iter().enumerate() {
        if p.keyword_only && !star && p.kind != Kind::VarKeywords {
            parts.push("*".to_string());
            star = true;
        }
        let name = if p.kind == Kind::VarArrays {
            star = true;
            format!("*{}", p.name)
        } else if p.kind == Kind::VarKeywords {
            format!("**{}", p.name)
        } else {
            p.name.to_string()
        };
        parts.push(match p.default {
            Default::Required => name,
            d => format!(
                "{name}={}",
                serde_json::from_str::<String>(&default(d)).unwrap()
            ),
        });
        let next_positional = f.params.get(i + 1).is_some_and(|q| q.positional_only);
        if p.positional_only && !next_positional {
            parts.push("/".to_string());
        }
    }
    format!("({})", parts.join(", "))
}

fn render_spec() -> String {
    let mut out = String::from(
        "// Generated from src/api by tests/api_spec.rs: do not edit. Every API function's\n\
         // signature, in the order of the engine's numbers (`apiCall(number, ...)`);\n\
         // `JAXPLAY_BLESS=1 cargo test --test api_spec` regenerates it.\n\n\
         /** One entry per function: namespace, JAX name, camelCase name, doc, parameters. */\n\
         export const FUNCTIONS = Object.freeze([\n",
    );
    for f in api::all() {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| {
                format!(
                    "{{ name: {}, js: {}, kind: '{}', default: {}, positional: {}, keyword: {} }}",
                    json(p.name),
                    json(&p.js_name()),
                    kind(p.kind),
                    default(p.default),
                    p.positional_only,
                    p.keyword_only
                )
            })
            .collect();
        out.push_str(&format!(
            "  {{ ns: '{}', name: {}, js: {}, doc: {}, signature: {}, params: [{}] }},\n",
            f.namespace.python(),
            json(f.name),
            json(&api::camel_case(f.name)),
            json(f.doc),
            json(&python_signature(f)),
            params.join(", ")
        ));
    }
    out.push_str("]);\n\n");
    out.push_str("/** Where each namespace is in the JS API. */\nexport const JS_NAMESPACE = Object.freeze({\n");
    for ns in Namespace::ALL {
        out.push_str(&format!("  '{}': '{}',\n", ns.python(), ns.js_path()));
    }
    out.push_str("});\n\n");
    out.push_str(
        "/** JAX's names that jaxplay does not have yet, per namespace: calling one says so. */\n\
         export const NOT_YET = Object.freeze({\n",
    );
    for ns in Namespace::ALL {
        let names: Vec<String> = jax_names(ns)
            .into_keys()
            .filter(|n| !api::all().any(|f| f.namespace == ns && f.name == n) && !api::glue(ns, n))
            .map(|n| json(&n))
            .collect();
        out.push_str(&format!(
            "  '{}': Object.freeze([{}]),\n",
            ns.python(),
            names.join(", ")
        ));
    }
    out.push_str("});\n");
    out
}

// ---------------------------------------------------------------- TypeScript declarations

/// The interface of each namespace in `types/api.d.ts`, in the order they are written.
const TYPED: [(Namespace, &str); 6] = [
    (Namespace::Numpy, "Numpy"),
    (Namespace::Linalg, "Linalg"),
    (Namespace::Lax, "Lax"),
    (Namespace::Nn, "Nn"),
    (Namespace::Random, "Random"),
    (Namespace::ScipySpecial, "ScipySpecial"),
];

/// Words JS reserves, which a TypeScript parameter may not be named.
const RESERVED: &str = "break case catch class const continue debugger default delete do else \
    enum export extends false finally for function if import in instanceof new null return \
    super switch this throw true try typeof var void while with yield let static await";

/// The TypeScript type of what parameter `p` takes (see `www/lib/api.js`, which encodes it).
fn ts_type(p: &Param) -> String {
    let base = match p.kind {
        Kind::Array | Kind::VarArrays => "ArrayLike".to_string(),
        Kind::Arrays => "ArrayLike[] | JaxArray".to_string(),
        Kind::Axis => "Axis".to_string(),
        Kind::Int | Kind::Float => "number".to_string(),
        Kind::Bool => "boolean".to_string(),
        Kind::Dtype => "DTypeLike".to_string(),
        Kind::Shape => "ShapeLike".to_string(),
        Kind::Str => "string".to_string(),
        Kind::Data | Kind::VarKeywords => "Data".to_string(),
        // An API function itself, or one taking and returning arrays (or Arrays of them).
        Kind::Callable => "(...args: any[]) => unknown".to_string(),
        // Only the default is accepted.
        Kind::Unsupported => {
            return match p.default {
                Default::Bool(b) => b.to_string(),
                Default::Int(i) => i.to_string(),
                Default::Str(s) => json(s),
                _ => "null".to_string(),
            }
        }
    };
    if p.default == Default::None {
        format!("{base} | null")
    } else {
        base
    }
}

fn ts_returns(r: Returns) -> &'static str {
    match r {
        Returns::Array => "JaxArray",
        Returns::Arrays => "JaxArray[]",
        Returns::ArrayOrArrays => "JaxArray | JaxArray[]",
        Returns::Int => "number",
        Returns::Ints => "number[]",
        Returns::Bool => "boolean",
        Returns::Dtype => "DTypeName",
    }
}

fn ts_param(p: &Param, optional: bool) -> String {
    let mut name = p.js_name();
    if RESERVED.split_whitespace().any(|w| w == name) {
        name.push('_');
    }
    format!("{name}{}: {}", if optional { "?" } else { "" }, ts_type(p))
}

/// The keyword arguments `f` takes, under JAX's names and their camelCase, or None.
fn ts_keywords(f: &Function) -> Option<(String, bool)> {
    let mut fields = Vec::new();
    let mut required = false;
    for p in f.params.iter().filter(|p| !p.positional_only) {
        if p.kind == Kind::VarKeywords {
            fields.push("[keyword: string]: unknown".to_string());
            continue;
        }
        if p.kind == Kind::VarArrays {
            continue;
        }
        let needed = p.keyword_only && p.default == Default::Required;
        required |= needed;
        let mark = if needed { "" } else { "?" };
        let mut names = vec![p.name.to_string()];
        if p.js_name() != p.name {
            names.push(p.js_name());
        }
        for n in names {
            fields.push(format!("{n}{mark}: {}", ts_type(p)));
        }
    }
    (!fields.is_empty()).then(|| (format!("{{ {} }}", fields.join("; ")), required))
}

/// Declarations of `f` (one overload per number of positional arguments, each optionally
/// followed by the keyword object), as methods of its namespace's interface `iface`.
fn ts_function(f: &Function, iface: &str, out: &mut String) {
    let js = api::camel_case(f.name);
    let returns = ts_returns(f.returns());
    let keywords = ts_keywords(f).map(|(_, required)| {
        let mark = if required { "" } else { "?" };
        format!("keywords{mark}: {iface}Keywords['{js}']")
    });
    let doc = format!("{} {}", f.doc, f.differs);
    out.push_str(&format!(
        "  /** {} (`{}.{}`) */
",
        doc.trim().replace("*/", "*\\/"),
        f.namespace.python(),
        f.name
    ));
    let positional: Vec<&Param> = f
        .params
        .iter()
        .filter(|p| !p.keyword_only && !matches!(p.kind, Kind::VarArrays | Kind::VarKeywords))
        .collect();
    if let Some(var) = f.params.iter().find(|p| p.kind == Kind::VarArrays) {
        let fixed: Vec<String> = positional.iter().map(|p| ts_param(p, false)).collect();
        let rest = ts_type(var);
        let prefix = fixed.iter().map(|p| format!("{p}, ")).collect::<String>();
        out.push_str(&format!(
            "  {js}({prefix}...{}: {rest}[]): {returns};\n",
            var.js_name()
        ));
        if let Some((_, _)) = ts_keywords(f) {
            out.push_str(&format!(
                "  {js}({prefix}...{}: [...{rest}[], {iface}Keywords['{js}']]): {returns};\n",
                var.js_name()
            ));
        }
        return;
    }
    let required = positional
        .iter()
        .filter(|p| p.default == Default::Required)
        .count();
    for k in required..=positional.len() {
        let mut params: Vec<String> = positional[..k].iter().map(|p| ts_param(p, false)).collect();
        // Without keywords, the last optional positional arguments may be left out too.
        if k == positional.len() && keywords.is_none() {
            params = positional
                .iter()
                .map(|p| ts_param(p, p.default != Default::Required))
                .collect();
            out.push_str(&format!("  {js}({}): {returns};\n", params.join(", ")));
            break;
        }
        params.extend(keywords.clone());
        out.push_str(&format!("  {js}({}): {returns};\n", params.join(", ")));
    }
}

fn render_types() -> String {
    let mut out = String::from(
        "// Generated from src/api by tests/api_spec.rs: do not edit (`JAXPLAY_BLESS=1 cargo test\n\
         // --test api_spec` regenerates it). The functions of the API table, as the JS API takes\n\
         // them: JAX's positional arguments, then optionally, last, an object of keyword arguments\n\
         // under JAX's names or their camelCase. The JS glue's own functions (`jnp.array`, the\n\
         // control flow of `lax`) are declared in jaxplay.d.ts.\n\n\
         import type { ArrayLike, Axis, Data, DTypeLike, DTypeName, JaxArray, ShapeLike } from './core.js';\n",
    );
    for (ns, iface) in TYPED {
        out.push_str(&format!(
            "\n/** The functions of `{}` (`{}` in JS) from the API table. */\nexport interface {iface} {{\n",
            ns.python(),
            ns.js_path()
        ));
        let mut keywords = String::new();
        for f in api::all().filter(|f| f.namespace == ns) {
            ts_function(f, iface, &mut out);
            if let Some((fields, _)) = ts_keywords(f) {
                keywords.push_str(&format!("  {}: {fields};\n", api::camel_case(f.name)));
            }
        }
        out.push_str("}\n");
        out.push_str(&format!(
            "\n/** The keyword arguments of each function of `{iface}`. */\nexport interface {iface}Keywords {{\n{keywords}}}\n"
        ));
    }
    out
}

fn render_docs() -> String {
    let mut out = String::from(
        "# jaxplay's API, name by name\n\n\
         Generated from `src/api` by `tests/api_spec.rs` (`JAXPLAY_BLESS=1 cargo test --test api_spec`);\n\
         do not edit. Every public name of JAX 0.10.2 in the namespaces below (`docs/jax-api/`), with\n\
         its tier (1: jaxplay must have it; 2: wanted) and its status: **works** (in JS under its\n\
         camelCase name, in Python mode under JAX's), or *not yet* (calling it raises \"not in jaxplay\n\
         yet\" in both languages). A function works under `jit`, `grad` and `vmap` unless its notes say\n\
         otherwise; notes also say where jaxplay differs from JAX.\n\n",
    );
    out.push_str("| namespace | works | tier 1 works | tier 1 |\n| --- | ---: | ---: | ---: |\n");
    let mut sections = String::new();
    for ns in Namespace::ALL {
        let names = jax_names(ns);
        let works =
            |n: &str| api::all().any(|f| f.namespace == ns && f.name == n) || api::glue(ns, n);
        let tier1 = names.values().filter(|(t, _)| *t == 1).count();
        let tier1_works = names
            .iter()
            .filter(|(n, (t, _))| *t == 1 && works(n))
            .count();
        let all_works = names.keys().filter(|n| works(n)).count();
        out.push_str(&format!(
            "| `{}` | {all_works} of {} | {tier1_works} | {tier1} |\n",
            ns.python(),
            names.len()
        ));
        sections.push_str(&format!(
            "\n## `{}`\n\n| name | tier | status | notes |\n| --- | ---: | --- | --- |\n",
            ns.python()
        ));
        for (name, (tier, _)) in &names {
            let f = api::all().find(|f| f.namespace == ns && f.name == name);
            let (status, notes) = match f {
                Some(f) => (
                    "works",
                    format!("{} {}", f.doc, f.differs).trim().to_string(),
                ),
                None if api::glue(ns, name) => (
                    "works",
                    "Made by the JS glue in both languages.".to_string(),
                ),
                None => ("*not yet*", String::new()),
            };
            sections.push_str(&format!(
                "| `{name}` | {tier} | {status} | {} |\n",
                notes.replace('|', "\\|")
            ));
        }
    }
    out.push_str(&sections);
    out
}

fn check(path: &str, rendered: String) {
    let path = Path::new(ROOT).join(path);
    if std::env::var_os("JAXPLAY_BLESS").is_some() {
        std::fs::write(&path, &rendered).unwrap();
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == rendered,
        "{} is out of date: run JAXPLAY_BLESS=1 cargo test --test api_spec",
        path.display()
    );
}

#[test]
fn api_spec_js_is_generated_from_the_table() {
    check("www/lib/api-spec.js", render_spec());
}

#[test]
fn api_types_are_generated_from_the_table() {
    check("types/api.d.ts", render_types());
}

#[test]
fn api_docs_are_generated_from_the_table() {
    check("docs/api.md", render_docs());
}

/// Every function [`Function::returns`] names for another result than an array exists.
#[test]
fn every_returns_entry_names_a_function() {
    for (ns, name, _) in api::RETURNS {
        assert!(
            api::all().any(|f| f.namespace == *ns && f.name == *name),
            "RETURNS names {}.{name}, which the table does not have",
            ns.short()
        );
    }
}

/// The parameter names of a signature as `inspect.signature` prints it (commas inside brackets
/// and quotes belong to annotations).
fn parameter_names(signature: &str) -> Vec<String> {
    let inner = signature.strip_prefix('(').unwrap_or(signature);
    let (mut depth, mut quote, mut names, mut current) = (0i32, None, Vec::new(), String::new());
    for c in inner.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '[' | '(') => depth += 1,
            (None, ']') => depth -= 1,
            (None, ')') if depth == 0 => break,
            (None, ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                names.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        if depth == 0 && quote.is_none() {
            current.push(c);
        }
    }
    names.push(current);
    names
        .iter()
        .map(|p| {
            p.split([':', '='])
                .next()
                .unwrap()
                .trim()
                .trim_start_matches('*')
                .to_string()
        })
        .filter(|p| !p.is_empty() && p != "/")
        .collect()
}

/// Each function is a JAX name of its namespace, defined once, and its parameters are JAX's:
/// the same names in the same order as `inspect.signature` shows them.
#[test]
fn every_function_has_jaxs_name_and_parameters() {
    let mut seen = std::collections::HashSet::new();
    for f in api::all() {
        assert!(
            seen.insert(f.qualified()),
            "{} is defined twice",
            f.qualified()
        );
        let names = jax_names(f.namespace);
        let (_, signature) = names
            .get(f.name)
            .unwrap_or_else(|| panic!("{} is not a JAX 0.10.2 name", f.qualified()));
        let jax_params = parameter_names(signature);
        let ours: Vec<&str> = f.params.iter().map(|p| p.name).collect();
        // JAX's ufuncs are declared `(*args, out=None, where=None)`; they take `x1, x2` (or `x`).
        let ufunc = jax_params.first().is_some_and(|p| p == "args") && ours.len() > 1;
        if ufunc {
            assert_eq!(
                &jax_params[1..],
                &ours[ours.len() - 2..],
                "{}",
                f.qualified()
            );
        } else {
            assert_eq!(
                jax_params,
                ours,
                "{}: parameters differ from JAX's {signature}",
                f.qualified()
            );
        }
    }
}
