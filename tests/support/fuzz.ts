import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { hash32, seededRandom } from '@/lib/seeded-random'
import type { Visitor } from './http'

/**
 * S6's route fuzzer (ADR 159): a seeded generator of hostile requests, the checks every answer must
 * pass, and a write log that tells whether a refused request changed the database.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness: the same seed gives the same inputs, so a failure can be replayed alone.

export type Rand = () => number

/** The shared mulberry32 (src/lib/seeded-random.ts). */
export const rng: (seed: number) => Rand = seededRandom

export const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!

/** A route's own seed from the run's seed and its address, so one route replays without the others. */
export function seedFor(runSeed: number, key: string): number {
  return hash32(`${runSeed}:${key}`)
}

// ---------------------------------------------------------------------------------------------
// What a route reads: field names and the values its schema knows, taken from its zod schema.

export interface FieldSpec {
  /** ['order', 'PERSON_TYPE'] for order[PERSON_TYPE]. */
  path: string[]
  /** Values that pass (enum members, literals, sample ids) or come close. */
  samples: string[]
  numeric: boolean
  /** A second shape of a field already listed (a union's array or object branch): hostile inputs only. */
  variant?: boolean
}

interface ZodDefLike {
  type: string
  shape?: Record<string, { def: ZodDefLike }>
  innerType?: { def: ZodDefLike }
  in?: { def: ZodDefLike }
  out?: { def: ZodDefLike }
  options?: { def: ZodDefLike }[]
  element?: { def: ZodDefLike }
  entries?: Record<string, string | number>
  values?: unknown[]
  left?: { def: ZodDefLike }
  right?: { def: ZodDefLike }
  getter?: () => { def: ZodDefLike }
  valueType?: { def: ZodDefLike }
}

/** Walks a zod 4 schema and lists the fields it reads, nested objects as bracket paths. */
export function schemaFields(schema: z.ZodType): FieldSpec[] {
  const out = new Map<string, FieldSpec>()
  const walk = (def: ZodDefLike | undefined, path: string[], depth: number, variant = false): void => {
    if (!def || depth > 8) return
    const leaf = (): FieldSpec => {
      const key = path.join('\u0001')
      let s = out.get(key)
      if (!s) out.set(key, (s = { path, samples: [], numeric: false, variant }))
      return s
    }
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape ?? {})) walk(child.def, [...path, key], depth + 1)
        return
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return walk(def.innerType?.def, path, depth + 1, variant)
      case 'pipe':
        walk(def.in?.def, path, depth + 1, variant)
        return walk(def.out?.def, path, depth + 1, variant)
      case 'union':
        // The first branch is the field's main shape; the others (ID or ID[]) are variants.
        ;(def.options ?? []).forEach((o, i) => walk(o.def, path, depth + 1, variant || i > 0))
        return
      case 'intersection':
        walk(def.left?.def, path, depth + 1, variant)
        return walk(def.right?.def, path, depth + 1, variant)
      case 'lazy':
        return walk(def.getter?.().def, path, depth + 1, variant)
      case 'array':
        return walk(def.element?.def, [...path, ''], depth + 1, variant)
      case 'record':
        return walk(def.valueType?.def, [...path, '1'], depth + 1, variant)
      case 'enum':
        if (path.length) leaf().samples.push(...Object.values(def.entries ?? {}).map(String))
        return
      case 'literal':
        if (path.length) leaf().samples.push(...(def.values ?? []).map(String))
        return
      case 'number':
      case 'bigint':
      case 'int':
        if (path.length) leaf().numeric = true
        return
      default:
        if (path.length) leaf()
    }
  }
  walk((schema as unknown as { def: ZodDefLike }).def, [], 0)
  return [...out.values()]
}

// ---------------------------------------------------------------------------------------------
// The generator.

const KB100 = 100 * 1024

