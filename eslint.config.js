// Lint rules, including the layer boundaries of ENGINEERING.md §1:
// crypto → data → session → features → app, with ui/ and the contract package (@keyloft/contract) usable
// from features and app, and the contract from functions/.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const firebaseImports = {
  group: ['firebase', 'firebase/*', '@firebase/*'],
  message: 'Firebase is imported only inside src/data/ (ENGINEERING.md §1).',
};
const testImports = {
  group: ['**/tests/**'],
  message: 'Test doubles and helpers never reach the app: screens get repositories from the app services.',
};
const iconImports = {
  group: ['lucide-react', 'lucide-react/*'],
  message: 'Icons come from src/ui/icons: one set, decorative, sized by --icon-size (issue #21).',
};
const reactImports = { group: ['react', 'react-dom', 'react-dom/*', 'react-router-dom'], message: 'This layer renders nothing.' };
// Matches a relative import that climbs to src/<name> from anywhere below src/.
const layer = (name, why) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message: why });

const uiPatterns = [
  testImports,
  firebaseImports,
  ...['data', 'session', 'features', 'app'].map((name) => layer(name, 'Shared UI pieces depend on no feature and no I/O.')),
];

const subtleOutsideCrypto = {
  selector: "MemberExpression[property.name='subtle']",
  message: 'crypto.subtle is called only inside src/crypto/ (ENGINEERING.md §1).',
};
// A Sealed value or a Binding is made only by src/crypto (docs/architecture.md, "The ciphertext type").
// The contract is a package: everything outside it imports it by name (@keyloft/contract/<module>),
// never by a relative path into src/domain.
const contractByName = {
  // esquery's regular expressions cannot hold a "/": \x2F is one.
  selector: [
    'ImportDeclaration',
    'ExportNamedDeclaration',
    'ExportAllDeclaration',
    'ImportExpression',
  ].map((node) => `${node}[source.value=/^(\\.\\.\\x2F)+(src\\x2F)?domain\\x2F/]`).join(', '),
  message: 'Import the contract by name: @keyloft/contract/<module>.',
};

const sealedOutsideCrypto = {
  selector: ':matches(TSAsExpression, TSTypeAssertion) > TSTypeReference[typeName.name=/^(Sealed|Binding)$/]',
  message: 'Only src/crypto makes a Sealed value or a Binding: seal it, or read a stored one with asStoredCiphertext.',
};

export default tseslint.config(
  { ignores: ['dist', 'extension/dist', 'functions/lib', 'node_modules', 'coverage', '**/*.d.ts', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Dropping a field by destructuring it away is the typed way to omit it.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-restricted-syntax': ['error', subtleOutsideCrypto, sealedOutsideCrypto, contractByName],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [firebaseImports, testImports, iconImports] }],
    },
  },
  {
    // The browser extension (docs/extension.md): a popup page, a service worker and a content
    // script. It imports the app's modules by path; Firebase, when it comes, through src/data.
    files: ['extension/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [firebaseImports, testImports, iconImports] }],
    },
  },
  {
    files: ['src/crypto/**'],
    rules: {
      'no-restricted-syntax': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            testImports,
            firebaseImports,
            reactImports,
            ...['data', 'session', 'features', 'app', 'ui'].map((name) =>
              layer(name, 'src/crypto depends on nothing but WebCrypto.'),
            ),
            { group: ['@keyloft/*'], message: 'src/crypto depends on nothing but WebCrypto.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            testImports,
            reactImports,
            ...['session', 'features', 'app', 'ui'].map((name) => layer(name, 'src/data sits below the session and the UI.')),
          ],
          // Offline, getDocs answers from the local cache: an empty vault where the load failed (issue #18).
          paths: [
            {
              name: 'firebase/firestore',
              importNames: ['getDocs', 'getDoc'],
              message: 'Read with getDocsFromServer / getDocFromServer: a cached answer must never stand for the server (docs/vault.md, "Loading").',
            },
            {
              name: 'firebase/firestore',
              importNames: ['getDocsFromServer', 'getDocFromServer'],
              message: 'Import them from ./serverReads: a read the SDK fails while it reconnects is tried again (docs/vault.md, "Loading").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/session/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            testImports,
            iconImports,
            firebaseImports,
            ...['features', 'app'].map((name) => layer(name, 'src/session sits below features and app.')),
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...uiPatterns, iconImports] }],
    },
  },
  {
    // The one module that may import the icon library.
    files: ['src/ui/icons.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: uiPatterns }],
    },
  },
  {
    // The contract shared by the app, functions/ and the test doubles (the workspace package
    // @keyloft/contract, in place in src/domain): pure, so every side can run it.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            testImports,
            firebaseImports,
            reactImports,
            { group: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'], message: 'The contract does no I/O.' },
            ...['crypto', 'data', 'session', 'features', 'app', 'ui', 'functions', 'tests', 'bench'].map((name) =>
              layer(name, 'The contract depends on nothing of the app or the functions.'),
            ),
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            testImports,
            iconImports,
            firebaseImports,
            layer('app', 'Features are composed by src/app, never the reverse.'),
            {
              regex: '^(\\.\\./)+data/firestore(/|$)',
              message: 'A feature uses the repository interfaces the app composes (AppServices), never a concrete Firestore repository.',
            },
            ...features
              .filter((other) => other !== feature)
              .map((other) => ({
                regex: `^(\\.\\./)+(features/)?${other}(/|$)`,
                message: `A feature never imports another (${feature} → ${other}).`,
              })),
          ],
        },
      ],
    },
  })),
  {
    // The functions run on the Admin SDK with their own credentials: a client SDK, or the app's
    // Firestore repositories (which speak for a signed-in user), have no place there.
    files: ['functions/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['firebase', 'firebase/*', '@firebase/*'], message: 'Cloud Functions use firebase-admin and firebase-functions, never a Firebase client SDK.' },
            { regex: '^(\\.\\./)+src/data/firestore(/|$)', message: "The app's Firestore repositories stay in the app; functions read and write through firebase-admin." },
          ],
        },
      ],
    },
  },
  {
    // src/app composes features through each one's public surface (its index.ts). Lazy screens are
    // loaded by module path with import() (a code-split seam the bundler keeps), which this rule
    // does not see and does not need to.
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseImports,
            testImports,
            iconImports,
            { regex: '^(\\.\\./)+features/[^/]+/', message: "src/app imports a feature only through its index.ts ('../features/<name>')." },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**', 'functions/test/**', 'bench/**'],
    rules: {
      // Tests and benchmarks measure the layers from outside: they call crypto.subtle directly
      // (to build independent floors and vectors) and import any layer, including Firebase.
      'no-restricted-syntax': 'off',
      'no-restricted-imports': 'off',
      // A test that indexes its own fixture knows the element is there; a failing `!` fails the test.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // @firebase/rules-unit-testing hands out its own Firestore instance, which the modular SDK's
    // functions accept at run time (it is the library's documented use) but whose class differs.
    files: ['tests/firestore/**'],
    rules: { '@typescript-eslint/no-unsafe-class-instance-assignment': 'off' },
  },
);
