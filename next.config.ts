import type { NextConfig } from 'next'

const isDev = process.env.NODE_ENV !== 'production'

// Inline scripts: Next's bootstrap and our JSON-LD. 'unsafe-eval' only for dev's React refresh.
const policy = (frameAncestors: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')

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
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
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
        source: '/((?!pharmacy-finder/).*)',
        headers: [
          { key: 'Content-Security-Policy', value: policy("'self'") },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
      {
        // The pharmacy finder is a widget that partner sites embed in an iframe (ADR 087).
        source: '/pharmacy-finder/:path*',
        headers: [{ key: 'Content-Security-Policy', value: policy('*') }],
      },
    ]
  },
}

export default config
