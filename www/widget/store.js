// The widget's saved code: one entry per storage key (the host's `storage-key`, by default its
// origin + page path + exercise + position), under a prefix of its own, so nothing is shared
// with the playground (`jaxplay.code.*`) or with another widget. Browsers may block storage in
// a cross-site frame; then code lives in memory only and `persistent` is false, so the widget
// can say its code will not survive a reload.

const PREFIX = 'jaxplay.widget.code.';

function probe() {
  try {
    const key = `${PREFIX}probe`;
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return localStorage;
  } catch {
    return null;
  }
}

export function openStore(storageKey) {
  const key = PREFIX + storageKey;
  const storage = probe();
  let memory = null;
  return {
    persistent: storage !== null,
    load() {
      if (!storage) return memory;
      try {
        return storage.getItem(key);
      } catch {
        return memory;
      }
    },
    save(code) {
      memory = code;
      try {
        storage?.setItem(key, code);
      } catch {
        // full or revoked: the in-memory copy stays
      }
    },
    forget() {
      memory = null;
      try {
        storage?.removeItem(key);
      } catch {
        // nothing to forget
      }
    },
  };
}
