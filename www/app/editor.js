// The code editor: CodeMirror 6 with JavaScript or Python highlighting, line numbers, jaxplay API
// completion, Ctrl/Cmd-Enter to run, a theme that follows prefers-color-scheme, and engine
// errors shown as lint diagnostics on the line they came from (editor-marks.js). Tab leaves the
// editor unless the learner opts into indenting (editor-keys.js, with the line under the editor
// saying which). One EditorState per exercise, so switching exercises keeps each one's text and
// undo history.

import { EditorView, Decoration, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, highlightSpecialChars } from '@codemirror/view';
import { EditorState, Compartment, Prec, StateField, StateEffect } from '@codemirror/state';
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching, ensureSyntaxTree } from '@codemirror/language';
import { defaultKeymap, history, historyKeymap, isolateHistory } from '@codemirror/commands';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { lintGutter, lintKeymap, forEachDiagnostic } from '@codemirror/lint';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { tags as t } from '@lezer/highlight';
import { apiCompletions } from './completions.js';
import { python, pythonDiagnostics } from './python-language.js';
import { marks, showMarks, lintKeepingMarks, MARK_SOURCE } from './editor-marks.js';
import { tabIndents, tabKeymap, createKeyHint } from './editor-keys.js';

// Colours come from CSS variables (style.css), so light and dark share one highlight style.
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword], color: 'var(--hl-keyword)' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--hl-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--hl-number)' },
  { tag: [t.lineComment, t.blockComment, t.comment], color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--hl-function)' },
  { tag: [t.definition(t.variableName), t.definition(t.propertyName)], color: 'var(--hl-definition)' },
  { tag: t.propertyName, color: 'var(--hl-property)' },
  { tag: t.invalid, color: 'var(--bad)' },
]);

function theme(dark) {
  return EditorView.theme({
    '&': { color: 'var(--text)', backgroundColor: 'var(--code-bg)', border: '1px solid var(--border)', borderRadius: '8px', fontSize: '0.9rem', maxHeight: '34rem' },
    '&.cm-focused': { outline: '3px solid var(--focus)', outlineOffset: '2px' },
    '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5', minHeight: '14rem', overflow: 'auto' },
    '.cm-content': { caretColor: 'var(--text)', padding: '0.6rem 0' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)', borderLeftWidth: '2px' },
    '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)', borderRadius: '8px 0 0 8px' },
    '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 8%, transparent)' },
    '.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 14%, transparent)', color: 'var(--text)' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'color-mix(in srgb, var(--accent) 28%, transparent)' },
    '.cm-matchingBracket': { backgroundColor: 'color-mix(in srgb, var(--ok) 25%, transparent)', outline: '1px solid var(--ok)' },
    '.cm-tooltip': { backgroundColor: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)', borderRadius: '6px', fontFamily: 'var(--sans)' },
    '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--mono)', maxHeight: '16rem' },
    '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--accent-text)' },
    '.cm-completionDetail': { color: 'inherit', opacity: '0.8', marginLeft: '0.8em' },
    '.cm-completionInfo': { maxWidth: '22rem', padding: '0.4rem 0.6rem' },
    '.cm-diagnostic': { whiteSpace: 'pre-wrap', fontFamily: 'var(--mono)', fontSize: '0.82rem' },
    '.cm-diagnostic-error': { borderLeftColor: 'var(--bad)' },
    '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--bad)', textUnderlineOffset: '3px', backgroundColor: 'var(--bad-soft)' },
  }, { dark });
}

