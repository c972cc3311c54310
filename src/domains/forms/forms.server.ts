import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { db as defaultDb, type Tx } from '@/db/client'
import { userForSession } from '@/domains/account/account.server'
import { consumeCaptcha, enforceLimits } from '@/domains/captcha/captcha.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import { readSetting, type SettingKey } from '@/domains/settings/settings.server'
import { notifyStaff } from '@/domains/staff/staff-notifications.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { FORM_MESSAGES as M, normalizePage, ratingCookieName, themeLabel } from './forms'
import {
  articleRatingSummary,
  confirmByToken,
  findSubscription,
  insertQuestion,
  insertSubscription,
  productName,
  rateArticle,
  regionOfCity,
  restartSubscription,
  unsubscribeByToken,
} from './forms.db'
import type { QuestionInput, RatingInput, SubscribeInput } from './forms.schema'

const KIND_TITLE = { product: 'Вопрос о товаре', contact: 'Сообщение с сайта', nutritionist: 'Вопрос нутрициологу' } as const

/** POST /ajax/question/: stored, and mailed to the shop through the outbox in the same transaction. */
export async function askQuestion(input: QuestionInput, ctx: AjaxContext) {
  const db = defaultDb()
  await enforceLimits(db, 'question', ctx)
  const user = ctx.sessionId ? await userForSession(db, ctx.sessionId) : null
  const knownName = input.productId ? await productName(db, input.productId) : null
  const product = input.productName || knownName || ''
  await db.transaction(async (tx) => {
    await consumeCaptcha(tx, input.token)
    const id = await insertQuestion(tx, {
      kind: input.kind,
      productId: knownName !== null ? input.productId : null,
      productName: product,
      theme: input.theme,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      adsAgreement: input.adsAgreement,
      userId: user?.id ?? null,
    })
    const lines = [
      `${KIND_TITLE[input.kind]} №${id}`,
      input.theme ? `Тема: ${themeLabel(input.theme)}` : '',
      product ? `Товар: ${product}${knownName !== null ? ` (id ${input.productId})` : ''}` : '',
      `Имя: ${input.name}`,
      `E-mail: ${input.email}`,
      input.phone ? `Телефон: +${input.phone}` : '',
      `Согласие на рекламную рассылку: ${input.adsAgreement ? 'да' : 'нет'}`,
      user ? `Покупатель: id ${user.id}` : 'Покупатель: гость',
      '',
      input.message,
    ]
    const text = lines.filter((l, i) => l !== '' || i === lines.length - 2).join('\n')
    await enqueueMail(tx, { to: env().SHOP_EMAIL, subject: `${KIND_TITLE[input.kind]} №${id}${product ? `: ${product}` : ''}`.slice(0, 300), text })
    // Staff who subscribed to «Новый вопрос или сообщение» and may answer: once per question, and
    // only if it was stored. Product questions and messages have their own inbox tabs.
    await notifyStaff(tx, 'question.new', String(id), {
      subject: `${KIND_TITLE[input.kind].toLowerCase()} №${id}${product ? `: ${product}` : ''}`.slice(0, 250),
      text,
      path: input.kind === 'product' ? '/admin/inbox/questions/' : '/admin/inbox/messages/',
    })
  })
  return { success: true, message: input.kind === 'nutritionist' ? M.nutritionistSent : M.questionSent }
}

/** GET /ajax/question/: the signed-in buyer's name, e-mail and phone to pre-fill the forms. */
export async function questionPrefill(_input: unknown, ctx: AjaxContext) {
  const user = ctx.sessionId ? await userForSession(defaultDb(), ctx.sessionId) : null
  return user ? { NAME: user.name, EMAIL: user.email, PHONE: user.phone } : { NAME: '', EMAIL: '', PHONE: '' }
}

const PROMO_SETTING = 'newsletter.promoRegion' satisfies SettingKey

/**
 * The 10% promo for new subscribers of one region (a setting a manager changes; unset = no promo).
 * `region` is what the block sends: the location code of the region cookie (a city), whose region
 * (`cities.region`) is compared with the setting, or a region name itself (ADR 111).
 */
export async function promoApplies(region: string | undefined): Promise<boolean> {
  const sent = region?.trim().toLowerCase()
  if (!sent) return false
  const wanted = (await readSetting(defaultDb(), PROMO_SETTING)).trim().toLowerCase()
  if (wanted === '') return false
  const cityRegion = (await regionOfCity(defaultDb(), sent))?.toLowerCase()
  return wanted === sent || wanted === cityRegion
}

