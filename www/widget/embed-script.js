// The entry of www/embed.js, the one file a course author includes (scripts/bundle.mjs builds it
// as a classic script, protocol included, so any origin can load it with a plain <script src>,
// from a host that sends no special headers): defines <jaxplay-exercise> for the widget.html
// next to it. Loaded as a module script instead (older snippets), it has no currentScript and
// finds its own <script> element by name.

import { defineJaxplayExercise } from './element.js';

const script = document.currentScript ?? [...document.querySelectorAll('script[src]')].find((s) => /\/embed\.js(?:[?#]|$)/.test(s.src));
if (script) defineJaxplayExercise({ widget: new URL('widget.html', script.src) });
else console.error('jaxplay embed: cannot tell where embed.js was loaded from; include it with <script src=".../embed.js"></script>');