/** Values no route expects: wrong types, edges of numbers, huge and broken strings. */
function hostileValue(r: Rand): string {
  return pick(r, [
    () => '',
    () => ' ',
    () => '-1',
    () => '-0',
    () => '0',
    () => '1.5',
    () => '-2.75',
    () => '0.0000001',
    () => 'NaN',
    () => 'Infinity',
    () => '-Infinity',
    () => '1e309',
    () => '1e3',
    () => '-1e-7',
    () => '0x1F',
    () => '0b101',
    () => '1_000',
    () => '９',
    () => ' 7 ',
    () => '9'.repeat(1 + Math.floor(r() * 60)),
    () => '2147483648',
    () => '-2147483649',
    () => '9007199254740993',
    () => String(Number.MAX_VALUE),
    () => 'true',
    () => 'null',
    () => 'undefined',
    () => '[]',
    () => '{}',
    () => '{"__proto__":{"polluted":1}}',
    () => '__proto__',
    () => 'constructor',
    () => 'x'.repeat(KB100),
    () => 'я'.repeat(KB100 / 2),
    () => '😀'.repeat(2000),
    () => (r() < 0.3 ? 'a\u0000b' : 'a\u0001b\u001f'),
    () => '\u202e\ufeff\u200b',
    () => '\uFFFD\uFFFE',
    () => "' or 1=1 --",
    () => '1; drop table users; --',
    () => '$1',
    () => '%s%n%x',
    () => '<script>alert(1)</script>',
    () => '<img src=x onerror=alert(1)>',
    () => '../../../../etc/passwd',
    () => 'C:\\Windows\\win.ini',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'javascript:alert(1)',
    () => '\r\nSet-Cookie: x=1',
    () => 'a@b',
    () => '@'.repeat(300),
    () => '+7 (999) 000-00-00'.repeat(20),
    () => '2026-02-30',
    () => '31.12.9999',
    () => String(Math.floor(r() * 1000)),
  ])()
}

/** What routes with an action field (not an enum in their schema) dispatch on. */
const ACTION_WORDS = [
  'add',
  'Add',
  'get',
  'GetBasket',
  'remove',
  'Remove',
  'Update',
  'delete',
  'confirm',
  'unsubscribe',
  'approve',
  'reject',
  'refreshOrderAjax',
  'saveOrderAjax',
  'enterCoupon',
]

/** A plausible value for the field (so the input goes past the schema) or a hostile one. */
function valueFor(r: Rand, field: FieldSpec | undefined, ctx: GenContext, plausible = false): string {
  const name = (field?.path.at(-1) ?? '').toLowerCase()
  const roll = plausible ? 0 : r()
  if (roll < 0.45 && field) {
    if (field.samples.length && r() < 0.85) return pick(r, field.samples)
    if (/^(action|soa-action)$/.test(name)) return pick(r, ACTION_WORDS)
    if (/token|captcha/.test(name) && ctx.captcha && r() < 0.7) return ctx.captcha
    if (/mail/.test(name))
      return pick(r, ['anna@example.ru', `fuzz${Math.floor(r() * 1e6)}@example.ru`, 'not-an-email'])
    if (/phone|tel/.test(name)) return pick(r, ['+7 (912) 345-67-89', '79123456789', '8912'])
    if (/pass/.test(name)) return pick(r, ['Secret-123456', 'short', 'Пароль-123456'])
    if (/name|fio|city|comment|text|message|question|title/.test(name))
      return pick(r, ['Анна', 'Иван Петров', 'Москва', 'Хороший товар, рекомендую всем'])
    if (field.numeric || /id$|^id|quantity|count|page|rating|vote|limit|offset/.test(name))
      return String(pick(r, ctx.ids))
    return pick(r, ctx.strings)
  }
  return hostileValue(r)
}

