// The language switch (JavaScript | Python) of each exercise and example. An item in a language
// is a view of it: the exercise's data, starter and entry point in that language, and its own
// keys for saved code and editor state (JavaScript keeps the keys it always had, so code saved
// before Python mode is still there). The choice is remembered per item, and the last choice
// made anywhere is what an item the learner never switched opens in (so a learner who picked
// Python finds the gallery in Python too); before any choice, exercises open in Python, the
// course's language, and examples in JavaScript.

import { inLanguage, hasLanguage, DEFAULT_EXERCISE_LANGUAGE, DEFAULT_LANGUAGE, LANGUAGE_LABEL } from '../exercises-python.js';
import { pythonExample } from '../examples-python.js';

const KEY = (itemKey) => `jaxplay.language.${itemKey}`;
/** The language the learner switched to last, on any item. */
const LAST_KEY = 'jaxplay.language';

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The languages `item` can be written in (JavaScript always). */
export function languagesOf(item) {
  const python = item.kind === 'exercise' ? hasLanguage(item.data, 'python') : Boolean(pythonExample(item.data.id));
  return python ? ['python', 'js'] : ['js'];
}

/** The language `item` opens in: the learner's last choice for it, else its default. */
export function languageOf(item) {
  const choices = languagesOf(item);
  for (const chosen of [stored(KEY(item.key)), stored(LAST_KEY)]) {
    if (choices.includes(chosen)) return chosen;
  }
  const preferred = item.kind === 'exercise' ? DEFAULT_EXERCISE_LANGUAGE : DEFAULT_LANGUAGE;
  return choices.includes(preferred) ? preferred : 'js';
}

export function rememberLanguage(item, language) {
  try {
    localStorage.setItem(KEY(item.key), language);
    localStorage.setItem(LAST_KEY, language);
  } catch {
    // storage unavailable: the choice lasts until reload
  }
}

/** `item` (app/items.js) as written in `language`: { ...item, language, codeKey, data, starter }. */
export function inItemLanguage(item, language) {
  const lang = languagesOf(item).includes(language) ? language : 'js';
  const codeKey = lang === 'js' ? item.key : `${item.key}@${lang}`;
  if (item.kind === 'exercise') {
    const data = inLanguage(item.data, lang);
    return { ...item, language: lang, codeKey, data, starter: data.starter, notice: data.notice };
  }
  const py = lang === 'python' ? pythonExample(item.data.id) : null;
  const data = py ? { ...item.data, code: py.code, title: py.title ?? item.data.title, explain: py.explain ?? item.data.explain } : item.data;
  return { ...item, language: lang, codeKey, starter: data.code, title: data.title, data };
}

export { LANGUAGE_LABEL };

/**
 * The JavaScript | Python switch above the editor: a labelled native <select> in `container`.
 * `onPick(language)` when the learner changes it; `show(item)` reflects the item in the editor.
 */
export function createLanguageSwitch(container, onPick, h, editorHelp = null) {
  const select = h('select', { id: 'language-select', class: 'language-select', 'aria-describedby': 'language-help' });
  const help = h('span', { id: 'language-help', class: 'visually-hidden' }, 'Each language keeps its own code for this exercise or example.');
  container.append(h('span', { class: 'language-switch' }, h('label', { for: 'language-select', class: 'small' }, 'Language'), select, help));
  select.addEventListener('change', () => onPick(select.value));
  return {
    show(item) {
      const choices = languagesOf(item);
      select.replaceChildren(...choices.map((l) => h('option', { value: l }, LANGUAGE_LABEL[l])));
      select.value = item.language;
      select.disabled = choices.length < 2;
      select.title = choices.length < 2 ? 'This example is in JavaScript only' : '';
      // Screen readers hear which language the editor holds.
      if (editorHelp) editorHelp.textContent = editorHelp.textContent.replace(/^\w+ editor\./, `${LANGUAGE_LABEL[item.language]} editor.`);
    },
  };
}

/**
 * The "In scope" notes under the task, for `item`'s language: JavaScript code has the API in
 * scope; Python code imports it. `taskScope` keeps its sample element (`sample`).
 */
export function createScopeNotes({ taskScope, exampleScope, sample }, h) {
  const js = { task: [...taskScope.childNodes], example: [...exampleScope.childNodes] };
  const code = (t) => h('code', {}, t);
  const py = {
    task: ['Python: import what you use (', code('import jax'), ', ', code('import numpy as np'), ', ', code('from jax.experimental import io_callback'), '). The sample input is ', sample, '.'],
    example: ['Python: import what you use; ', code('show_jaxpr(fn, *args)'), ' puts the jaxpr of ', code('fn'), ' in the Jaxpr panel. ', h('strong', {}, 'Run'), ' runs the program and, if it defines ', code('main()'), ', calls it and shows what it returns.'],
  };
  return {
    show(item) {
      const notes = item.language === 'python' ? py : js;
      taskScope.replaceChildren(...notes.task);
      exampleScope.replaceChildren(...notes.example);
    },
  };
}
