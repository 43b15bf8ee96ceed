//! A small Wadler-style document printer with the same layout rule as JAX's: a group prints flat
//! (breaks as their text) when the whole group fits in the remaining width, otherwise its breaks
//! become newlines at the current nesting. Matching the rule is what makes our jaxpr text line up
//! with real JAX's, one-liners included.

use std::rc::Rc;

#[derive(Debug, Clone)]
pub enum Doc {
    Text(String),
    /// Prints its text when flat, a newline plus indentation when broken.
    Break(&'static str),
    Concat(Vec<Doc>),
    Nest(usize, Rc<Doc>),
    Group(Rc<Doc>),
}

pub fn text(s: impl Into<String>) -> Doc {
    Doc::Text(s.into())
}

pub fn brk(s: &'static str) -> Doc {
    Doc::Break(s)
}

pub fn concat(docs: Vec<Doc>) -> Doc {
    Doc::Concat(docs)
}

pub fn nest(indent: usize, doc: Doc) -> Doc {
    Doc::Nest(indent, Rc::new(doc))
}

pub fn group(doc: Doc) -> Doc {
    Doc::Group(Rc::new(doc))
}

pub fn join(sep: Doc, docs: Vec<Doc>) -> Doc {
    let mut out = Vec::with_capacity(docs.len() * 2);
    for (i, d) in docs.into_iter().enumerate() {
        if i > 0 {
            out.push(sep.clone());
        }
        out.push(d);
    }
    Doc::Concat(out)
}

fn flat_width(doc: &Doc) -> usize {
    match doc {
        Doc::Text(s) => s.chars().count(),
        Doc::Break(s) => s.len(),
        Doc::Concat(ds) => ds.iter().map(flat_width).sum(),
        Doc::Nest(_, d) | Doc::Group(d) => flat_width(d),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Flat,
    Broken,
}

pub fn render(doc: &Doc, width: usize) -> String {
    let mut out = String::new();
    let mut column = 0usize;
    // An explicit stack keeps deep jaxprs from overflowing the (small, in wasm) call stack.
    let mut stack: Vec<(usize, Mode, &Doc)> = vec![(0, Mode::Broken, doc)];
    while let Some((indent, mode, doc)) = stack.pop() {
        match doc {
            Doc::Text(s) => {
                out.push_str(s);
                column += s.chars().count();
            }
            Doc::Break(s) => match mode {
                Mode::Flat => {
                    out.push_str(s);
                    column += s.len();
                }
                Mode::Broken => {
                    out.push('\n');
                    out.extend(std::iter::repeat_n(' ', indent));
                    column = indent;
                }
            },
            Doc::Concat(ds) => {
                for d in ds.iter().rev() {
                    stack.push((indent, mode, d));
                }
            }
            Doc::Nest(n, d) => stack.push((indent + n, mode, d)),
            Doc::Group(d) => {
                let fits = mode == Mode::Flat || column + flat_width(d) <= width;
                let mode = if fits { Mode::Flat } else { Mode::Broken };
                stack.push((indent, mode, d));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_breaks_only_when_it_does_not_fit() {
        let doc = group(nest(
            2,
            concat(vec![
                text("["),
                brk(""),
                text("abc"),
                brk(" "),
                text("def"),
                brk(""),
                text("]"),
            ]),
        ));
        assert_eq!(render(&doc, 80), "[abc def]");
        assert_eq!(render(&doc, 5), "[\n  abc\n  def\n  ]");
    }
}
