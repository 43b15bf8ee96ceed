// The editor's Python: @lezer/python (the grammar www/python.js parses with), wrapped as a
// CodeMirror language (its highlighting tags come with the grammar), with completions and lint
// diagnostics from Python mode itself (www/python/complete.js, lint.js). The editor runs the
// lint (editor.js), beside the markers of a Run.

import { LRLanguage, LanguageSupport, indentNodeProp, continuedIndent, syntaxTree } from '@codemirror/language';
import { parser } from '@lezer/python';
import { afterEngine } from './after-engine.js';

export const pythonLanguage = LRLanguage.define({
  name: 'python',
  parser: parser.configure({
    props: [indentNodeProp.add({ Body: continuedIndent() })],
  }),
  languageData: { commentTokens: { line: '#' }, indentOnInput: /^\s*(?:else:|elif |except |finally:)$/ },
});

/** Python for the editor: highlighting and completions of jaxplay's Python API. */
export function python() {
  return new LanguageSupport(pythonLanguage, [pythonLanguage.data.of({ autocomplete: pythonCompletions })]);
}

// Lint and completions come from Python mode itself (www/python.js: `python.lint`,
// `python.complete`; a chunk of the page's bundle), loaded when a Python editor first needs
// them, but not before the engine has loaded (app/after-engine.js). It only parses here:
// learner code never runs on the page's thread.
let pythonMode = null;
const loadPython = () => (pythonMode ??= afterEngine.then(() => import('../python.js')).then((m) => m.python));

const QUIET = new Set(['Comment', 'String', 'FormatString']);

/**
 * Completions of `module.` names (`jax.pure_callback`, `jnp.float32`, `jax.random.normal`, with
 * signatures and docs), and of the program's own names, builtins and keywords elsewhere.
 */
export async function pythonCompletions(context) {
  for (let node = syntaxTree(context.state).resolveInner(context.pos, -1); node; node = node.parent) {
    if (QUIET.has(node.name)) return null;
  }
  const found = (await loadPython()).complete(context.state.doc.toString(), context.pos, { explicit: context.explicit });
  if (!found) return null;
  return { from: found.from, options: found.options, validFor: /^\w*$/ };
}

/**
 * Diagnostics of `python.lint` (syntax errors, undefined names, names jaxplay's Python does not
 * have) for a view; `globals`: names the program is given besides the builtins (`show_jaxpr`).
 */
export async function pythonDiagnostics(view, globals = []) {
  const doc = view.state.doc;
  const found = (await loadPython()).lint(doc.toString(), { globals });
  return found.map((d) => {
    const line = doc.line(Math.min(Math.max(1, d.line), doc.lines));
    let from = Math.min(line.from + Math.max(0, (d.col ?? 1) - 1), line.to);
    // A missing attribute (`jax.pureCallback`) is underlined itself, not the module before it.
    const attr = /attribute '(\w+)'/.exec(d.message)?.[1];
    const at = attr ? line.text.indexOf(`.${attr}`, from - line.from) : -1;
    if (at >= 0) from = line.from + at + 1;
    const to = Math.max(from, Math.min(line.to, from + (/\w+/.exec(line.text.slice(from - line.from))?.[0].length ?? 0)));
    return { from, to, severity: d.severity === 'error' ? 'error' : 'warning', source: 'python', message: d.message };
  });
}
