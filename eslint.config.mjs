import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

const config = [
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.stryker-tmp/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layers point one way: app/ → components/ → lib/. Shared pieces move down into lib/.
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/components/|(\\.\\./)+components/)',
              message: 'lib/ must not import from components/; move the shared piece into lib/',
            },
          ],
        },
      ],
    },
  },
];

export default config;
