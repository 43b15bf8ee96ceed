// The editor's Python: @lezer/python (the grammar www/python.js parses with), wrapped as a
// CodeMirror language. Its highlighting tags come with the grammar; indentation after a colon
// and `#` comments are Python's.

import { LRLanguage, LanguageSupport, indentNodeProp, continuedIndent } from '@codemirror/language';
import { parser } from '@lezer/python';

export const pythonLanguage = LRLanguage.define({
  name: 'python',
  parser: parser.configure({
    props: [indentNodeProp.add({ Body: continuedIndent() })],
  }),
  languageData: { commentTokens: { line: '#' }, indentOnInput: /^\s*(?:else:|elif |except |finally:)$/ },
});

export function python() {
  return new LanguageSupport(pythonLanguage);
}
