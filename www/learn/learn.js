// The course pages' code language. The lessons teach JAX, a Python library, so they show Python
// unless the reader picks JavaScript (remembered for every lesson page). The choice sets each
// <jaxplay-exercise>'s `language` (a widget then takes the starter and exercise written for it,
// `data-language`), shows the code samples in that language (`<pre data-language>`) and names
// API functions in its spelling (`<code data-js="jax.pureCallback">jax.pure_callback</code>`).
// Like embed.js, plain DOM and nothing from the playground. In the built site it also registers
// the service worker.

const KEY = 'jaxplay.learn.language';
const LANGUAGES = ['python', 'js'];

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return LANGUAGES.includes(v) ? v : 'python';
  } catch {
    return 'python';
  }
}

function apply(language) {
  for (const el of document.querySelectorAll('[data-language]:not(script)')) el.hidden = el.dataset.language !== language;
  for (const el of document.querySelectorAll('code[data-js]')) {
    el.dataset.python ??= el.textContent;
    el.textContent = language === 'js' ? el.dataset.js : el.dataset.python;
  }
  // A changed `language` attribute rebuilds that widget in the new language.
  for (const w of document.querySelectorAll('jaxplay-exercise')) if (w.getAttribute('language') !== language) w.setAttribute('language', language);
  for (const b of document.querySelectorAll('[data-pick-language]')) b.setAttribute('aria-pressed', String(b.dataset.pickLanguage === language));
}

for (const b of document.querySelectorAll('[data-pick-language]')) {
  b.addEventListener('click', () => {
    try {
      localStorage.setItem(KEY, b.dataset.pickLanguage);
    } catch {
      // storage unavailable: the choice lasts for this page
    }
    apply(b.dataset.pickLanguage);
  });
}
apply(stored());

// The built site's service worker (www/sw.js, named by scripts/site.mjs; none in www/): it keeps
// the lessons, their widgets and the playground for later visits and offline reading. Registered
// after the page and its widget frames have loaded, as app/offline.js does for the playground.
const worker = document.querySelector('meta[name="jaxplay-service-worker"]');
if (worker) {
  window.addEventListener('load', () => {
    try {
      navigator.serviceWorker?.register(new URL(worker.content, document.baseURI)).catch(() => {});
    } catch {
      // storage blocked: the lessons work, only not offline
    }
  });
}
