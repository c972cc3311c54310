import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { articleEndpoints } from '@/admin/api/content'
import { dbHandle } from '@/db/client'
import type { ArticleView } from '@/domains/content/content-admin.schema'
import { waitFor } from '../support/change-feed'
import { callEndpoint, signedInStaff } from '../support/staff'

/**
 * Issue 20 (ADR 200): an article published in the back office is on another shop instance's cached
 * article page within a second, through the change feed (ADR 160); an instance that does not follow
 * the feed keeps answering 404 from its cache (the negative control).
 */
function instance(url: string, follow: boolean) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'tests/support/article-instance.ts',
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
  return {
    ready,
    async article(code: string): Promise<string | null> {
      const answer = next()
      child.stdin.write(`article ${code}\n`)
      return (JSON.parse(await answer) as { name: string | null }).name
    },
    stop: () => child.stdin.end(),
  }
}

// PostgreSQL only (*.pg.int.test.ts): a PGlite directory belongs to one process.
describe('the content editor and another instance', () => {
  const started: ReturnType<typeof instance>[] = []
  afterAll(() => started.forEach((i) => i.stop()))

  it('a draft published in the editor is on the other instance within a second; one not following the feed still 404s', async () => {
    const url = dbHandle().url ?? ''
    const following = instance(url, true)
    const notFollowing = instance(url, false)
    started.push(following, notFollowing)
    await Promise.all([following.ready, notFollowing.ready])

    const editor = await signedInStaff('content')
    const code = `feed-${Date.now()}`
    const created = await callEndpoint(articleEndpoints.create, editor, {
      body: { name: 'Статья через ленту изменений', code, publishedAt: '2026-11-27T00:00:00Z' },
    })
    expect(created.status).toBe(200)
    const { id } = (await created.json()) as ArticleView
    // Both instances cache the draft's absence.
    expect(await following.article(code)).toBeNull()
    expect(await notFollowing.article(code)).toBeNull()

    const response = await callEndpoint(articleEndpoints.update, editor, {
      params: { id: String(id) },
      body: { published: true },
    })
    expect(response.status).toBe(200)
    const savedAt = performance.now()
    await waitFor(async () => (await following.article(code)) === 'Статья через ленту изменений', 1_000)
    console.info(
      `content editor: the other instance showed the published article after ${Math.round(performance.now() - savedAt)} ms`,
    )
    expect(await notFollowing.article(code)).toBeNull()
  })
})
