// Remembers what the learner typed, per exercise, and the last exercise open, in localStorage,
// so nothing typed is lost on reload or when the engine is restarted. Storage may be missing or
// full (private modes); then the page simply forgets.

const codeKey = (id) => `jaxplay.code.${id}`;
const LAST = 'jaxplay.exercise';

function get(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable or full
  }
}

export const loadCode = (id) => get(codeKey(id));
export const saveCode = (id, code) => set(codeKey(id), code);
export const forgetCode = (id) => set(codeKey(id), null);
export const lastExercise = () => get(LAST);
export const rememberExercise = (id) => set(LAST, id);
// The example last open in the gallery, so the Examples tab comes back to it.
const LAST_EXAMPLE = 'jaxplay.example';
export const lastExample = () => get(LAST_EXAMPLE);
export const rememberExample = (key) => set(LAST_EXAMPLE, key);

// Code opened from a share link is kept apart from the learner's own (never overwriting it),
// with which of the two the editor shows, so the learner can switch back, also after a reload.
const sharedKey = (id) => `jaxplay.shared.${id}`;
const viewKey = (id) => `jaxplay.view.${id}`;
export const loadShared = (id) => get(sharedKey(id));
export const saveShared = (id, code) => set(sharedKey(id), code);
/** 'shared' when the editor shows the shared code for `id`, else 'own'. */
export const viewOf = (id) => (get(viewKey(id)) === 'shared' && get(sharedKey(id)) !== null ? 'shared' : 'own');
export const setView = (id, view) => set(viewKey(id), view === 'shared' ? 'shared' : null);