export async function promoForRegion(input: { region?: string }) {
  const promo = await promoApplies(input.region)
  return { promo, text: promo ? M.promo : '' }
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(24).toString('base64url')

/**
 * POST /ajax/subscribe/ and /ajax/subscribe-eco/: stored once per e-mail and page, then confirmed by
 * the link in a mail (double opt-in). The answer is the same whether the address was known or not.
 */
export async function subscribe(input: SubscribeInput, ctx: AjaxContext, defaultPage = '/') {
  const db = defaultDb()
  await enforceLimits(db, 'subscribe', ctx)
  const email = input.email.toLowerCase()
  const page = normalizePage(input.page || defaultPage)
  const user = ctx.sessionId ? await userForSession(db, ctx.sessionId) : null
  const promo = await promoApplies(input.region)
  await db.transaction(async (tx) => {
    await consumeCaptcha(tx, input.token)
    await enrolSubscriber(tx, { email, page, userId: user?.id ?? null, promo })
  })
  return { success: true, message: M.subscribed, promo: promo ? M.promo : '' }
}

/**
 * The double opt-in behind every newsletter entry: a new or unsubscribed address gets a pending row
 * and one confirmation mail; a pending or confirmed one is left as it is, so repeating is harmless.
 * Callers check their own right to subscribe the address (captcha here, an own order at checkout).
 */
export async function enrolSubscriber(
  tx: Tx,
  who: { email: string; page: string; userId: number | null; promo: boolean },
): Promise<void> {
  const email = who.email.toLowerCase()
  const confirm = newToken()
  const unsubscribe = newToken()
  const existing = await findSubscription(tx, email, who.page)
  let mail = false
  if (!existing) {
    mail =
      (await insertSubscription(tx, {
        email,
        page: who.page,
        userId: who.userId,
        confirmTokenHash: digest(confirm),
        unsubscribeTokenHash: digest(unsubscribe),
        promo: who.promo,
      })) !== null
  } else if (existing.status === 'unsubscribed') {
    mail = await restartSubscription(tx, existing.id, digest(confirm), digest(unsubscribe))
  }
  if (mail) await enqueueMail(tx, confirmationMail(email, confirm, unsubscribe, who.promo))
}

function confirmationMail(to: string, confirm: string, unsubscribe: string, promo: boolean) {
  const base = env().PUBLIC_URL.replace(/\/$/, '')
  const confirmUrl = `${base}/subscribe/confirm/?token=${confirm}`
  const unsubscribeUrl = `${base}/subscribe/unsubscribe/?token=${unsubscribe}`
  const text = [
    'Здравствуйте!',
    '',
    'Вы подписались на рассылку Витамаркета. Чтобы получать письма, подтвердите подписку:',
    confirmUrl,
    promo ? `\n${M.promo}` : '',
    '',
    'Если вы не подписывались, просто не отвечайте на это письмо. Отписаться можно в любой момент:',
    unsubscribeUrl,
  ].join('\n')
  return { to, subject: 'Подтвердите подписку на рассылку', text }
}

/** POST /ajax/subscribe/confirm/: the buttons behind the mail's links (a GET never changes anything). */
export async function followSubscriptionLink(input: { token: string; action: 'confirm' | 'unsubscribe' }) {
  const db = defaultDb()
  const hash = digest(input.token)
  const done = input.action === 'confirm' ? await confirmByToken(db, hash, now()) : await unsubscribeByToken(db, hash, now())
  if (!done) throw new Refusal('not-found', M.badLink)
  return { success: true, message: input.action === 'confirm' ? M.confirmed : M.unsubscribed }
}

/**
 * POST /ajax/set_rating/: one mark per visitor and article (user when signed in, else session). A
 * second vote answers the first mark; the widget's cookie keeps the browser from asking again.
 */
export async function setArticleRating(input: RatingInput, ctx: AjaxContext) {
  const db = defaultDb()
  if (!ctx.sessionId) throw new Refusal('forbidden', 'Сессия устарела. Обновите страницу и повторите действие.')
  await enforceLimits(db, 'rating', ctx)
  const user = await userForSession(db, ctx.sessionId)
  const visitor = user ? `u:${user.id}` : `s:${digest(ctx.sessionId)}`
  const stored = await rateArticle(db, input.articleId, visitor, input.rating)
  ctx.setCookie({ name: ratingCookieName(input.articleId), value: String(stored.rating), maxAge: 365 * 24 * 3600, httpOnly: false })
  const summary = await articleRatingSummary(db, input.articleId)
  return { success: true, rating: stored.rating, counted: stored.fresh, ...summary, message: M.ratingSaved }
}
