import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { FAKE_CDEK_KEYS, type FakeCdek } from './fake-cdek'
import { restoreSettings, setClock, stubSettings } from './test-hooks'

/**
 * The set-up every carrier module's integration tests share (СДЭК, Boxberry, Почта России, ADR 176):
 * the carriers' local fakes started once for the file with their settings, each fake answering again
 * and the test clock on before every test, the carrier's production time limits back after it, and
 * the settings and fakes put away at the end.
 */

/** What the set-up needs of a fake: a failure mode to put back to 'ok', and its server to close. */
interface CarrierFake {
  mode: 'ok' | 'down' | 'hang'
  dropNext?: number
  close(): Promise<void>
}

export const MINUTE = 60_000

/** СДЭК's fake's settings: the other carriers' tests run СДЭК beside them, to show one down leaves the other answering. */
export function cdekFakeSettings(fake: FakeCdek): Record<string, string> {
  return { CDEK_CLIENT_ID: FAKE_CDEK_KEYS.clientId, CDEK_CLIENT_SECRET: FAKE_CDEK_KEYS.clientSecret, CDEK_API_URL: fake.url }
}

export function withCarrierFakes(o: {
  /** Starts the file's fakes (the test keeps them in its own variables) and answers them. */
  start: () => Promise<CarrierFake[]>
  /** Their settings, set once the fakes listen. */
  settings: () => Record<string, string>
  /** The carrier's time limits back to production (its tests shorten them so a fake that hangs fails fast). */
  resetLimits: () => void
}) {
  // Wednesday 4 March 2026, 10:00 Moscow time; the tests move it forward, never back.
  let clock = new Date('2026-03-04T07:00:00Z')
  let fakes: CarrierFake[] = []

  beforeAll(async () => {
    fakes = await o.start()
    stubSettings(o.settings())
  })

  afterAll(async () => {
    restoreSettings()
    for (const fake of fakes) await fake.close()
  })

  beforeEach(() => {
    for (const fake of fakes) {
      fake.mode = 'ok'
      if (fake.dropNext !== undefined) fake.dropNext = 0
    }
    setClock(() => clock)
  })

  afterEach(() => {
    setClock(null)
    o.resetLimits()
  })

  return {
    now: () => clock,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms)
    },
  }
}
