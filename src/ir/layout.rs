//! The printed jaxpr as data, for a page that shows it: the text `print` renders, as runs of
//! text and one node per equation (its primitive, source line and host callback) holding the
//! text that equation printed, a sub-jaxpr's equations nested in the equation that holds it.
//! Joined, the runs are the printed jaxpr, so a page draws it from these without reading the
//! text back.

use super::pretty::Piece;
use super::print::{jaxpr_pieces, EqnMark};
use super::Jaxpr;
use serde::Serialize;

/// Text, or an equation's text (a JS string or object).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Run {
    Text(String),
    Eqn(EqnRun),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EqnRun {
    pub primitive: &'static str,
    /// `file:line` where the equation was recorded.
    pub source: Option<String>,
    /// The host function a callback equation calls.
    pub callback: Option<String>,
    pub runs: Vec<Run>,
}

/// `jaxpr` as `print::jaxpr_to_string` prints it, in runs.
pub fn jaxpr_layout(jaxpr: &Jaxpr) -> Vec<Run> {
    let (pieces, mut marks) = jaxpr_pieces(jaxpr);
    runs(pieces, &mut marks)
}

/// The text of `runs`: the printed jaxpr.
pub fn layout_text(runs: &[Run]) -> String {
    let mut out = String::new();
    let mut stack = vec![runs.iter()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(Run::Text(t)) => out.push_str(t),
            Some(Run::Eqn(e)) => stack.push(e.runs.iter()),
            None => {
                stack.pop();
            }
        }
    }
    out
}

fn runs(pieces: Vec<Piece>, marks: &mut [EqnMark]) -> Vec<Run> {
    pieces
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(t) => Run::Text(t),
            Piece::Tagged(id, inner) => {
                let inner = runs(inner, marks);
                let mark = &mut marks[id];
                Run::Eqn(EqnRun {
                    primitive: mark.primitive,
                    source: mark.source.take(),
                    callback: mark.callback.take(),
                    runs: inner,
                })
            }
        })
        .collect()
}
