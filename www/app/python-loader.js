// Python learner code in the engine worker: a loader for runner.js (`useLoader`) that runs the
// editor's Python with www/python.js and hands back the function the page asked for (the
// exercise's entry point, or `main`), a plain JS function once run. Callbacks the Python code
// binds go through the same API object JS code would get (the instrumented one, or Check's
// observer), so Run, the timeline and Check see them exactly as they see JS callbacks. What the
// page shows of a run (values, shapes, type names, advice) the loader words as Python does.

/** A loader for `python` (the module www/python.js exports), printing with `print(line)`. */
export function pythonLoader(python, print = (line) => console.log(line)) {
  const load = (code, name, scope) => {
    python.useEngineApi({ jax: scope.jax, np: scope.np, ioCallback: scope.ioCallback });
    // What JS programs get as `showJaxpr(fn, ...args)`, under its Python name, taking Python
    // values (a jitted Python function is shown as JAX shows a jitted function).
    const globals = {};
    const { showJaxpr } = scope;
    if (showJaxpr) globals.show_jaxpr = function show_jaxpr(fn, ...args) { return showJaxpr(python.toJS(fn), ...args.map(python.toJS)); };
    const ns = python.runNow(code, { globals, print, filename: 'main.py' });
    return typeof ns[name] === 'function' ? ns[name] : undefined;
  };
  load.respell = (hint) => python.pythonHint(hint);
  load.hostState = (host) => python.hostState(host);
  /** Calls a program's `main` and gives what it returned as Python shows it. */
  load.callShowing = (main) => (main.pyFunction ? python.callShowing(main) : python.show(main()));
  /** A result array as the page shows it: `[ 2. -4.  6.]`, `(3,)`, `float32`, its repr. */
  load.describe = (y) => ({ values: python.show(y, { str: true }), shape: python.show(y.shape), dtype: y.dtype, repr: python.show(y) });
  /** What a function returned instead of an array, named as Python names it. */
  load.typeName = (v) => {
    if (v === null || v === undefined) return 'None';
    if (Array.isArray(v)) return 'a list or tuple';
    if (typeof v === 'number') return Number.isInteger(v) ? 'an int' : 'a float';
    const simple = { string: 'a str', boolean: 'a bool', function: 'a function' }[typeof v];
    return simple ?? (Object.getPrototypeOf(v) === Object.prototype ? 'a dict' : `a ${v.constructor?.name ?? 'value'}`);
  };
  load.valueText = (v) => python.show(v);
  /** How to define the entry point `name` the page calls. */
  load.defineAdvice = (name) => `Define def ${name}(x): ... so the page can call it.`;
  return load;
}

/** The loader for a request's `language` ('python'; anything else is JavaScript: null). */
export async function loaderFor(language) {
  if (language !== 'python') return null;
  const { python } = await import('../python.js');
  if (!python) throw new Error('this engine worker has no Python mode (the page should have handed the sandbox worker-python.js)');
  return pythonLoader(python);
}
