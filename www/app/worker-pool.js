// Fresh engine workers, one per request. Learner code may change anything in the worker it
// runs in (globals, built-in prototypes, `self.onmessage`), so a worker serves exactly one
// request and is then terminated. To keep Run fast, the next worker is started, and its engine
// loaded, while the current one is busy: `take()` hands over that warm spare and at once
// starts warming another.
//
// The sandbox fetches nothing: the page hands it the worker's script (www/dist/worker.js, one
// classic script; worker-python.js once the page runs Python, `useScript`) and the engine's
// wasm, bytes or a stream of them, both fetched from the page's own origin, so the host needs to
// send no CORS headers. The wasm is compiled here once, a stream as it arrives; every worker
// gets the compiled module in its first message and only instantiates it. Workers are started from a
// blob: URL of the script: a blob: worker inherits its creator's Content-Security-Policy (the
// sandbox frame's <meta> tag, www/sandbox.html, and any headers), so `connect-src` /
// `script-src` bind learner code on any static host. Classic, not a module worker: in the
// sandbox's opaque origin Chromium refuses module blob: workers.
//
//   const pool = createWorkerPool({ script, wasm, onState });
//   const lease = await pool.take();   // { worker, timeOrigin, release() }, or throws Error
//   pool.useScript(script);            // later workers start from this script
//   lease.worker.onmessage = ...; lease.worker.postMessage(request);
//   lease.release();                   // terminates the worker; never hand it out again
//
// onState('loading' | 'ready' | 'failed', message?) follows the spare: the page is ready when
// a warm worker is waiting (or the first one has loaded), failed when one could not load.

const INIT_LIMIT_MS = 30_000;

/** The engine's first message: exactly { type: 'ready', timeOrigin: number } or init-error. */
function readyMessage(data) {
  if (data?.type === 'ready' && Number.isFinite(data.timeOrigin)) return { ready: true, timeOrigin: data.timeOrigin };
  if (data?.type === 'init-error' && typeof data.message === 'string') return { ready: false, message: data.message.slice(0, 2000) };
  return null;
}

/** The engine's compiled module from `wasm`: bytes, or a stream compiled as it arrives. */
function compile(wasm) {
  if (wasm instanceof ArrayBuffer) return WebAssembly.compile(wasm);
  return WebAssembly.compileStreaming(new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } }));
}

export function createWorkerPool({ script, wasm, name = 'jaxplay-engine', onState = () => {}, initLimitMs = INIT_LIMIT_MS }) {
  let source = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  const compiled = compile(wasm).catch((err) => {
    throw new Error(`The engine's wasm could not be compiled: ${err?.message ?? err}`);
  });
  let spare = null; // Promise<{ worker, timeOrigin }>, rejecting with Error when loading failed
  let started = 0;
  // Workers of a replaced script that are still loading: stopped, and heard from no more.
  const retired = new Set();

  function warm() {
    started += 1;
    const worker = new Worker(source, { name });
    const loading = new Promise((resolve, reject) => {
      let timer = null;
      const fail = (message) => {
        clearTimeout(timer);
        worker.terminate();
        reject(new Error(message));
      };
      compiled.then((module) => {
        timer = setTimeout(() => fail(`The engine did not load within ${Math.round(initLimitMs / 1000)} seconds.`), initLimitMs);
        worker.postMessage({ type: 'engine', module });
      }, (err) => fail(err.message));
      worker.onmessage = (e) => {
        const msg = readyMessage(e.data);
        if (!msg) {
          console.warn('jaxplay: dropped a message from a loading engine worker', e.data);
          return;
        }
        clearTimeout(timer);
        worker.onmessage = null;
        worker.onerror = null;
        if (msg.ready) resolve({ worker, timeOrigin: msg.timeOrigin });
        else fail(`The engine failed to load: ${msg.message}`);
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        fail(`The engine worker stopped: ${e.message || 'it could not be loaded'}`);
      };
    });
    // Reported here, so a spare failing while nobody waits for it still shows on the page.
    loading.then(() => { if (!retired.has(loading)) onState('ready'); }, (err) => { if (!retired.has(loading)) onState('failed', err.message); });
    loading.catch(() => {}); // a rejection is seen by whoever takes it
    loading.worker = worker;
    return loading;
  }

  /** Later workers start from `next` (the spare is replaced now); workers in use go on. */
  function useScript(next) {
    source = URL.createObjectURL(new Blob([next], { type: 'text/javascript' }));
    if (spare) {
      retired.add(spare);
      spare.worker.terminate();
    }
    onState('loading');
    spare = warm();
  }

  /** A warm worker for one request; the next one starts loading now. */
  async function take() {
    const current = spare ?? warm();
    spare = null;
    // When loading failed this throws, and the next take tries a new worker.
    const got = await current;
    spare = warm();
    let released = false;
    return {
      worker: got.worker,
      timeOrigin: got.timeOrigin,
      release() {
        if (released) return;
        released = true;
        got.worker.onmessage = null;
        got.worker.onerror = null;
        got.worker.terminate();
      },
    };
  }

  onState('loading');
  spare = warm();
  return {
    take,
    useScript,
    /** How many workers were started so far (the one in use and the warm spare included). */
    started: () => started,
  };
}
