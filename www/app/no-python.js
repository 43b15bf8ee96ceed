// Stands in for Python mode (www/python.js) in the JavaScript engine worker, www/dist/worker.js
// (scripts/bundle.mjs leaves Python mode out of it): a page sends its Python requests to a
// sandbox given worker-python.js, which has it.
export const python = null;
