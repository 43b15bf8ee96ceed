//! A host callback's call-site texts for the timeline (its name and argument types as
//! strings), built once per call site and argument types rather than for every call's events.

use crate::array::Array;
use crate::dtype::DType;
use crate::timeline;
use std::cell::RefCell;
use std::rc::Rc;

/// A call site's timeline texts (callback name, argument types), made on its first evaluation
/// and reused while the argument types stay the same, as they do for every evaluation of one
/// equation, so a steady call builds no strings for its events.
#[derive(Clone, Default)]
pub(crate) struct CallSiteTexts(RefCell<Option<Texts>>);

#[derive(Clone)]
struct Texts {
    name: Rc<str>,
    types: Vec<(DType, Vec<usize>)>,
    shapes: Option<Rc<[String]>>,
}

impl CallSiteTexts {
    pub(crate) fn get(&self, name: &str, inputs: &[Array]) -> (Rc<str>, Option<Rc<[String]>>) {
        // Borrowed already only if a JS exception (the stack running out) unwound an earlier
        // call here: then the texts are built afresh each time, never a panic.
        let Ok(mut slot) = self.0.try_borrow_mut() else {
            let shapes = timeline::shapes(inputs.iter().map(Array::short).collect());
            return (name.into(), shapes);
        };
        let same_types = |t: &Texts| {
            t.types.len() == inputs.len()
                && t.types
                    .iter()
                    .zip(inputs)
                    .all(|((dtype, shape), a)| *dtype == a.dtype() && shape.as_slice() == a.shape())
        };
        let texts = match slot.take() {
            Some(t) if same_types(&t) => t,
            _ => Texts {
                name: name.into(),
                types: inputs
                    .iter()
                    .map(|a| (a.dtype(), a.shape().to_vec()))
                    .collect(),
                shapes: timeline::shapes(inputs.iter().map(Array::short).collect()),
            },
        };
        let out = (texts.name.clone(), texts.shapes.clone());
        *slot = Some(texts);
        out
    }
}
