// Tab in the editor. By default Tab moves focus on, as everywhere else on the page, so a learner
// on the keyboard can always leave the editor; Ctrl/⌘ + ] and Ctrl/⌘ + [ indent and outdent
// (CodeMirror's own keys). A learner who wants Tab to indent turns that on with the checkbox in
// the line under the editor (remembered in this browser); Escape then Tab still leaves then
// (CodeMirror's escape hatch), and the line says so. This is CodeMirror's advice for
// accessible tab handling: no `indentWithTab` unless the user opts in, and the way out shown.

import { keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { h } from './dom.js';

const KEY = 'jaxplay.tabIndents';

/** Whether Tab indents (the learner's choice, remembered). */
export function tabIndents() {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    localStorage.setItem(KEY, String(on));
  } catch {
    // storage unavailable (a widget on another site): the choice lasts until reload
  }
}

/** The editor extension for the choice: Tab bound to indenting, or left to the browser. */
export const tabKeymap = (on) => (on ? keymap.of([indentWithTab]) : []);

const kbd = (key) => h('kbd', {}, key);

/**
 * The line under the editor: what Tab does now, the indent keys, and the checkbox that makes
 * Tab indent. `onChange(on)` when the learner flips it. Returns { element, show(on) }.
 */
export function createKeyHint(id, onChange) {
  const box = h('input', { type: 'checkbox', id: `${id}-tab`, class: 'tab-indents' });
  const what = h('span', { class: 'editor-keys-what' });
  const element = h('p', { id, class: 'editor-keys muted small' },
    what, ' · ', kbd('Ctrl'), '/', kbd('⌘'), ' + ', kbd(']'), ' indents, ', kbd('['), ' outdents · ',
    h('label', { for: box.id, class: 'editor-keys-toggle' }, box, 'Tab key indents'));
  function show(on) {
    box.checked = on;
    what.replaceChildren(...(on
      ? [kbd('Tab'), ' indents; ', kbd('Esc'), ' then ', kbd('Tab'), ' leaves the editor']
      : [kbd('Tab'), ' leaves the editor']));
  }
  box.addEventListener('change', () => {
    remember(box.checked);
    show(box.checked);
    onChange(box.checked);
  });
  return { element, show };
}
