import 'server-only'
import { db } from '@/db/client'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { EXCHANGE_COOKIE, EXCHANGE_MESSAGES as M, failure, progress, success, type ExchangeAnswer } from './exchange'
import { exchangeSessionOf, exchangeSignIn, type ExchangeSession } from './exchange-auth.server'
import { IMPORT_STATUS, importStep } from './exchange-catalog.server'
import { appendPiece, clearSessionFolder, fileExists, fileIn, unpackArchives } from './exchange-files.server'
import { applySaleFile, ordersQuery, ordersTaken } from './exchange-orders.server'
import { exchangeSettings } from './exchange-settings.server'
import { insertLogLine } from './exchange.db'

/** What the edge hands over from 1С's request: its query, its credentials, its body. */
export interface ExchangeRequest {
  type: string | null
  mode: string | null
  filename: string | null
  authorization: string | null
  cookie: string | undefined
  ip: string
  body: AsyncIterable<Uint8Array> | null
}

async function log(session: ExchangeSession | null, request: ExchangeRequest, answer: ExchangeAnswer, counts?: Record<string, number>): Promise<void> {
  if (answer.kind !== 'text') return
  await insertLogLine(db(), {
    sessionId: session?.id ?? null,
    type: (request.type ?? '').slice(0, 20),
    mode: (request.mode ?? '').slice(0, 20),
    filename: (request.filename ?? '').slice(0, 300),
    outcome: answer.lines[0] ?? '',
    message: answer.lines.slice(1).join(' ').slice(0, 1000),
    counts: counts ?? null,
  })
}

const noBody: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} }

async function catalogCall(session: ExchangeSession, request: ExchangeRequest): Promise<ExchangeAnswer> {
  switch (request.mode) {
    case 'init':
      return { kind: 'text', lines: ['zip=yes', `file_limit=${(await exchangeSettings()).fileLimit}`] }
    case 'file': {
      await appendPiece(session.id, request.filename ?? '', request.body ?? noBody)
      const answer = success()
      await log(session, request, answer)
      return answer
    }
    case 'import': {
      const file = fileIn(session.id, request.filename)
      await unpackArchives(session.id)
      if (!(await fileExists(file))) throw new Refusal('not-found', `${M.noFile} ${request.filename}`)
      let outcome
      try {
        outcome = await importStep(session, request.filename!, file)
      } catch (e) {
        if (e instanceof Refusal) throw e
        const reason = `${M.badXml}: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500)
        throw new Refusal('invalid', reason)
      }
      const answer = outcome.status === 'done' ? success(M.done) : progress(IMPORT_STATUS(outcome.position))
      await log(session, request, answer, outcome.counts)
      return answer
    }
    // Newer 1С modules close a run with these; nothing is left to do then.
    case 'deactivate':
    case 'complete':
      return success()
    default:
      throw new Refusal('invalid', M.badMode)
  }
}

async function saleCall(session: ExchangeSession, request: ExchangeRequest): Promise<ExchangeAnswer> {
  switch (request.mode) {
    case 'init':
      return { kind: 'text', lines: ['zip=no', `file_limit=${(await exchangeSettings()).fileLimit}`] }
    case 'query': {
      const { body, encoding, count } = await ordersQuery(session)
      await log(session, request, success(), { orders: count })
      return { kind: 'xml', body, encoding }
    }
    case 'success': {
      const taken = await ordersTaken(session)
      const answer = success()
      await log(session, request, answer, { taken })
      return answer
    }
    // 1С sends its changes whole (they are small) and Bitrix applies them on receipt; an `import`
    // of the same file applies it again, which changes nothing the second time.
    case 'file':
    case 'import': {
      if (request.mode === 'file') await appendPiece(session.id, request.filename ?? '', request.body ?? noBody)
      const file = fileIn(session.id, request.filename)
      if (!(await fileExists(file))) throw new Refusal('not-found', `${M.noFile} ${request.filename}`)
      let applied
      try {
        applied = await applySaleFile(session, file)
      } catch (e) {
        if (e instanceof Refusal) throw e
        throw new Refusal('invalid', `${M.badXml}: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500))
      }
      const answer = success()
      await log(session, { ...request }, { kind: 'text', lines: ['success', applied.errors.join('; ')] }, applied.counts)
      return answer
    }
    default:
      throw new Refusal('invalid', M.badMode)
  }
}

/** One request of 1С's «Обмен с сайтом»: never throws; every refusal is a `failure` line with its reason. */
export async function exchangeCall(request: ExchangeRequest): Promise<ExchangeAnswer> {
  let session: ExchangeSession | null = null
  try {
    if (request.mode === 'checkauth') {
      if (request.type !== 'catalog' && request.type !== 'sale') throw new Refusal('invalid', M.badType)
      const signed = await exchangeSignIn(request.authorization, request.ip)
      session = signed.session
      await clearSessionFolder(session.id, now())
      return { ...success(EXCHANGE_COOKIE, signed.token), cookie: { name: EXCHANGE_COOKIE, value: signed.token } }
    }
    session = await exchangeSessionOf(request.cookie)
    // Without a run nothing is written, not even a log line: a stranger's requests leave no trace to fill.
    if (!session) return { ...failure(M.noSession), unauthorised: true }
    if (request.type !== 'catalog' && request.type !== 'sale') throw new Refusal('invalid', M.badType)
    if (request.type === 'catalog') return await catalogCall(session, request)
    return await saleCall(session, request)
  } catch (e) {
    if (!(e instanceof Refusal)) logger.error({ err: e }, '1С exchange failed')
    const answer = failure(e instanceof Refusal ? e.message : 'Внутренняя ошибка сайта.')
    // A failed sign-in is logged (the owner sees wrong passwords); other refusals only within a run.
    if (session || request.mode === 'checkauth') await log(session, request, answer).catch(() => undefined)
    return answer
  }
}
