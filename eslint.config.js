// The gate's linter (docs/decisions/formatter-and-linter.md): typescript-eslint's recommended rules
// (syntax only: the type-aware set costs a whole type-check again, which `tsc --noEmit` already does),
// React's hook rules, and the house's import boundaries.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The layers of README's house; a feature folder is one element per feature (captured as `name`). */
const elements = [
  { type: 'shared', pattern: 'src/shared' },
  { type: 'server-feature', pattern: 'src/server/features/*', capture: ['name'] },
  // Money keeps the ledger's invariants behind one entry, src/server/money/index.ts.
  { type: 'server-money', pattern: 'src/server/money' },
  { type: 'server', pattern: 'src/server' },
  { type: 'app-feature', pattern: 'src/app/features/*', capture: ['name'] },
  { type: 'app', pattern: 'src/app' },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const sameFeature = (type) => ({ to: { element: { type, captured: { name: '{{ from.element.captured.name }}' } } } });

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'styled-system/', 'data/', 'data-*/', 'src/app/route-tree.gen.ts', 'public/', 'dev-dist/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_`-prefixed names are the house's way of saying "taken apart on purpose" (`{ cardCVV: _cvv, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read untyped JSON answers and drive browser pages; `any` there is the honest type.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // The composition roots: the only generic files that wire features (and money's routes and actions) in.
      'boundaries/files': [
        { category: 'composition-root', pattern: ['src/server/app.ts', 'src/server/actions/registry.ts', 'src/server/scheduler/jobs.ts'] },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            { from: { element: { type: 'shared' } }, disallow: to('server', 'server-feature', 'app', 'app-feature') },
            {
              from: { element: { types: { anyOf: ['server', 'server-feature', 'server-money'] } } },
              disallow: to('app', 'app-feature'),
            },
            {
              from: { element: { types: { anyOf: ['app', 'app-feature'] } } },
              disallow: to('server', 'server-feature', 'server-money'),
            },
            // Generic server code never reaches into a feature; only the composition roots wire them in.
            { from: { element: { types: { anyOf: ['server', 'server-money'] } } }, disallow: to('server-feature') },
            // Outside money, money is reached through its entry alone (the roots also wire its routes and actions).
            { from: { element: { types: { anyOf: ['server', 'server-feature'] } } }, disallow: to('server-money') },
            {
              from: { element: { types: { anyOf: ['server', 'server-feature'] } } },
              allow: { to: { element: { type: 'server-money', internalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'server' }, file: { categories: 'composition-root' } },
              allow: to('server-feature', 'server-money'),
            },
            // A feature uses its own files and the generic layers, never another feature's.
            { from: { element: { type: 'server-feature' } }, disallow: to('server-feature') },
            { from: { element: { type: 'server-feature' } }, allow: sameFeature('server-feature') },
            { from: { element: { type: 'app-feature' } }, disallow: to('app-feature') },
            { from: { element: { type: 'app-feature' } }, allow: sameFeature('app-feature') },
          ],
        },
      ],
    },
  },
);
