import { readdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { db } from '@/db/client'
import { products, reviews, sessions, users } from '@/db/schema'
import { sessionTokenHash } from '@/lib/session'
import { GET as listGet } from '@/app/ajax/reviews/route'
import { captchaToken } from './captcha'
import { formPost, newVisitor, type Visitor } from './http'

/** A visitor whose session belongs to a new user (role customer unless told). */
export async function signedInVisitor(opts: { name?: string; role?: 'customer' | 'manager'; phone?: string } = {}): Promise<Visitor & { userId: number; email: string }> {
  const visitor = newVisitor()
  const email = `buyer-${visitor.sessionId.slice(0, 10).toLowerCase()}@example.ru`
  const [user] = await db()
    .insert(users)
    .values({ email, name: opts.name ?? 'Анна Петрова', phone: opts.phone ?? '79123456789', role: opts.role ?? 'customer' })
    .returning({ id: users.id })
  await db().insert(sessions).values({ tokenHash: sessionTokenHash(visitor.sessionId), userId: user!.id })
  return { ...visitor, userId: user!.id, email }
}

export async function productByCode(code: string) {
  const [row] = await db().select().from(products).where(eq(products.code, code))
  if (!row) throw new Error(`no product ${code}`)
  return row
}

/** Real images made on the spot; the JPEG carries EXIF and GPS-like text that must not survive. */
export async function jpegWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARK', Artist: 'Ivan Ivanov' } })
    .toBuffer()
}
export const png = () => sharp({ create: { width: 20, height: 20, channels: 4, background: '#00ff00' } }).png().toBuffer()
export const webp = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#0000ff' } }).webp().toBuffer()
export const gif = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).gif().toBuffer()

export function file(bytes: Buffer | string, name: string, type = 'image/jpeg'): File {
  return new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })
}

export async function filesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch {
    return []
  }
}

/** A product with seeded reviews, and one without any. */
export const D3 = 'p1-vitamin-d3-2000-me-evalar'
export const EMPTY = 'p1-laktoferrin-100-evalar'

/** Posts a form to a route handler and reads its JSON answer. */
export async function call(handler: (r: Request) => Promise<Response>, url: string, fields: Record<string, string | string[] | File | number>, visitor?: Visitor) {
  const res = await handler(formPost(url, fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** GET /ajax/reviews/ as a visitor. */
export function getReviewList(url: string, visitor?: Visitor) {
  const headers = new Headers()
  if (visitor) headers.set('cookie', visitor.cookie)
  return listGet(new Request(new URL(url, 'http://localhost:3000'), { headers }))
}

/** The photo form's fields for a valid review, with a fresh captcha. */
export async function widgetFields(productId: number, extra: Record<string, string | File | string[]> = {}) {
  return {
    RATING: '5',
    IMPRESSIONS: 'Отличный витамин, пью второй месяц.',
    NAME: 'Ольга',
    EMAIL: 'olga@example.ru',
    USER_ID: '',
    PRODUCT_ID: String(productId),
    PRODUCT_NAME: 'Витамин D3',
    OFFER_ID: '',
    RecapToken: await captchaToken(),
    ...extra,
  }
}

export const countReviews = async (productId: number) =>
  (await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, productId))).length
