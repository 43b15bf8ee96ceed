//! `jit`: a per-function cache from input types to compiled executables. A miss traces the user
//! function into a jaxpr and compiles it (dead-code elimination, recorded as DCE decisions); a
//! hit only executes. Calling a jitted function while tracing inlines its cached jaxpr.

use crate::array::ShapedArray;
use crate::error::Result;
use crate::fast::clock;
use crate::timeline::{self, CallbackClass, Detail, Event, EventKind, Phase, Status};
use crate::trace::{self, eval_jaxpr, ClosedJaxpr, Value};
use std::cell::RefCell;
use std::rc::Rc;

pub use crate::ir::Removed;

/// Removes equations whose results are unused and that have no effect, inside control flow
/// too (so an unused `pure_callback` disappears, while `io_callback` and `debug_callback` stay).
pub fn dce(closed: &ClosedJaxpr) -> (ClosedJaxpr, Vec<Removed>) {
    let jaxpr = &closed.jaxpr;
    let pruned = crate::dce::dce_jaxpr(jaxpr, &vec![true; jaxpr.outvars.len()]);
    let live_consts: Vec<bool> = jaxpr
        .constvars
        .iter()
        .map(|v| pruned.jaxpr.constvars.contains(v))
        .collect();
    let consts = crate::collect::select(&closed.consts, &live_consts);
    (
        ClosedJaxpr {
            jaxpr: pruned.jaxpr,
            consts,
        },
        pruned.removed,
    )
}

/// A traced and compiled function for one set of input types.
#[derive(Debug)]
pub struct Executable {
    pub name: Rc<str>,
    /// The argument types as the timeline shows them, made once: every run has these types.
    arg_types: Option<Rc<[String]>>,
    /// The jaxpr as traced (what `make_jaxpr` shows).
    pub traced: ClosedJaxpr,
    /// The jaxpr that runs, after DCE.
    pub compiled: ClosedJaxpr,
    pub removed: Vec<Removed>,
}

impl Executable {
    pub fn compile(name: Rc<str>, traced: ClosedJaxpr) -> Executable {
        let id = timeline::next_span_id();
        let mut begin = Event::new(EventKind::Compile, Phase::Begin, name.clone());
        begin.id = Some(id);
        timeline::emit(begin);
        let (mut compiled, removed) = dce(&traced);
        let mut schedule_notes = Vec::new();
        if let Some(schedule) = crate::schedule::current() {
            let (jaxpr, notes) = crate::schedule::apply(&compiled.jaxpr, &schedule);
            compiled.jaxpr = jaxpr;
            schedule_notes = notes
                .into_iter()
                .map(|n| format!("schedule seed {}: {n}", schedule.seed))
                .collect();
        }
        for r in &removed {
            if let Some(cb) = &r.callback {
                let mut e = Event::new(EventKind::Dce, Phase::Instant, cb.clone());
                e.id = Some(id);
                // Effectful callbacks are never removed, so a removed one is a pure callback.
                e.callback_kind = Some(CallbackClass::Pure);
                e.status = Some(Status::Removed);
                e.detail = Some(Detail::Text(format!(
                    "{} `{cb}` removed: {}",
                    r.primitive, r.reason
                )));
                timeline::emit(e);
            }
        }
        let mut end = Event::new(EventKind::Compile, Phase::End, name.clone());
        end.id = Some(id);
        end.detail = Some(Detail::Compiled {
            kept: compiled.jaxpr.eqns.len(),
            removed: removed.len(),
            notes: schedule_notes,
        });
        timeline::emit(end);
        let arg_types =
            timeline::shapes(traced.jaxpr.invars.iter().map(|v| v.aval.short()).collect());
        Executable {
            name,
            arg_types,
            traced,
            compiled,
            removed,
        }
    }

