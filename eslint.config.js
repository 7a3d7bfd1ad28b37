import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The one-way imports of docs/ARCHITECTURE.md, checked on the resolved path of every import
// (static, dynamic and type-only). Features and server modules are read from the disk, so a new
// one is covered without editing this file.
const root = import.meta.dirname;
const abs = (path) => resolve(root, path);
const foldersIn = (path) =>
  readdirSync(abs(path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = 'apps/web/src';
const MODULES = 'apps/server/src/modules';

// The web layers, top to bottom: app/ → features/<f>/ → flows/ → components/ → lib/. A layer imports
// only the layers below it.
const webZones = [
  ...foldersIn(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both use to components/ or lib/; app/ composes features.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'features/ are below app/: they never import it (the route table is lib/router, the flows are flows/).',
  },
  {
    target: `${WEB}/flows`,
    from: [`${WEB}/app`, `${WEB}/features`],
    message: 'flows/ are below app/ and features/: they never import them.',
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/app`, `${WEB}/features`, `${WEB}/flows`],
    message: 'lib/ and components/ are below app/, features/ and flows/: they never import them.',
  },
];

const contractZones = [
  {
    target: 'packages/contract',
    from: 'apps',
    message: 'The contract imports nothing of the apps.',
  },
];

// A module uses another module only through its services (service.ts, *-service.ts), never its
// repo, row types or other files. Routes mount calls: no SQL, no repo, no database.
const serverZones = [
  ...foldersIn(MODULES).map((module) => ({
    target: `${MODULES}/${module}`,
    from: [abs(`${MODULES}/!(${module})/**`)],
    except: [abs(`${MODULES}/*/service.ts`), abs(`${MODULES}/*/*-service.ts`)],
    message: `A module uses another module only through its service (service.ts or *-service.ts), never its repo or row types.`,
  })),
  {
    // The operators' command line and the seed get their services from the composition root
    // (composeOperations in composition.ts), like the app: they build no repo themselves.
    target: ['apps/server/src/admin', 'apps/server/src/seed'],
    from: [abs(`${MODULES}/**`)],
    except: [abs(`${MODULES}/*/service.ts`), abs(`${MODULES}/*/*-service.ts`)],
    message:
      'admin/ and seed/ use a module only through its service (service.ts or *-service.ts), which composition.ts builds.',
  },
  {
    target: ['apps/server/src/admin', 'apps/server/src/seed'],
    from: [abs('apps/server/src/!(modules)/**/*repo.ts')],
    message: 'admin/ and seed/ build no repo: composition.ts does (composeOperations).',
  },
  {
    target: abs(`${MODULES}/*/*routes.ts`),
    from: [abs(`${MODULES}/*/*repo.ts`), abs('apps/server/src/db/**'), abs('node_modules/drizzle-orm/**')],
    message: "A routes file mounts calls and holds no SQL: go through the module's service.",
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'path', 'crypto', 'http', 'https', 'url', 'os', 'net', 'child_process'].map((name) => ({
            name,
            message: `Import node:${name} instead.`,
          })),
        },
      ],
    },
  },
  {
    // Layer boundaries. An import the resolver cannot find would escape no-restricted-paths, so
    // relative imports must resolve.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // no-cycle reads the imported files themselves: it follows only these extensions, parsed so.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...webZones, ...contractZones, ...serverZones] },
      ],
      // No import cycle anywhere (web, server, contract). Type-only imports do not count (they
      // vanish at run time); packages from node_modules are not walked.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests assert on values they have just checked exist; `!` keeps those assertions short.
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/server*', '@portal/web*', '**/apps/**'],
              message: 'The contract imports nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
  { files: ['apps/web/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    // The signed-in account has one cache, TanStack Query's (ADR 031): screens keep an account through
    // services.account; only that cache writes the session's copy.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/auth/account-cache.ts', 'apps/web/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='mirrorAccount']",
          message: 'Keep the account through services.account (its cache writes the session).',
        },
      ],
    },
  },
);
