import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '@/lib/csp'
import { counterCspSources, counterSettings, type CounterEnv } from './counters'

const defaults: CounterEnv = {
  METRIKA_SCRIPT_URL: 'https://mc.yandex.ru/metrika/tag.js',
  GTM_SCRIPT_URL: 'https://www.googletagmanager.com/gtm.js',
  ANALYTICS_CSP_ORIGINS: '',
}

describe('analytics counters settings', () => {
  it('loads nothing and widens no policy while no id is set', () => {
    expect(counterSettings(defaults)).toEqual({ metrika: null, gtm: null })
    expect(counterCspSources({ ...defaults, ANALYTICS_CSP_ORIGINS: 'https://*.google-analytics.com' })).toEqual({ script: [], connect: [], frame: [] })
  })

  it('allows the origin of each configured script, and the extra origins, only then', () => {
    const env = { ...defaults, METRIKA_ID: '10000001', GTM_ID: 'GTM-ABC1234', ANALYTICS_CSP_ORIGINS: 'https://*.google-analytics.com  https://*.analytics.google.com' }
    expect(counterSettings(env)).toEqual({
      metrika: { id: '10000001', scriptUrl: 'https://mc.yandex.ru/metrika/tag.js' },
      gtm: { id: 'GTM-ABC1234', scriptUrl: 'https://www.googletagmanager.com/gtm.js' },
    })
    const sources = counterCspSources(env)
    expect(sources.script).toEqual(['https://mc.yandex.ru', 'https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'])
    expect(sources.connect).toEqual(sources.script)
    expect(sources.frame).toEqual(['https://mc.yandex.ru', 'https://*.google-analytics.com', 'https://*.analytics.google.com'])
  })

  it('follows a script URL moved elsewhere (a mirror, or the tests fake)', () => {
    const sources = counterCspSources({ ...defaults, METRIKA_ID: '1', METRIKA_SCRIPT_URL: 'http://127.0.0.1:4260/metrika/tag.js' })
    expect(sources).toEqual({ script: ['http://127.0.0.1:4260'], connect: ['http://127.0.0.1:4260'], frame: ['http://127.0.0.1:4260'] })
    const policy = contentSecurityPolicy({ dev: false, nonce: 'n0nce', frameAncestors: "'self'", extra: sources })
    expect(policy).toContain("script-src 'self' 'nonce-n0nce' 'strict-dynamic' http://127.0.0.1:4260;")
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4260;")
    expect(contentSecurityPolicy({ dev: false, nonce: 'n0nce', frameAncestors: "'self'" })).toContain("script-src 'self' 'nonce-n0nce' 'strict-dynamic';")
  })
})