    /// Runs the compiled program on concrete inputs, recording the execution span.
    pub fn run(&self, args: &[Value], cache_status: Status) -> Result<Vec<Value>> {
        let id = timeline::next_span_id();
        let _clock = clock::executing();
        let mut begin = Event::new(EventKind::Execute, Phase::Begin, self.name.clone());
        begin.id = Some(id);
        begin.status = Some(cache_status);
        begin.shapes = self.arg_types.clone();
        timeline::emit(begin);
        timeline::enter_execution(id);
        let result = eval_jaxpr(&self.compiled, args);
        let mut end = Event::new(EventKind::Execute, Phase::End, self.name.clone());
        end.id = Some(id);
        end.status = Some(if result.is_ok() {
            Status::Ok
        } else {
            Status::Error
        });
        if let Err(e) = &result {
            end.detail = Some(Detail::Text(e.to_string()));
        }
        timeline::emit_within_execution(end);
        timeline::exit_execution(id);
        result
    }
}

/// Traces `f` with timeline events around it.
pub fn trace_with_events(
    name: impl Into<Rc<str>>,
    in_avals: &[ShapedArray],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<ClosedJaxpr> {
    let name: Rc<str> = name.into();
    let id = timeline::next_span_id();
    let mut begin = Event::new(EventKind::Trace, Phase::Begin, name.clone());
    begin.id = Some(id);
    begin.shapes = timeline::shapes(in_avals.iter().map(describe_aval).collect());
    timeline::emit(begin);
    let result = trace::trace_to_jaxpr(&name, in_avals, true, f);
    let mut end = Event::new(EventKind::Trace, Phase::End, name);
    end.id = Some(id);
    match &result {
        Ok(closed) => {
            end.status = Some(Status::Ok);
            end.detail = Some(Detail::Recorded {
                equations: closed.jaxpr.eqns.len(),
            });
        }
        Err(e) => {
            end.status = Some(Status::Error);
            end.detail = Some(Detail::Text(e.to_string()));
        }
    }
    timeline::emit(end);
    result
}

/// `f32[3]`, with a marker for weakly typed (bare number) inputs.
pub fn describe_aval(a: &ShapedArray) -> String {
    if a.weak_type {
        format!("{} (weak)", a.short())
    } else {
        a.short()
    }
}

/// A user function as `Jit` traces it: tracers in, outputs and the caller's `Aux` out.
type TraceFn<'a, Aux> = Box<dyn FnOnce(Vec<Value>) -> Result<(Vec<Value>, Aux)> + 'a>;

/// A compiled entry and the argument types and schedule it was made for. Programs compiled
/// under another schedule are different executables.
#[derive(Debug)]
struct Cached<Aux> {
    tree: u32,
    avals: Vec<ShapedArray>,
    schedule: Option<crate::schedule::Schedule>,
    entry: Rc<Entry<Aux>>,
}

/// Whether `args` have exactly these types, without building their avals.
fn has_types(args: &[Value], avals: &[ShapedArray]) -> bool {
    args.len() == avals.len()
        && args.iter().zip(avals).all(|(arg, want)| match arg {
            Value::Array(a) => {
                a.dtype() == want.dtype
                    && a.weak_type() == want.weak_type
                    && a.shape() == want.shape
            }
            Value::Tracer(t) => t.aval == *want,
        })
}

/// A cache entry: the executable plus whatever the caller needs to rebuild outputs (the facade
/// keeps the output pytree structure here).
#[derive(Debug)]
pub struct Entry<Aux> {
    pub exe: Executable,
    pub aux: Aux,
}

/// A jitted function's cache. All methods take `&self` and hold no borrow while the user function
/// is traced or the program runs, since both may re-enter the engine.
///
/// An entry is found by the caller's number for the argument structure (a pytree, opaque to
/// the engine; the JS glue interns each structure's text once) and the argument types: a hit
/// allocates nothing. A list, not a map: a function sees a handful of argument types, and a
/// scan of them costs less than hashing.
#[derive(Debug)]
pub struct Jit<Aux> {
    /// Shared by every timeline event of this function's traces, compiles and runs.
    pub name: Rc<str>,
    cache: RefCell<Vec<Cached<Aux>>>,
}

impl<Aux> Jit<Aux> {
    pub fn new(name: impl Into<Rc<str>>) -> Self {
        Jit {
            name: name.into(),
            cache: RefCell::new(Vec::new()),
        }
    }

    pub fn cache_size(&self) -> usize {
        self.cache.try_borrow().map_or(0, |cache| cache.len())
    }

    /// Finds or builds the executable for these arguments. The bool says whether it was cached.
    pub fn lower(
        &self,
        args: &[Value],
        tree: u32,
        trace_fn: impl FnOnce(Vec<Value>) -> Result<(Vec<Value>, Aux)>,
    ) -> Result<(Rc<Entry<Aux>>, bool)> {
        let schedule = crate::schedule::current();
        // The cache is borrowed already only if a JS exception (the stack running out) unwound
        // a call while it was: then every call compiles afresh, never a panic.
        let hit = self.cache.try_borrow().ok().and_then(|cache| {
            cache
                .iter()
                .find(|c| c.tree == tree && c.schedule == schedule && has_types(args, &c.avals))
                .map(|c| c.entry.clone())
        });
        match hit {
            Some(hit) => Ok((hit, true)),
            None => self
                .compile_miss(args, tree, schedule, Box::new(trace_fn))
                .map(|entry| (entry, false)),
        }
    }

    /// `lower` on a cache miss: traces, compiles and caches. `trace_fn` is boxed, so this body
    /// exists once in the wasm however many callers `lower` has (a hit allocates nothing).
    fn compile_miss(
        &self,
        args: &[Value],
        tree: u32,
        schedule: Option<crate::schedule::Schedule>,
        trace_fn: TraceFn<'_, Aux>,
    ) -> Result<Rc<Entry<Aux>>> {
        let avals: Vec<ShapedArray> = args.iter().map(Value::aval).collect();
        let mut aux = None;
        let traced = trace_with_events(self.name.clone(), &avals, |tracers| {
            let (outs, a) = trace_fn(tracers)?;
            aux = Some(a);
            Ok(outs)
        })?;
        let aux =
            aux.ok_or_else(|| crate::error::Error::internal("trace produced no output structure"))?;
        let single_use = traced.captures_tracers();
        let entry = Rc::new(Entry {
            exe: Executable::compile(self.name.clone(), traced),
            aux,
        });
        // A jaxpr closing over another trace's tracers is only valid inside that trace.
        let cache = (!single_use)
            .then(|| self.cache.try_borrow_mut().ok())
            .flatten();
        if let Some(mut cache) = cache {
            let cached = Cached {
                tree,
                avals,
                schedule,
                entry: entry.clone(),
            };
            // A re-entrant trace may have compiled the same types meanwhile: the newest wins.
            match cache
                .iter_mut()
                .find(|c| c.tree == tree && c.schedule == schedule && c.avals == cached.avals)
            {
                Some(old) => *old = cached,
                None => cache.push(cached),
            }
        }
        Ok(entry)
    }

    /// Calls the jitted function: executes the cached program, or inlines it when tracing.
    pub fn call(
        &self,
        args: &[Value],
        tree: u32,
        trace_fn: impl FnOnce(Vec<Value>) -> Result<(Vec<Value>, Aux)>,
    ) -> Result<(Vec<Value>, Rc<Entry<Aux>>)> {
        let (entry, hit) = self.lower(args, tree, trace_fn)?;
        let outs = run_entry(&entry.exe, args, hit)?;
        Ok((outs, entry))
    }
}

/// Executes at top level, or inlines into the current trace.
pub fn run_entry(exe: &Executable, args: &[Value], cached: bool) -> Result<Vec<Value>> {
    let concrete = args.iter().all(|a| matches!(a, Value::Array(_)));
    if concrete && !trace::staging_active() {
        exe.run(args, if cached { Status::Hit } else { Status::Miss })
    } else {
        eval_jaxpr(&exe.compiled, args)
    }
}
