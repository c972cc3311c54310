import { expect, test } from './test'
import { FAKE_CDEK_CITIES, FAKE_CDEK_KEYS, startFakeCdek, type FakeCdek } from '../support/fake-cdek'
import { ownServer } from './own-server'

/**
 * A shop server of the spec's own (own-server.ts) whose СДЭК keys point at a local fake СДЭК
 * (tests/support/fake-cdek.ts): the suite's server has no СДЭК keys. Registers the spec's beforeAll and
 * afterAll, which start both on the desktop project only and stop both; `fake()` is the running fake.
 */
export function ownServerWithFakeCdek(name: string, portOffset: number) {
  const server = ownServer(name, portOffset)
  let fake: FakeCdek | undefined

  test.beforeAll(async () => {
    if (test.info().project.name !== 'desktop-1440') return
    test.setTimeout(180_000)
    // Moscow with a few dozen points: the picker's list, not the map's load, is what these tests are about.
    fake = await startFakeCdek(FAKE_CDEK_CITIES.map((c) => (c.code === 44 ? { ...c, points: 30 } : c)))
    await server.start({
      CDEK_CLIENT_ID: FAKE_CDEK_KEYS.clientId,
      CDEK_CLIENT_SECRET: FAKE_CDEK_KEYS.clientSecret,
      CDEK_API_URL: fake.url,
      CDEK_SHIPMENT_POINT: 'MSK5',
    })
  })

  test.afterAll(async () => {
    server.stop()
    await fake?.close()
  })

  return { base: server.base, fake: (): FakeCdek => fake! }
}

export interface FakeTariff {
  tariff_code: number
  delivery_mode: number
  delivery_sum: number
}

/** What the fake calculator answers for the parcel the shop last asked about: its tariffs, sums in roubles. */
export async function fakeTariffs(f: FakeCdek): Promise<FakeTariff[]> {
  const asked = f.log.filter((l) => l.method === 'POST' && l.path === '/calculator/tarifflist').at(-1)?.body
  expect(asked).toBeDefined()
  const token = (await (
    await fetch(`${f.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: FAKE_CDEK_KEYS.clientId,
        client_secret: FAKE_CDEK_KEYS.clientSecret,
      }),
    })
  ).json()) as { access_token: string }
  const answer = (await (
    await fetch(`${f.url}/calculator/tarifflist`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(asked),
    })
  ).json()) as { tariff_codes: FakeTariff[] }
  return answer.tariff_codes
}