/** Field names: the route's own, misshapen (arrays where a scalar is read), prototype keys, junk. */
function fieldName(r: Rand, path: string[]): string {
  const [head, ...rest] = path
  const plain = `${head}${rest.map((s) => `[${s}]`).join('')}`
  const roll = r()
  if (roll < 0.8) return plain
  return pick(r, [
    () => `${plain}[]`,
    () => `${plain}[x]`,
    () => `${plain}[][]`,
    () => `${plain}[__proto__]`,
    () => `${plain}[0][1][2][3][4][5][6]`,
    () => `${head}[`,
    () => `${head}]`,
    () => `${head}[a]b]`,
    () => plain.toUpperCase(),
    () => plain.toLowerCase(),
    () => ` ${plain}`,
  ])()
}

const PROTO_FIELDS: readonly (readonly [string, string])[] = [
  ['__proto__[polluted]', '1'],
  ['__proto__', 'x'],
  ['constructor[prototype][polluted]', '1'],
  ['prototype[polluted]', '1'],
  ['a[__proto__][polluted]', '1'],
  ['a[constructor][prototype][polluted]', '1'],
  ['toString', 'x'],
  ['hasOwnProperty', 'x'],
  ['valueOf[]', '1'],
]

export interface GenContext {
  /** Ids that exist and ids that do not. */
  ids: readonly number[]
  strings: readonly string[]
  /** A solved captcha token, reusable while replay protection is off. */
  captcha?: string
}

export type Body =
  | {
      kind: 'urlencoded' | 'raw-bytes' | 'json' | 'other'
      contentType: string | null
      bytes: Uint8Array<ArrayBuffer>
    }
  | { kind: 'multipart'; contentType: null; form: FormData }
  | { kind: 'empty'; contentType: string | null }

export interface FuzzInput {
  index: number
  method: 'GET' | 'POST'
  /** Query string for GET, without '?'. */
  query: string
  body: Body | null
  /** Where the sessid came from: 'valid' lets the input reach validation. */
  sessid: 'valid' | 'missing' | 'wrong' | 'foreign' | 'array' | 'huge' | 'twice' | 'no-cookie'
  params: Record<string, string | string[]>
  headers: Record<string, string>
  /** The generated fields, for the failure report. */
  fields: [string, string][]
}

const enc = new TextEncoder()

/** Percent-encodes like a browser (UTF-8), but a lone surrogate must not throw as encodeURIComponent does. */
function pct(s: string): string {
  return [...enc.encode(s)]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

const BROKEN = [
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%C3%28',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%C0%AF',
  '%FF%FE',
  '+%2B+',
  '&&',
  '=',
  '==',
  'a=b=c',
]

function urlencoded(r: Rand, fields: readonly (readonly [string, string])[]): string {
  const parts = fields.map(([k, v]) => {
    const raw = r() < 0.06
    return raw ? `${k}=${v}` : `${pct(k)}=${pct(v)}`
  })
  if (r() < 0.12)
    parts.splice(
      Math.floor(r() * (parts.length + 1)),
      0,
      pick(r, BROKEN),
      `${pick(r, BROKEN)}=${pick(r, BROKEN)}`,
    )
  return parts.join('&')
}

/** Bytes that are not UTF-8: stray continuation bytes, overlongs, surrogates, NUL. */
function invalidUtf8(r: Rand, prefix: string): Uint8Array<ArrayBuffer> {
  const junk = pick(r, [
    [0xff, 0xfe, 0x00],
    [0xc3, 0x28],
    [0xe0, 0x80, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
    [0x80, 0x81, 0x82],
    [0x3d, 0x00, 0x26],
  ])
  const head = enc.encode(prefix)
  const out = new Uint8Array(new ArrayBuffer(head.length + junk.length + 3))
  out.set(head, 0)
  out.set(junk, head.length)
  out.set([0x3d, 0x31, 0x26], head.length + junk.length)
  return out
}

function bytes(s: string): Uint8Array<ArrayBuffer> {
  const b = enc.encode(s)
  const out = new Uint8Array(new ArrayBuffer(b.length))
  out.set(b)
  return out
}

/** Route params for dynamic segments: ids of every shape and paths that try to climb out. */
function paramsFor(r: Rand, params: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, sample] of Object.entries(params)) {
    const v =
      r() < 0.3
        ? Array.isArray(sample)
          ? sample.join('/')
          : sample
        : hostileValue(r).slice(0, r() < 0.9 ? 200 : KB100)
    if (Array.isArray(sample)) {
      out[key] = pick(r, [
        () => [v],
        () => ['..', '..', 'package.json'],
        () => ['..%2F..%2Fpackage.json'],
        () => ['.env'],
        () => ['a\u0000.png'],
        () => ['x'.repeat(300) + '.png'],
        () => v.split('/'),
        () => ['reviews', 'x.svg'],
        () => [],
      ])()
    } else out[key] = v
  }
  return out
}

