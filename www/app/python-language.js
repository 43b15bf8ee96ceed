// The editor's Python: @lezer/python (the grammar www/python.js parses with), wrapped as a
// CodeMirror language (its highlighting tags come with the grammar), with completions and lint
// of jaxplay's snake_case API from Python mode itself.

import { LRLanguage, LanguageSupport, indentNodeProp, continuedIndent } from '@codemirror/language';
import { parser } from '@lezer/python';
import { linter } from '@codemirror/lint';

export const pythonLanguage = LRLanguage.define({
  name: 'python',
  parser: parser.configure({
    props: [indentNodeProp.add({ Body: continuedIndent() })],
  }),
  languageData: { commentTokens: { line: '#' }, indentOnInput: /^\s*(?:else:|elif |except |finally:)$/ },
});

/** Python for the editor: highlighting, and completions and lint of jaxplay's Python API. */
export function python() {
  return new LanguageSupport(pythonLanguage, [
    pythonLanguage.data.of({ autocomplete: pythonCompletions }),
    linter(pythonDiagnostics, { delay: 400 }),
  ]);
}

// Lint and completions come from Python mode itself (www/python.js: `python.lint`,
// `python.moduleNames`; a chunk of the page's bundle), loaded when a Python editor first needs
// them. It only parses here: learner code never runs on the page's thread.
let pythonMode = null;
const loadPython = () => (pythonMode ??= import('../python.js').then((m) => m.python));

// What the course's imports call each module (`import jax.numpy as jnp`).
const ALIASES = { jnp: 'jax.numpy', np: 'numpy', lax: 'jax.lax' };

/** Completions of `module.` names (`jax.pure_callback`, `jnp.float32`, `jax.lax.stop_gradient`). */
export async function pythonCompletions(context) {
  const word = context.matchBefore(/[A-Za-z_][\w.]*\.\w*/);
  if (!word) return null;
  const dot = word.text.lastIndexOf('.');
  const head = word.text.slice(0, dot);
  const names = (await loadPython()).moduleNames();
  const module = names[ALIASES[head] ?? head];
  if (!module) return null;
  return { from: word.from + dot + 1, options: module.map((label) => ({ label, type: names[`${ALIASES[head] ?? head}.${label}`] ? 'namespace' : 'function' })), validFor: /^\w*$/ };
}

/** Diagnostics of `python.lint` (syntax errors, names jaxplay's Python does not have) for a view. */
export async function pythonDiagnostics(view) {
  const doc = view.state.doc;
  const found = (await loadPython()).lint(doc.toString());
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
