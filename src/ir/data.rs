//! The jaxpr as data, for readers that are programs (the page's Check, tests): the same program
//! `print` renders, as serde structures with typed params, avals, sub-jaxprs and source lines.
//! Variables carry the names the printer gives them, so a message can point at the printed text.

use super::print::{sorted_params, used_vars, Names};
use super::{Atom, Eqn, Jaxpr, Var};
use crate::array::{Array, Buffer, ShapedArray};
use crate::primitives::Param;
use rustc_hash::FxHashSet as HashSet;
use serde::{Serialize, Serializer};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AvalData {
    pub shape: Vec<usize>,
    pub dtype: &'static str,
    pub weak_type: bool,
}

impl From<&ShapedArray> for AvalData {
    fn from(a: &ShapedArray) -> Self {
        AvalData {
            shape: a.shape.clone(),
            dtype: a.dtype.name(),
            weak_type: a.weak_type,
        }
    }
}

/// A variable binder or use. `name` is `_` for an equation result nothing reads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VarData {
    pub name: String,
    pub aval: AvalData,
}

/// A literal's value: a number (float32 or int32) or a bool.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Scalar {
    Number(f64),
    Bool(bool),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AtomData {
    Var { name: String, aval: AvalData },
    Literal { value: Scalar, aval: AvalData },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum ParamData {
    Text(String),
    None,
    Bool(bool),
    Avals(Vec<AvalData>),
    Jaxpr(Box<JaxprData>),
    Jaxprs(Vec<JaxprData>),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EqnData {
    pub primitive: &'static str,
    pub params: Params,
    pub inputs: Vec<AtomData>,
    pub outputs: Vec<VarData>,
    /// `file:line` where the equation was recorded, and the line alone.
    pub source: Option<String>,
    pub line: Option<u32>,
    pub effects: Vec<&'static str>,
}

/// An equation's params by name, in the printer's (sorted) order: a JS object.
#[derive(Debug, Clone, PartialEq)]
pub struct Params(pub Vec<(&'static str, ParamData)>);

impl Params {
    pub fn get(&self, name: &str) -> Option<&ParamData> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    pub fn values(&self) -> impl Iterator<Item = &ParamData> {
        self.0.iter().map(|(_, v)| v)
    }
}

impl Serialize for Params {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JaxprData {
    pub constvars: Vec<VarData>,
    pub invars: Vec<VarData>,
    pub eqns: Vec<EqnData>,
    pub outvars: Vec<AtomData>,
    pub effects: Vec<&'static str>,
}

/// `jaxpr` as data, with the variable names `print::jaxpr_to_string` gives it.
pub fn jaxpr_data(jaxpr: &Jaxpr) -> JaxprData {
    to_data(jaxpr, &mut Names::default())
}

// Visits binders, params and atoms in the printer's order, so every name matches the text.
fn to_data(jaxpr: &Jaxpr, names: &mut Names) -> JaxprData {
    let used = used_vars(jaxpr);
    let constvars = binders(&jaxpr.constvars, names, None);
    let invars = binders(&jaxpr.invars, names, None);
    let eqns = jaxpr
        .eqns
        .iter()
        .map(|e| eqn_data(e, names, &used))
        .collect();
    let outvars = jaxpr.outvars.iter().map(|a| atom(a, names)).collect();
    JaxprData {
        constvars,
        invars,
        eqns,
        outvars,
        effects: jaxpr.effects().iter().map(|e| e.jax_name()).collect(),
    }
}

fn binders(vars: &[Var], names: &mut Names, used: Option<&HashSet<u64>>) -> Vec<VarData> {
    vars.iter()
        .map(|v| VarData {
            name: match used {
                Some(u) if !u.contains(&v.id) => "_".to_string(),
                _ => names.name(v),
            },
            aval: (&v.aval).into(),
        })
        .collect()
}

fn atom(a: &Atom, names: &mut Names) -> AtomData {
    match a {
        Atom::Var(v) => AtomData::Var {
            name: names.name(v),
            aval: (&v.aval).into(),
        },
        Atom::Literal(x) => AtomData::Literal {
            value: scalar(x),
            aval: (&x.aval()).into(),
        },
    }
}

fn scalar(a: &Array) -> Scalar {
    match a.buffer() {
        Buffer::F32(x) => Scalar::Number(x.iter().next().map_or(f64::NAN, |&v| f64::from(v))),
        Buffer::I32(x) => Scalar::Number(x.iter().next().map_or(f64::NAN, |&v| f64::from(v))),
        Buffer::Bool(x) => Scalar::Bool(x.iter().next().is_some_and(|&v| v)),
        Buffer::U32(x) => Scalar::Number(x.iter().next().map_or(f64::NAN, |&v| f64::from(v))),
        Buffer::U8(x) => Scalar::Number(x.iter().next().map_or(f64::NAN, |&v| f64::from(v))),
        Buffer::Key(_) => Scalar::Number(f64::NAN),
    }
}

fn eqn_data(eqn: &Eqn, names: &mut Names, used: &HashSet<u64>) -> EqnData {
    let outputs = binders(&eqn.outputs, names, Some(used));
    let mut params = Vec::new();
    for (k, v) in sorted_params(eqn) {
        params.push((k, param(v, names)));
    }
    let inputs = eqn.inputs.iter().map(|a| atom(a, names)).collect();
    let source = eqn.source.as_deref().map(str::to_string);
    let line = eqn
        .source
        .as_deref()
        .and_then(|s| s.rsplit(':').next())
        .and_then(|l| l.parse().ok());
    EqnData {
        primitive: eqn.primitive.name(),
        params: Params(params),
        inputs,
        outputs,
        source,
        line,
        effects: eqn
            .primitive
            .effects()
            .iter()
            .map(|e| e.jax_name())
            .collect(),
    }
}

fn param(p: Param, names: &mut Names) -> ParamData {
    match p {
        Param::Text(t) => ParamData::Text(t),
        Param::None => ParamData::None,
        Param::Bool(b) => ParamData::Bool(b),
        Param::Avals(avals) => ParamData::Avals(avals.iter().map(AvalData::from).collect()),
        Param::Jaxpr(j) => ParamData::Jaxpr(Box::new(to_data(&j, names))),
        Param::Jaxprs(js) => ParamData::Jaxprs(js.iter().map(|j| to_data(j, names)).collect()),
    }
}
