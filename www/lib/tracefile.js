// Timeline events in the Chrome Trace Event format, what Perfetto and chrome://tracing open:
// one named lane ("thread") per kind of work, begin/end pairs as spans, the rest as instants.

/** Lane (thread id) of each event kind, and the lanes' names. */
const LANE = { trace: 1, compile: 1, dce: 1, execute: 2, barrier: 2, callback: 3, token: 4 };
const LANE_NAMES = [[1, 'trace / compile'], [2, 'execute'], [3, 'host callbacks'], [4, 'ordered effect token']];
const PHASE = { begin: 'B', end: 'E', instant: 'i' };

/** `{traceEvents, displayTimeUnit}` for events as `jax.timeline.events()` returns them. */
export function toTraceEvents(events) {
  const lanes = LANE_NAMES.map(([tid, name]) => ({
    name: 'thread_name', cat: '__metadata', ph: 'M', ts: 0, pid: 1, tid, args: { name },
  }));
  const spans = events.map((e) => {
    const args = {};
    if (e.detail !== undefined) args.detail = e.detail;
    if (e.status !== undefined) args.status = e.status;
    if (e.shapes?.length) args.shapes = e.shapes;
    if (e.ordered !== undefined) args.ordered = e.ordered;
    const record = {
      name: e.kind === 'callback' && e.callbackKind ? `${e.callbackKind} ${e.name}` : e.name,
      cat: e.kind,
      ph: PHASE[e.phase],
      ts: e.ts * 1000, // microseconds
      pid: 1,
      tid: LANE[e.kind],
    };
    if (e.phase === 'instant') record.s = 't'; // an instant on its own lane
    record.args = args;
    return record;
  });
  return { traceEvents: [...lanes, ...spans], displayTimeUnit: 'ms' };
}