// The line linked to a hovered jaxpr equation or timeline slice (linking.js): a line decoration.
const setLinked = StateEffect.define();
const linkedMark = Decoration.line({ class: 'cm-linked-line' });
const linkedField = StateField.define({
  create: () => ({ line: null, deco: Decoration.none }),
  update(value, tr) {
    let { line } = value;
    for (const e of tr.effects) if (e.is(setLinked)) line = e.value;
    if (line === value.line && !tr.docChanged) return value;
    if (line === null || line > tr.state.doc.lines) return { line: null, deco: Decoration.none };
    return { line, deco: Decoration.set([linkedMark.range(tr.state.doc.line(line).from)]) };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/**
 * parent: element to mount in. onRun(): Ctrl/Cmd-Enter. onCheck(): Ctrl/Cmd-Shift-Enter. onChange(code): after each edit.
 * labelledBy / describedBy: ids naming and describing the editable area (the line of keys under
 * the editor describes it too).
 */
export function createEditor({ parent, onRun, onCheck = () => {}, onChange, labelledBy, describedBy, onLine = () => {} }) {
  const themeSlot = new Compartment();
  const tabSlot = new Compartment();
  const hint = createKeyHint(`${parent.id || 'editor'}-keys`, (on) => view.dispatch({ effects: tabSlot.reconfigure(tabKeymap(on)) }));
  const isDark = () => Boolean(darkQuery?.matches);
  const runKeys = Prec.highest(keymap.of([
    { key: 'Shift-Mod-Enter', run: () => { onCheck(); return true; }, preventDefault: true },
    { key: 'Shift-Ctrl-Enter', run: () => { onCheck(); return true; }, preventDefault: true },
    { key: 'Mod-Enter', run: () => { onRun(); return true; }, preventDefault: true },
    { key: 'Ctrl-Enter', run: () => { onRun(); return true; }, preventDefault: true },
  ]));

  const extensions = (language = 'js', { globals = [] } = {}) => [
    runKeys,
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion({ activateOnTyping: true, icons: false }),
    highlightActiveLine(),
    lintGutter(),
    ...(language === 'python'
      ? [python(), lintKeepingMarks((view) => pythonDiagnostics(view, globals), { delay: 400 })]
      : [javascript(), javascriptLanguage.data.of({ autocomplete: apiCompletions })]),
    marks,
    EditorState.tabSize.of(language === 'python' ? 4 : 2),
    syntaxHighlighting(highlight),
    // defaultKeymap indents with Mod-] and outdents with Mod-[; Tab indents only when chosen.
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
    tabSlot.of(tabKeymap(tabIndents())),
    themeSlot.of(theme(isDark())),
    EditorView.contentAttributes.of({ tabindex: '0', 'aria-labelledby': labelledBy, 'aria-describedby': `${describedBy} ${hint.element.id}`, 'aria-multiline': 'true', autocapitalize: 'off', autocorrect: 'off', spellcheck: 'false' }),
    linkedField,
    EditorView.updateListener.of((u) => {
      if (u.docChanged) onChange(u.state.doc.toString());
      // The cursor's line, while the editor has focus, is linked like a hovered line.
      if ((u.selectionSet || u.focusChanged) && u.view.hasFocus) onLine(u.state.doc.lineAt(u.state.selection.main.head).number, 'cursor');
      else if (u.focusChanged && !u.view.hasFocus) onLine(null, 'cursor');
    }),
  ];

  const view = new EditorView({ parent, state: EditorState.create({ doc: '', extensions: extensions() }) });
  hint.show(tabIndents());
  parent.append(hint.element);
  // The line under the mouse is linked too (jaxpr equations and timeline slices from it).
  let hoverLine = null;
  view.contentDOM.addEventListener('mousemove', (e) => {
    const pos = view.posAtCoords({ x: e.clientX, y: e.clientY });
    const line = pos === null ? null : view.state.doc.lineAt(pos).number;
    if (line !== hoverLine) { hoverLine = line; onLine(line, 'hover'); }
  });
  view.contentDOM.addEventListener('mouseleave', () => { hoverLine = null; onLine(null, 'hover'); });
  const states = new Map();
  let currentId = null;

  darkQuery?.addEventListener('change', () => {
    view.dispatch({ effects: themeSlot.reconfigure(theme(isDark())) });
  });

  function lineRange(state, line, column) {
    const n = Math.min(Math.max(1, line || 1), state.doc.lines);
    const l = state.doc.line(n);
    const indent = l.text.length - l.text.trimStart().length;
    const col = column ? Math.min(Math.max(column - 1, indent), l.length) : indent;
    let from = l.from + col;
    const to = l.to;
    if (from >= to) from = l.from + indent;
    return { from, to: Math.max(from, to), line: n };
  }

  /** Position of the first parse error, for syntax errors whose stack has no line. */
  function syntaxErrorLine(state) {
    const tree = ensureSyntaxTree(state, state.doc.length, 200);
    let pos = null;
    tree?.iterate({ enter: (node) => { if (pos === null && node.type.isError) pos = node.from; return pos === null; } });
    return pos === null ? null : state.doc.lineAt(Math.min(pos, state.doc.length)).number;
  }

  return {
    view,
    /**
     * Shows exercise `id`, creating its state from `code` (in `language`: js, python) the first
     * time; `options.globals`: names the code is given besides the API (Python lint).
     */
    open(id, code, language = 'js', options = {}) {
      if (currentId !== null) states.set(currentId, view.state);
      currentId = id;
      const saved = states.get(id);
      view.setState(saved ?? EditorState.create({ doc: code, extensions: extensions(language, options) }));
      // A saved state keeps the settings it was made with: the theme and Tab as they are now.
      view.dispatch({ effects: [themeSlot.reconfigure(theme(isDark())), tabSlot.reconfigure(tabKeymap(tabIndents()))] });
      hint.show(tabIndents());
    },
    getCode: () => view.state.doc.toString(),
    /** Replaces the text, as one undoable change of its own. */
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, selection: { anchor: 0 }, annotations: isolateHistory.of('full') });
    },
    focus: () => view.focus(),
    /** Marks an error at line/column (1-based; unknown line → the first parse error, else line 1). */
    showError({ line, column, message, syntax = false }) {
      const state = view.state;
      const where = lineRange(state, line ?? (syntax ? syntaxErrorLine(state) : null) ?? 1, line ? column : null);
      showMarks(view, [{ from: where.from, to: where.to, severity: 'error', source: MARK_SOURCE, message }]);
      return where.line;
    },
    /** Clears what showError marked (the lint's diagnostics stay). */
    clearErrors: () => showMarks(view, []),
    /** Highlights line `line` (1-based; null clears), as linked from the jaxpr or the timeline. */
    setLinkedLine(line) {
      if (view.state.field(linkedField).line === line) return;
      view.dispatch({ effects: setLinked.of(line) });
    },
    linkedLine: () => view.state.field(linkedField).line,
    /** [{ line, message, source }] of the diagnostics shown now (for tests and announcements). */
    diagnostics() {
      const out = [];
      forEachDiagnostic(view.state, (d, from) => out.push({ line: view.state.doc.lineAt(from).number, message: d.message, source: d.source }));
      return out;
    },
  };
}