export interface RouteShape {
  url: string
  methods: readonly ('GET' | 'POST')[]
  fields: readonly FieldSpec[]
  params: Record<string, string | string[]>
  /** JSON-only machine APIs get a JSON body most of the time, so inputs reach their schema. */
  prefersJson?: boolean
  /** Headers most inputs carry (a bearer token); a share goes without them. */
  headers?: Record<string, string>
  /** Adds what proves a machine call (a provider's signature over the generated fields), to most inputs. */
  sign?: (fields: [string, string][]) => [string, string][]
}

/** One generated request description (not yet a Request: the visitor and sessid are added by build()). */
export function generate(r: Rand, index: number, route: RouteShape, ctx: GenContext): FuzzInput {
  const method = route.methods.length > 1 ? (r() < 0.65 ? 'POST' : 'GET') : route.methods[0]!
  const fields: [string, string][] = []
  // Two kinds of input: near-valid ones (every field plausible, then at most one mutation) reach the
  // use-cases; hostile ones (each field dropped, renamed or given a hostile value) test the edges.
  const nearValid = r() < 0.4
  for (const field of route.fields) {
    if (nearValid && field.variant) continue
    const plainName =
      field.path[0] +
      field.path
        .slice(1)
        .map((s) => `[${s}]`)
        .join('')
    if (nearValid) {
      if (r() < 0.92) fields.push([plainName, valueFor(r, field, ctx, true)])
      continue
    }
    if (r() < 0.75) fields.push([fieldName(r, field.path), valueFor(r, field, ctx)])
    if (r() < 0.04) fields.push([fieldName(r, field.path), valueFor(r, field, ctx)])
  }
  if (nearValid && fields.length && r() < 0.6) {
    const at = Math.floor(r() * fields.length)
    const [name, value] = fields[at]!
    fields[at] = r() < 0.7 ? [name, hostileValue(r)] : [fieldName(r, [name]), value]
  }
  const extra = nearValid ? 1 : r()
  if (extra < 0.12)
    fields.push(...PROTO_FIELDS.filter(() => r() < 0.4).map(([k, v]): [string, string] => [k, v]))
  else if (extra < 0.2)
    fields.push([
      pick(r, ['x', 'ACTION', 'action', 'ID', 'id', 'QUANTITY', 'page', 'sort', 'order[x]', 'a[b][c]']),
      hostileValue(r),
    ])
  else if (extra < 0.23) for (let i = 0; i < 2100; i++) fields.push([`f${i}`, '1'])
  else if (extra < 0.25) fields.push(['a[1][2][3][4][5][6][7][8]', '1'])
  else if (extra < 0.28) fields.splice(0, fields.length)
  if (route.sign && r() < 0.8) fields.splice(0, fields.length, ...route.sign(fields))
  const sessRoll = r()
  const sessid: FuzzInput['sessid'] =
    method === 'GET' || sessRoll < 0.88
      ? 'valid'
      : pick(r, ['missing', 'wrong', 'foreign', 'array', 'huge', 'twice', 'no-cookie'] as const)
  const headers: Record<string, string> = r() < 0.9 ? { ...route.headers } : {}
  if (r() < 0.1)
    headers['x-forwarded-for'] = pick(r, [
      'unknown',
      'x'.repeat(2000),
      '1.2.3.4, 5.6.7.8',
      '::1',
      '256.256.256.256',
      '',
      '10.0.0.1',
    ])
  if (r() < 0.05) headers['accept-language'] = 'x'.repeat(5000)
  const params = paramsFor(r, route.params)

  if (method === 'GET') {
    return {
      index,
      method,
      query: r() < 0.05 ? pick(r, BROKEN) : urlencoded(r, fields),
      body: null,
      sessid,
      params,
      headers,
      fields,
    }
  }
  const kind = r()
  let body: Body
  const form = (): [string, string][] => fields
  if (route.prefersJson ? kind < 0.15 : kind < 0.55) {
    body = {
      kind: 'urlencoded',
      contentType: pick(r, [
        'application/x-www-form-urlencoded; charset=UTF-8',
        'application/x-www-form-urlencoded',
        'APPLICATION/X-WWW-FORM-URLENCODED',
      ]),
      bytes: bytes(urlencoded(r, form())),
    }
  } else if (route.prefersJson ? kind < 0.25 : kind < 0.68) {
    const fd = new FormData()
    for (const [k, v] of form()) fd.append(k, v)
    if (r() < 0.3)
      fd.append(
        pick(r, ['FILES[]', 'file', 'photo', ...route.fields.map((f) => f.path.join('.'))]),
        new File(
          [pick(r, ['GIF89a', '<svg onload=alert(1)>', '\u0000\u0001'])],
          pick(r, ['x.gif', '../../x.svg', 'a\u0000.jpg', '']),
          { type: pick(r, ['image/gif', 'image/svg+xml', 'text/html', '']) },
        ),
      )
    body = { kind: 'multipart', contentType: null, form: fd }
  } else if (route.prefersJson ? kind < 0.85 : kind < 0.8) {
    const obj: Record<string, unknown> = {}
    // Near-valid inputs keep their JSON well-formed and their values strings, so they reach the use-case.
    for (const [k, v] of form())
      obj[k] = !nearValid && r() < 0.15 ? pick(r, [Number(v), [v], { v }, null, true, -1, 1.5]) : v
    const text =
      nearValid && r() < 0.8
        ? JSON.stringify(obj)
        : pick(r, [
            () => JSON.stringify(obj),
            () => JSON.stringify(obj),
            () => JSON.stringify(obj),
            () =>
              `{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}${fields.length ? ',' + JSON.stringify(obj).slice(1) : '}'}`,
            () => JSON.stringify([obj]),
            () => 'null',
            () => '"text"',
            () => '12',
            () => JSON.stringify(obj).slice(0, -1),
            () => '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
            () => JSON.stringify({ a: 'x'.repeat(KB100) }),
          ])()
    body = {
      kind: 'json',
      contentType: pick(r, [
        'application/json',
        'application/json; charset=utf-8',
        'application/x-www-form-urlencoded',
      ]),
      bytes: bytes(text),
    }
  } else if (kind < 0.88) {
    body = {
      kind: 'other',
      contentType: pick(r, [
        'text/plain',
        'application/xml',
        null,
        'multipart/form-data',
        'multipart/form-data; boundary=zzz',
        'application/json',
        '*/*',
        'x'.repeat(3000),
      ]),
      bytes: bytes(
        pick(r, [
          urlencoded(r, form()),
          JSON.stringify(Object.fromEntries(form())),
          '<?xml version="1.0"?><a/>',
          '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zzz',
        ]),
      ),
    }
  } else if (kind < 0.94) {
    body = {
      kind: 'raw-bytes',
      contentType: 'application/x-www-form-urlencoded',
      bytes: invalidUtf8(r, urlencoded(r, form().slice(0, 3)) + '&'),
    }
  } else {
    body = {
      kind: 'empty',
      contentType: pick(r, [
        'application/x-www-form-urlencoded',
        'application/json',
        'multipart/form-data; boundary=x',
        null,
      ]),
    }
  }
  return {
    index,
    method,
    query: r() < 0.1 ? urlencoded(r, fields.slice(0, 3)) : '',
    body,
    sessid,
    params,
    headers,
    fields,
  }
}

