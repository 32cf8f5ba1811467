import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
      'cms/migrations/**',
      'cms/.next/**',
      'cms/dist/**',
      'cms/next-env.d.ts',
      'cms/app/(payload)/cms/importMap.js',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The SPA talks to the server over HTTP only: it must never pull in server code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@shop/cms', '@shop/cms/*', '**/cms/**', 'payload', 'payload/*', '@payloadcms/*'],
              message: 'web must not import server code (cms, payload).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'antd', 'payload', '@payloadcms/*', 'express', '**/cms/**', '**/web/**'],
              message: 'packages/shared stays framework-free.',
            },
          ],
        },
      ],
    },
  },
  // The server's folders depend one way: lib ← access, fields, hooks ← services ← collections, globals ←
  // endpoints; seed and scripts on top. What two layers both need belongs in the lower one.
  ...[
    {
      files: ['cms/lib/**/*.ts'],
      above: ['access', 'fields', 'hooks', 'services', 'collections', 'globals', 'endpoints', 'seed'],
    },
    {
      files: ['cms/access/**/*.ts', 'cms/fields/**/*.ts', 'cms/hooks/**/*.ts'],
      above: ['services', 'collections', 'globals', 'endpoints', 'seed'],
    },
    { files: ['cms/services/**/*.ts'], above: ['collections', 'globals', 'endpoints', 'seed', 'hooks'] },
    { files: ['cms/collections/**/*.ts', 'cms/globals/**/*.ts'], above: ['endpoints', 'seed'] },
  ].map(({ files, above }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: above.flatMap((folder) => [`../${folder}/*`, `../../${folder}/*`, `../../../${folder}/*`]),
              message: `This folder sits below ${above.join(', ')}: move what both need into a lower folder (lib/).`,
            },
          ],
        },
      ],
    },
  })),
);
