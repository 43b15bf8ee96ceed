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
    /// Lays out as its document; `render_tagged` keeps the text it makes as a node of its own.
    Tag(usize, Rc<Doc>),
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

pub fn tag(id: usize, doc: Doc) -> Doc {
    Doc::Tag(id, Rc::new(doc))
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
        Doc::Nest(_, d) | Doc::Group(d) | Doc::Tag(_, d) => flat_width(d),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Flat,
    Broken,
}

/// Rendered text as a tree: text runs, and the text of each tagged document as a node.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    Tagged(usize, Vec<Piece>),
}

/// Where `layout` writes: a string, or a tree of pieces.
trait Sink {
    fn push(&mut self, s: &str);
    fn open(&mut self, _id: usize) {}
    fn close(&mut self) {}
}

impl Sink for String {
    fn push(&mut self, s: &str) {
        self.push_str(s);
    }
}

/// Open nodes, innermost last; the first is the root.
struct Tree(Vec<(usize, Vec<Piece>)>);

impl Sink for Tree {
    fn push(&mut self, s: &str) {
        let Some((_, pieces)) = self.0.last_mut() else {
            return;
        };
        match pieces.last_mut() {
            Some(Piece::Text(t)) => t.push_str(s),
            _ => pieces.push(Piece::Text(s.to_string())),
        }
    }

    fn open(&mut self, id: usize) {
        self.0.push((id, Vec::new()));
    }

    fn close(&mut self) {
        if self.0.len() > 1 {
            if let Some((id, pieces)) = self.0.pop() {
                self.push_piece(Piece::Tagged(id, pieces));
            }
        }
    }
}

impl Tree {
    fn push_piece(&mut self, piece: Piece) {
        if let Some((_, pieces)) = self.0.last_mut() {
            pieces.push(piece);
        }
    }
}

pub fn render(doc: &Doc, width: usize) -> String {
    let mut out = String::new();
    layout(doc, width, &mut out);
    out
}

/// `render`'s text as pieces: the same text, each `Tag` a node holding what it printed.
pub fn render_tagged(doc: &Doc, width: usize) -> Vec<Piece> {
    let mut tree = Tree(vec![(0, Vec::new())]);
    layout(doc, width, &mut tree);
    tree.0.swap_remove(0).1
}

enum Step<'a> {
    Doc(usize, Mode, &'a Doc),
    Close,
}

fn layout(doc: &Doc, width: usize, out: &mut impl Sink) {
    let mut column = 0usize;
    // An explicit stack keeps deep jaxprs from overflowing the (small, in wasm) call stack.
    let mut stack = vec![Step::Doc(0, Mode::Broken, doc)];
    while let Some(step) = stack.pop() {
        let Step::Doc(indent, mode, doc) = step else {
            out.close();
            continue;
        };
        match doc {
            Doc::Text(s) => {
                out.push(s);
                column += s.chars().count();
            }
            Doc::Break(s) => match mode {
                Mode::Flat => {
                    out.push(s);
                    column += s.len();
                }
                Mode::Broken => {
                    out.push("\n");
                    out.push(&" ".repeat(indent));
                    column = indent;
                }
            },
            Doc::Concat(ds) => {
                for d in ds.iter().rev() {
                    stack.push(Step::Doc(indent, mode, d));
                }
            }
            Doc::Nest(n, d) => stack.push(Step::Doc(indent + n, mode, d)),
            Doc::Group(d) => {
                let fits = mode == Mode::Flat || column + flat_width(d) <= width;
                let mode = if fits { Mode::Flat } else { Mode::Broken };
                stack.push(Step::Doc(indent, mode, d));
            }
            Doc::Tag(id, d) => {
                out.open(*id);
                stack.push(Step::Close);
                stack.push(Step::Doc(indent, mode, d));
            }
        }
    }
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

    #[test]
    fn tags_keep_their_text_as_nodes_without_changing_the_layout() {
        let inner = concat(vec![text("b"), brk(" "), text("c")]);
        let doc = group(nest(
            2,
            concat(vec![
                text("a"),
                brk(" "),
                tag(7, concat(vec![text("x"), tag(8, inner)])),
            ]),
        ));
        let flat = |pieces: &[Piece]| -> String {
            fn go(p: &[Piece], out: &mut String) {
                for piece in p {
                    match piece {
                        Piece::Text(t) => out.push_str(t),
                        Piece::Tagged(_, inner) => go(inner, out),
                    }
                }
            }
            let mut out = String::new();
            go(pieces, &mut out);
            out
        };
        for width in [80, 3] {
            let pieces = render_tagged(&doc, width);
            assert_eq!(flat(&pieces), render(&doc, width));
            let Piece::Tagged(7, outer) = &pieces[1] else {
                panic!("{pieces:?}");
            };
            assert_eq!(outer[0], Piece::Text("x".into()));
            assert!(matches!(&outer[1], Piece::Tagged(8, _)));
        }
        assert_eq!(render(&doc, 3), "a\n  xb\n  c");
    }
}