/** The Request for an input, as the visitor's browser (or a forger) would send it. */
export function build(route: RouteShape, input: FuzzInput, visitor: Visitor, stranger: Visitor): Request {
  const headers = new Headers(input.headers)
  if (input.sessid !== 'no-cookie') headers.set('cookie', visitor.cookie)
  const url = new URL(route.url, 'http://localhost:3000')
  if (input.query) url.search = `?${input.query}`
  if (input.method === 'GET' || !input.body) return new Request(url, { method: input.method, headers })
  const sessidFields: [string, string][] =
    input.sessid === 'valid' || input.sessid === 'no-cookie'
      ? [['sessid', visitor.sessid]]
      : input.sessid === 'wrong'
        ? [['sessid', visitor.sessid.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]]
        : input.sessid === 'foreign'
          ? [['sessid', stranger.sessid]]
          : input.sessid === 'array'
            ? [['sessid[]', visitor.sessid]]
            : input.sessid === 'huge'
              ? [['sessid', 'x'.repeat(KB100)]]
              : input.sessid === 'twice'
                ? [
                    ['sessid', stranger.sessid],
                    ['sessid', visitor.sessid],
                  ]
                : []
  const body = input.body
  if (body.kind === 'multipart') {
    for (const [k, v] of sessidFields) body.form.append(k, v)
    return new Request(url, { method: 'POST', headers, body: body.form })
  }
  if (body.contentType !== null) headers.set('content-type', body.contentType)
  if (body.kind === 'empty') return new Request(url, { method: 'POST', headers })
  let payload = body.bytes
  // A valid sessid rides where the body type carries it: in the JSON object or the form.
  if (sessidFields.length && body.kind === 'json' && body.contentType?.startsWith('application/json')) {
    const text = new TextDecoder().decode(payload)
    if (text.startsWith('{') && text.endsWith('}')) {
      const pairs = sessidFields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')
      payload = bytes(text === '{}' ? `{${pairs}}` : `${text.slice(0, -1)},${pairs}}`)
    }
  } else if (sessidFields.length) {
    const tail = bytes(sessidFields.map(([k, v]) => `&${pct(k)}=${pct(v)}`).join(''))
    const joined = new Uint8Array(new ArrayBuffer(payload.length + tail.length))
    joined.set(payload)
    joined.set(tail, payload.length)
    payload = joined
  }
  return new Request(url, { method: 'POST', headers, body: payload })
}

