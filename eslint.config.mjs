import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import importX from 'eslint-plugin-import-x'

/** The storefront links through @/ui/link, which prefetches on intent rather than on sight (ADR 217). */
const nextLink = { name: 'next/link', message: 'Use Link from @/ui/link: it prefetches on intent (ADR 217).' }

/** Layer rules of docs/architecture.md: who may import whom. */
const layer = (files, forbidden, message, paths = [nextLink]) => ({
  files,
  // Tests sit beside the code they test and may call the route handlers that expose it.
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: {
    'no-restricted-imports': ['error', { paths, patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
})

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next*/**', 'var/**', 'node_modules/**', 'next-env.d.ts', 'src/db/migrations/**', 'test-results/**'] },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Images are small SVGs drawn into var/uploads and re-encoded review photos, served by our own
      // /upload route; next/image's optimiser adds nothing for them (ADR 125).
      '@next/next/no-img-element': 'off',
    },
  },
  layer(['src/lib/**'], ['@/db', '@/db/*', '@/domains/*', '@/app/*', '@/ui/*'], 'src/lib imports nothing above it.'),
  layer(['src/ui/**'], ['@/db', '@/db/*', '@/domains/*', '@/app/*'], 'src/ui may import only src/lib.'),
  layer(['src/ui/link.tsx'], ['@/db', '@/db/*', '@/domains/*', '@/app/*'], 'src/ui may import only src/lib.', []),
  layer(['src/app/**'], [], '', [nextLink]),
  // The back office works on fast links; its own pages prefetch as Next does.
  layer(['src/app/admin/**', 'src/admin/**'], [], '', []),
  layer(['src/db/**'], ['@/domains/*', '@/app/*', '@/ui/*'], 'src/db may import only src/lib.'),
  layer(
    ['src/domains/**'],
    ['@/app/*', '@/domains/*/*.db', '@/domains/*/*.db.ts', '../*/*.db', '../*/*.db.ts'],
    "Domains never import routes, nor another domain's queries: use its *.server.ts.",
  ),
  { files: ['scripts/**', 'bench/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx'], rules: { 'no-console': 'off' } },
]

export default config
