import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { outbox } from '@/db/schema'
import type { MailMessage } from './mail'
import { CLAIM_LEASE_MS } from './mail'
import { claimDueMail, drainOutbox, enqueueMail } from './mail.server'
import { setClock, setMailTransport } from '../../../tests/support/test-hooks'

const sent: MailMessage[] = []
const recording = { send: async (m: MailMessage) => void sent.push(m) }

afterEach(() => {
  setMailTransport(undefined)
  setClock(null)
  sent.length = 0
})

describe('mail outbox', () => {
  it('keeps a mail written in a rolled-back transaction out of the outbox', async () => {
    await db()
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'a@example.ru', subject: 'Заказ', text: 'Текст' })
        tx.rollback()
      })
      .catch(() => undefined)
    const rows = await db().select().from(outbox).where(sql`${outbox.payload}->>'to' = 'a@example.ru'`)
    expect(rows).toEqual([])
    // Control: the same query finds a committed one.
    await enqueueMail(db(), { to: 'a@example.ru', subject: 'Заказ', text: 'Текст' })
    expect(await db().select().from(outbox).where(sql`${outbox.payload}->>'to' = 'a@example.ru'`)).toHaveLength(1)
  })

  it('sends each message once, even when drained twice', async () => {
    setMailTransport(recording)
    await enqueueMail(db(), { to: 'b@example.ru', subject: 'Заказ №1', text: 'Спасибо', dedupeKey: 'order:1' })
    await enqueueMail(db(), { to: 'b@example.ru', subject: 'Заказ №1', text: 'Спасибо', dedupeKey: 'order:1' })
    await Promise.all([drainOutbox(), drainOutbox()])
    await drainOutbox()
    expect(sent.filter((m) => m.subject === 'Заказ №1')).toHaveLength(1)
  })

  it('retries a failed send later instead of losing it', async () => {
    let fail = true
    setMailTransport({
      send: async (m) => {
        if (fail) throw new Error('smtp down')
        sent.push(m)
      },
    })
    await enqueueMail(db(), { to: 'c@example.ru', subject: 'Повтор', text: 'x' })
    expect((await drainOutbox()).failed).toBe(1)
    fail = false
    expect((await drainOutbox()).sent).toBe(0)
    setClock(() => new Date(Date.now() + 60_000))
    await drainOutbox()
    expect(sent.map((m) => m.subject)).toContain('Повтор')
  })

  it('sends a message whose sender died after claiming it, once its lease has run out', async () => {
    setMailTransport(recording)
    await enqueueMail(db(), { to: 'e@example.ru', subject: 'Потерянное', text: 'x' })
    // A process claims the message and dies before sending it. The clock stands still from the claim
    // on, so the lease ends exactly CLAIM_LEASE_MS after it however slowly the test runs.
    const start = Date.now()
    setClock(() => new Date(start))
    expect((await claimDueMail()).length).toBeGreaterThan(0)
    setClock(() => new Date(start + CLAIM_LEASE_MS - 1_000))
    await drainOutbox()
    expect(sent.map((m) => m.subject)).not.toContain('Потерянное')
    setClock(() => new Date(start + CLAIM_LEASE_MS + 1_000))
    await drainOutbox()
    expect(sent.filter((m) => m.subject === 'Потерянное')).toHaveLength(1)
  })

  it('gives every attempt of one message the same Message-ID', async () => {
    // var/test/mail is shared by runs and by the PGlite and PostgreSQL projects: one address per run.
    const to = `twice-${randomUUID()}@example.ru`
    await enqueueMail(db(), { to, subject: 'Дважды', text: 'x' })
    const [claim] = await claimDueMail()
    // The first sender was only slow: it still sends after the lease ran out and another sent too.
    setClock(() => new Date(Date.now() + CLAIM_LEASE_MS + 1_000))
    await drainOutbox()
    const { mailTransport } = await import('./transport.server')
    await mailTransport().send({ to, subject: 'Дважды', text: 'x' }, claim!.id)
    const dir = path.join('var/test', 'mail')
    const copies = (await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')))).filter(
      (f) => f.includes(`To: ${to}`),
    )
    expect(copies).toHaveLength(2)
    const ids = copies.map((f) => /^Message-ID: (.+)$/m.exec(f)?.[1])
    expect(ids[0]).toBe(`<outbox-${claim!.id}@localhost>`)
    expect(ids[1]).toBe(ids[0])
  })

  it('writes .eml files when no SMTP is configured', async () => {
    await enqueueMail(db(), { to: 'd@example.ru', subject: 'Файл', text: 'Письмо для проверки' })
    expect((await drainOutbox()).sent).toBeGreaterThan(0)
    const dir = path.join('var/test', 'mail')
    const files = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')))
    expect(files.some((f) => f.includes('To: d@example.ru'))).toBe(true)
  })
})
