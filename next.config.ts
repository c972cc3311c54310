import type { NextConfig } from 'next'

// The Content-Security-Policy is set per request, with a nonce, by src/proxy.ts (ADR 157).

const config: NextConfig = {
  // Separate build folders let several dev servers or test builds share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  trailingSlash: true,
  // The proxy adds the slash itself, so that POST calls are rewritten rather than redirected.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // `npm run typecheck` checks the types (with `next typegen`); builds need not repeat it, and builds into
  // other dist folders (.next-e2e) would otherwise see each other's generated route types.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // forbidden(): a back-office page a role may not see answers 403 (ADR 162). globalNotFound: unknown
  // addresses get app/global-not-found.tsx, so no page carries a framed 404 boundary in its payload (ADR 180).
  experimental: { authInterrupts: true, globalNotFound: true },
  // pdfmake (ADR 163) and the pdfkit under it read their fonts and data files relative to their own folders.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'pdfmake'],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      {
        // The pharmacy finder is a widget that partner sites embed in an iframe (ADR 087).
        source: '/((?!pharmacy-finder/).*)',
        headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }],
      },
    ]
  },
}

export default config
