// Vitest runs server modules directly; the real 'server-only' throws outside React's server build.
export {}
