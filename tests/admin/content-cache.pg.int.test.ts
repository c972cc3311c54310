import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { updateEcoPointEndpoint } from '@/admin/api/eco'
import { publishLandingEndpoint, readLandingEndpoint, saveLandingDraftEndpoint } from '@/admin/api/landings'
import { db, dbHandle } from '@/db/client'
import { ecoPoints, landingPages } from '@/db/schema'
import type { LandingView } from '@/domains/landings/landings-admin.schema'
import { waitFor } from '../support/change-feed'
import { callEndpoint, signedInStaff } from '../support/staff'

/**
 * Issue 20 (ADRs 202, 203): a landing published and an eco point hidden in the back office reach
 * another shop instance's cache within a second through the change feed (ADR 160); an instance that
 * does not follow the feed keeps the old page and map (the negative control).
 */
function instance(url: string, follow: boolean) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'tests/support/content-instance.ts',
      ...(follow ? ['--follow'] : []),
    ],
    {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    },
  )
  const waiting: ((line: string) => void)[] = []
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line))
  const next = () => new Promise<string>((resolve) => waiting.push(resolve))
  const ready = next()
  const ask = async <T>(command: string): Promise<T> => {
    const answer = next()
    child.stdin.write(`${command}\n`)
    return (JSON.parse(await answer) as { value: T }).value
  }
  return { ready, ask, stop: () => child.stdin.end() }
}

// PostgreSQL only (*.pg.int.test.ts): a PGlite directory belongs to one process.
describe('the content editors and another instance', () => {
  const started: ReturnType<typeof instance>[] = []
  afterAll(() => started.forEach((i) => i.stop()))

  it('a published landing and a hidden eco point are on the other instance within a second; one not following the feed keeps the old', async () => {
    const url = dbHandle().url ?? ''
    const following = instance(url, true)
    const notFollowing = instance(url, false)
    started.push(following, notFollowing)
    await Promise.all([following.ready, notFollowing.ready])
    const editor = await signedInStaff('content')

    const [row] = await db()
      .select({ id: landingPages.id })
      .from(landingPages)
      .where(eq(landingPages.code, 'kollagen'))
    const landing = (await (
      await callEndpoint(readLandingEndpoint, editor, { params: { id: String(row!.id) } })
    ).json()) as LandingView
    const oldTitle = landing.published.blocks[0]!.title
    expect(await following.ask('landing kollagen')).toBe(oldTitle)
    expect(await notFollowing.ask('landing kollagen')).toBe(oldTitle)
    const blocks = landing.published.blocks.map((b, i) =>
      i === 0 ? { ...b, title: 'Коллаген: новая версия' } : b,
    )
    const draft = await callEndpoint(saveLandingDraftEndpoint, editor, {
      params: { id: String(row!.id) },
      body: { title: landing.title, product: landing.product, blocks },
    })
    expect(draft.status).toBe(200)
    expect(
      (await callEndpoint(publishLandingEndpoint, editor, { params: { id: String(row!.id) } })).status,
    ).toBe(200)
    const publishedAt = performance.now()
    await waitFor(async () => (await following.ask('landing kollagen')) === 'Коллаген: новая версия', 1_000)
    console.info(
      `landing editor: the other instance read the published block after ${Math.round(performance.now() - publishedAt)} ms`,
    )
    expect(await notFollowing.ask('landing kollagen')).toBe(oldTitle)

    const [point] = await db()
      .select({ id: ecoPoints.id, name: ecoPoints.name, city: ecoPoints.city })
      .from(ecoPoints)
      .where(eq(ecoPoints.city, 'Новосибирск'))
    expect(await following.ask(`eco ${point!.city}`)).toContain(point!.name)
    expect(await notFollowing.ask(`eco ${point!.city}`)).toContain(point!.name)
    expect(
      (
        await callEndpoint(updateEcoPointEndpoint, editor, {
          params: { id: String(point!.id) },
          body: { active: false },
        })
      ).status,
    ).toBe(200)
    const hiddenAt = performance.now()
    await waitFor(
      async () => !(await following.ask<string[]>(`eco ${point!.city}`)).includes(point!.name),
      1_000,
    )
    console.info(
      `eco editor: the other instance dropped the hidden point after ${Math.round(performance.now() - hiddenAt)} ms`,
    )
    expect(await notFollowing.ask(`eco ${point!.city}`)).toContain(point!.name)
  })
})
