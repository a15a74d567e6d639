// The import graph's check (issue #42; docs/architecture.md, "No circles"), run by `npm run lint`
// and `npm test`. dependency-cruiser rather than eslint-plugin-import-x's no-cycle: that rule skips
// every type-only import, and here a type import is an edge like any other (a type lives with the
// module that owns it). Dynamic import() counts too.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself again through its imports (type-only and dynamic ones included): move the shared part to the side that owns it.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The product's source: the app, the functions and, once it exists, the extension.
    includeOnly: '^(src|functions/src|extension)/',
    doNotFollow: { path: 'node_modules' },
    // The extension's build output: bundles, not source.
    exclude: { path: '^extension/dist/' },
    // Keep the imports TypeScript erases (import type, type-only specifiers).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // @keyloft/contract resolves through its package.json exports ("./*": "./*.ts") to src/domain.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
