// What a page puts off until its engine has loaded (or failed to): Python mode for the editor's
// lint and completions (app/python-language.js), so that on a slow link it does not share the
// bandwidth with the engine's download. startEngine (app/engine-client.js) says when.
let settle;
export const afterEngine = new Promise((resolve) => { settle = resolve; });
export const engineSettled = () => settle();
