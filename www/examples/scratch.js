// The gallery's blank program, in either language: a place to try anything. It defines no
// main(), so Run simply runs it, as a script runs (www/app/program.js).

export const scratchExamples = [
  {
    id: 'scratch',
    topic: 'Your own program',
    title: 'Blank program (scratch)',
    explain: [
      'A blank program to try things in: write anything and press Run. What it prints shows under Output, and everything it runs is on the timeline.',
      'Define `main()` to see what it returns in the Result panel, and call `showJaxpr(f, ...args)` to see the program `f` traces to in the Jaxpr panel.',
    ],
    code: `// Write anything here and press Run. console.log writes to Output;
// define main() to see what it returns, and showJaxpr(f, ...args) shows a jaxpr.
`,
    expect: { main: false },
  },
];
