// The widget's theme, chosen by the host page (its own prefers-color-scheme for `auto`, which a
// frame cannot see reliably). style.css keeps its dark tokens in `@media (prefers-color-scheme:
// dark)` blocks; here those blocks are switched on ('all') or off ('not all') through the CSSOM,
// so the tokens stay defined once.

const DARK = /prefers-color-scheme:\s*dark/;
let found = null; // the rules, found once: their condition text changes once switched

function darkRules() {
  if (found) return found;
  const rules = [];
  for (const sheet of document.styleSheets) {
    let list;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // a sheet from another origin: none of ours
    }
    for (const rule of list) if (rule instanceof CSSMediaRule && DARK.test(rule.conditionText ?? rule.media.mediaText)) rules.push(rule);
  }
  found = rules;
  return rules;
}

/** Applies 'light' or 'dark' to the page; returns whether it changed. */
export function applyTheme(theme) {
  const root = document.documentElement;
  if (root.dataset.theme === theme) return false;
  const media = theme === 'dark' ? 'all' : 'not all';
  for (const rule of darkRules()) rule.media.mediaText = media;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  return true;
}