/** One line a person can read: what was sent. */
export function describeInput(input: FuzzInput): string {
  const short = (s: string) =>
    s.length > 80 ? `${JSON.stringify(s.slice(0, 40))}…(${s.length} chars)` : JSON.stringify(s)
  const fields =
    input.fields.length > 12
      ? `${input.fields.length} fields`
      : input.fields.map(([k, v]) => `${short(k)}=${short(v)}`).join(' ')
  const body = input.body ? `${input.body.kind} (${input.body.contentType ?? 'no content-type'})` : 'no body'
  return `#${input.index} ${input.method} sessid=${input.sessid} params=${short(JSON.stringify(input.params))} ${body} query=${short(input.query)} fields: ${fields}`
}

// ---------------------------------------------------------------------------------------------
// The checks.

/** Internals that must never reach a client: stack frames, error class names, paths, SQL errors. */
const LEAKS: readonly [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/)?\/?[\w.\-/]+\.(?:[cm]?[jt]sx?)(?::\d+)+\)?/],
  ['stack frame', /\n\s+at [\w$.<>]+/],
  ['node_modules', /node_modules/],
  [
    'error class',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError|EvalError|AggregateError|DrizzleError|DatabaseError|ZodError)\b/,
  ],
  ['"Error:"', /\bError: /],
  ['connection error', /\bE(?:CONN\w+|PIPE|ADDRINUSE|NOENT|ACCES)\b/],
  [
    'SQL error',
    /syntax error at|violates (?:unique|foreign key|not-null|check) constraint|duplicate key value|invalid input syntax for|relation "[\w]+" does not exist|out of range for type|unterminated quoted|invalid byte sequence/i,
  ],
  ['SQL text', /\b(?:select|insert into|update|delete from) [\w"*, ]+ (?:from|values|set|where)\b.*\$\d/i],
  ['source path', /\/(?:work|home|app|src|usr\/src)\/[\w.\-/]+\.(?:[cm]?[jt]sx?)\b/],
]

export function leaksIn(text: string): string[] {
  return LEAKS.filter(([, re]) => re.test(text)).map(([name]) => name)
}

/** How the routes refuse: a 4xx, or a 200 whose body carries the spec's error fields. */
export function isRefusal(status: number, body: unknown): boolean {
  if (status >= 400) return true
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false
  const b = body as Record<string, unknown>
  const order = b.order as { ERROR?: Record<string, unknown> } | null | undefined
  return (
    Boolean(b.error) ||
    Boolean(b.productError) ||
    (Array.isArray(b.errors) && b.errors.length > 0) ||
    b.status === 'error' ||
    b.success === false ||
    b.ok === false ||
    Boolean(order?.ERROR && Object.values(order.ERROR).some((v) => Array.isArray(v) && v.length > 0))
  )
}

const PROTOTYPES: readonly object[] = [
  Object.prototype,
  Array.prototype,
  Function.prototype,
  String.prototype,
]

/** Own properties of the built-in prototypes: a polluted one gains a key. */
export function prototypeKeys(): string[] {
  return PROTOTYPES.flatMap((p, i) => Reflect.ownKeys(p).map((k) => `${i}:${String(k)}`))
}

/** Removes keys a polluter added (negative controls only), back to a prototypeKeys() snapshot. */
export function unpollute(snapshot: readonly string[]): void {
  const known = new Set(snapshot)
  PROTOTYPES.forEach((p, i) => {
    for (const k of Reflect.ownKeys(p)) if (!known.has(`${i}:${String(k)}`)) Reflect.deleteProperty(p, k)
  })
}

// ---------------------------------------------------------------------------------------------
// The write log: an AFTER ROW trigger on every business table records each real change. A refused
// request is clean when no row was logged during it; what a rolled-back transaction wrote is rolled
// back from the log too. Cheaper than checksumming the tables around each of ~30 000 requests, and it
// names the table that changed.

export async function installWriteLog(exclude: ReadonlySet<string>): Promise<string[]> {
  await db().execute(
    sql.raw(
      `create table if not exists fuzz_writes (id bigserial primary key, tbl text not null, op text not null)`,
    ),
  )
  await db().execute(
    sql.raw(`create or replace function fuzz_log() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old is not distinct from new then return null; end if;
        insert into fuzz_writes (tbl, op) values (tg_table_name, tg_op);
        return null;
      end $$`),
  )
  const tables = await queryRows<{ table_name: string }>(
    db(),
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_writes' order by table_name`,
  )
  const watched = tables.map((t) => t.table_name).filter((t) => !exclude.has(t) && !t.startsWith('__drizzle'))
  for (const t of watched) {
    await db().execute(sql.raw(`drop trigger if exists fuzz_log on "${t}"`))
    await db().execute(
      sql.raw(
        `create trigger fuzz_log after insert or update or delete on "${t}" for each row execute function fuzz_log()`,
      ),
    )
  }
  return watched
}

export interface WriteMark {
  last: number
}

export async function writeMark(): Promise<WriteMark> {
  const [row] = await queryRows<{ last: string | number | null }>(
    db(),
    sql`select max(id) as last from fuzz_writes`,
  )
  return { last: Number(row?.last ?? 0) }
}

/** Tables written since the mark ('orders INSERT' …); moves the mark. */
export async function writesSince(mark: WriteMark): Promise<string[]> {
  const rows = await queryRows<{ id: string | number; tbl: string; op: string }>(
    db(),
    sql`select id, tbl, op from fuzz_writes where id > ${mark.last} order by id`,
  )
  if (rows.length) mark.last = Number(rows.at(-1)!.id)
  return [...new Set(rows.map((r) => `${r.tbl} ${r.op}`))]
}

// ---------------------------------------------------------------------------------------------
// The run.

export type Handler = (
  request: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>

export interface FuzzTarget extends RouteShape {
  handlers: Partial<Record<'GET' | 'POST', Handler>>
  /** Writes a route defers past its answer (a batched log), made now so they count for their input. */
  settle?: () => Promise<void>
}

export interface FuzzReport {
  seed: number
  inputs: number
  statuses: Record<number, number>
  refusals: number
  acceptedWrites: number
  /** By sessid kind: how many inputs carried a valid one (reached validation). */
  validSessid: number
  failures: string[]
}

export interface FuzzOptions {
  seed: number
  count: number
  ctx: GenContext
  /** The visitor used for each input; may change while the run goes (a logout, a deleted account). */
  visitor: (r: Rand) => Visitor
  stranger: Visitor
  /** Failures kept in the report (the run goes on to count them all). */
  keep?: number
}

export async function fuzzRoute(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const r = rng(options.seed)
  const report: FuzzReport = {
    seed: options.seed,
    inputs: 0,
    statuses: {},
    refusals: 0,
    acceptedWrites: 0,
    validSessid: 0,
    failures: [],
  }
  const keep = options.keep ?? 10
  const protoBefore = prototypeKeys().join('|')
  const mark = await writeMark()
  let failed = 0
  const fail = (input: FuzzInput, why: string, status?: number, text?: string) => {
    failed++
    if (report.failures.length < keep) {
      report.failures.push(
        `${target.url} seed=${options.seed} ${why}${status === undefined ? '' : ` → ${status} ${JSON.stringify((text ?? '').slice(0, 300))}`}\n    input ${describeInput(input)}`,
      )
    }
  }
  for (let i = 0; i < options.count; i++) {
    const input = generate(r, i, target, options.ctx)
    const handler = target.handlers[input.method]!
    const request = build(target, input, options.visitor(r), options.stranger)
    report.inputs++
    if (input.sessid === 'valid') report.validSessid++
    let res: Response
    try {
      res = await handler(request, { params: Promise.resolve(input.params) })
    } catch (error) {
      // A throw out of a route handler is what Next turns into a 500 with its own error page.
      fail(input, `threw ${error instanceof Error ? error.name : typeof error}`)
      await writesSince(mark)
      continue
    }
    const text = await res.text()
    await target.settle?.()
    report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1
    if (res.status >= 500) fail(input, '5xx', res.status, text)
    const leaks = leaksIn(text)
    if (leaks.length) fail(input, `leaks ${leaks.join(', ')}`, res.status, text)
    let body: unknown = text
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = JSON.parse(text)
      } catch {
        fail(input, 'says JSON but the body is not', res.status, text)
      }
    }
    const writes = await writesSince(mark)
    if (isRefusal(res.status, body)) {
      report.refusals++
      if (writes.length) fail(input, `refused but wrote ${writes.join(', ')}`, res.status, text)
    } else if (writes.length) report.acceptedWrites++
    if (prototypeKeys().join('|') !== protoBefore) {
      fail(input, 'polluted a built-in prototype')
      break
    }
  }
  if (failed > report.failures.length)
    report.failures.push(`… and ${failed - report.failures.length} more failures`)
  return report
}
