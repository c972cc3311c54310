import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { PGLITE_MEMORY_SIZE, PGLITE_SHARED_BUFFERS_DEFAULT } from '../db/pglite-memory'
import { paymentSandboxOn, productionProblems, shopModeOf, type ShopMode } from './shop-mode'
import { testHook } from './test-hooks'

/** The only reader of process.env. Every variable has a default that works for a local run. */
/** An empty variable means unset, as in shells and CI files. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v)

/**
 * How many reverse proxies in front of the shop append the client's address to X-Forwarded-For.
 * off (0): the header is the client's own claim and is ignored; on = 1 (ADR 051, client addresses).
 */
const trustProxy = z
  .enum(['off', 'false', '0', 'on', 'true', '1', '2', '3', '4', '5'])
  .default('off')
  .transform((v) => (v === 'off' || v === 'false' ? 0 : v === 'on' || v === 'true' ? 1 : Number(v)))

/** One company detail (ADR 110), a text of up to 500 characters; empty means unset. */
const shopDetail = z.preprocess(unsetIfEmpty, z.string().max(500).optional())

const schema = z.object({
  /** 'production', or a public https PUBLIC_URL: strict checks, no demo accounts, no sandbox (ADR 152). */
  SHOP_MODE: z.preprocess(unsetIfEmpty, z.enum(['demo', 'production']).optional()),
  /** 1: the card and Долями sandbox runs in production mode, and every page says so (ADR 152). */
  PAYMENT_SANDBOX: z.preprocess(unsetIfEmpty, z.string().optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Set by Next: 'nodejs' or 'edge'. */
  NEXT_RUNTIME: z.string().optional(),
  /** Unset: embedded PGlite in PGLITE_DIR. Set: node-postgres against that server. */
  DATABASE_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
  PGLITE_DIR: z.string().default('var/db'),
  /** PGlite's buffer pool, resident in the shop's process for its whole life (ADR 216); e.g. 32MB, 128MB. */
  PGLITE_SHARED_BUFFERS: z.string().regex(PGLITE_MEMORY_SIZE).default(PGLITE_SHARED_BUFFERS_DEFAULT),
  VAR_DIR: z.string().default('var'),
  SESSION_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32).optional()),
  /** Unset: mails are written as .eml files to var/mail/. */
  SMTP_URL: z.preprocess(unsetIfEmpty, z.string().optional()),
  MAIL_FROM: z.string().default('Витамаркет <shop@vitamarket.local>'),
  SHOP_EMAIL: z.string().default('orders@vitamarket.local'),
  MAP_TILES_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** true: cookies get the Secure flag even over http; an https PUBLIC_URL always gets it (S2). */
  COOKIE_SECURE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).optional()),
  /** Social login provider: 'off' hides the buttons; 'ulogin' verifies tokens at ULOGIN_TOKEN_URL; 'fake' is for tests. */
  SOCIAL_LOGIN: z.preprocess(unsetIfEmpty, z.enum(['off', 'ulogin', 'fake']).default('off')),
  ULOGIN_TOKEN_URL: z.string().url().default('https://ulogin.ru/token.php'),
  ULOGIN_AUTH_URL: z.string().url().default('https://ulogin.ru/auth.php'),
  TRUST_PROXY: z.preprocess(unsetIfEmpty, trustProxy),
  /**
   * Not a setting: our HTTP server (scripts/serve.ts) names, per process, the header it writes the
   * socket address into, so a client cannot send one that counts (ADR 156). Unset under plain `next start`.
   */
  SOCKET_ADDRESS_HEADER: z.preprocess(unsetIfEmpty, z.string().regex(/^x-socket-[0-9a-f]{32}$/).optional()),
  /** A session unused this long is over (signed out, guest basket forgotten); ADR 131. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A session is over this long after sign-in (or its first use), however busy; ADR 131. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Bearer token of the back-office API (ADR 055); unset: the API answers 404. */
  ADMIN_API_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(32).max(512).regex(/^[\x21-\x7e]+$/).optional()),
  /** Yandex.Metrika counter number; unset: no counter. Counters load only after cookie consent (ADR 115). */
  METRIKA_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{1,12}$/).optional()),
  /** Where Metrika's tag.js comes from; its origin joins the CSP when METRIKA_ID is set. */
  METRIKA_SCRIPT_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://mc.yandex.ru/metrika/tag.js')),
  /** Google Tag Manager container (GTM-XXXXXXX); unset: no container (ADR 115). */
  GTM_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^GTM-[A-Z0-9]{4,12}$/).optional()),
  /** Where gtm.js comes from (?id= is added); its origin joins the CSP when GTM_ID is set. */
  GTM_SCRIPT_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://www.googletagmanager.com/gtm.js')),
  /** Origins the tags inside the GTM container load from and send to, space-separated (e.g. https://*.google-analytics.com). */
  ANALYTICS_CSP_ORIGINS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^(https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?\s*)*$/i, 'origins like https://*.example.com, space-separated')
      .default(''),
  ),
  /** Company details (ADR 110); each overrides the `shop.details` setting; unset: the setting, then the example. */
  SHOP_LEGAL_NAME: shopDetail,
  SHOP_INN: z.preprocess(unsetIfEmpty, z.string().regex(/^(\d{10}|\d{12})$/).optional()),
  SHOP_KPP: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{9}$/).optional()),
  SHOP_OGRN: z.preprocess(unsetIfEmpty, z.string().regex(/^(\d{13}|\d{15})$/).optional()),
  SHOP_ADDRESS: shopDetail,
  SHOP_PHONE: shopDetail,
  SHOP_HOURS: shopDetail,
  SHOP_PUBLIC_EMAIL: z.preprocess(unsetIfEmpty, z.string().email().optional()),
  SHOP_BANK_NAME: shopDetail,
  SHOP_BIK: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{9}$/).optional()),
  SHOP_ACCOUNT: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{20}$/).optional()),
  SHOP_CORR_ACCOUNT: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{20}$/).optional()),
  /** DaData API key (ADR 175); unset: addresses are free text with a house number check, no city by IP. */
  DADATA_API_KEY: z.preprocess(unsetIfEmpty, z.string().min(8).max(200).regex(/^[\x21-\x7e]+$/).optional()),
  /** DaData suggestions API base, without the method: …/suggestions/api/4_1/rs */
  DADATA_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://suggestions.dadata.ru/suggestions/api/4_1/rs')),
  /** Where B2B requests and webinar registrations are mailed (ADR 112); unset: the setting, then SHOP_EMAIL. */
  SHOP_LEADS_EMAIL: z.preprocess(unsetIfEmpty, z.string().email().optional()),
  /** СДЭК API v2 integration keys (ADR 176); both set: СДЭК points and prices come from СДЭК. */
  CDEK_CLIENT_ID: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  CDEK_CLIENT_SECRET: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  /** https://api.cdek.ru/v2; СДЭК's test environment is https://api.edu.cdek.ru/v2. */
  CDEK_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://api.cdek.ru/v2')),
  /** СДЭК city code the parcels leave from (44: Москва, where the shop's warehouse is). */
  CDEK_FROM_CITY_CODE: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().default(44)),
  /** The СДЭК office where the shop hands parcels in (shipment_point of POST /orders, ADR 188); unset: no registration. */
  CDEK_SHIPMENT_POINT: z.preprocess(unsetIfEmpty, z.string().regex(/^[A-Za-z0-9_-]{1,20}$/).optional()),
  /**
   * Почта России (ADR 194): the otpravka API's access token and the account's login and password (the
   * `X-User-Authorization: Basic` key). All three set: the «Почта России» method shows the real post
   * offices and the calculator's prices.
   */
  POCHTA_TOKEN: z.preprocess(unsetIfEmpty, z.string().max(200).regex(/^[\x21-\x7e]+$/).optional()),
  POCHTA_LOGIN: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  POCHTA_PASSWORD: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  /** The public tariff calculator (tariff.pochta.ru), without the /v2/… method. */
  POCHTA_TARIFF_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://tariff.pochta.ru')),
  /** The otpravka API, without the /1.0/… or /postoffice/… method. */
  POCHTA_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://otpravka-api.pochta.ru')),
  /** The postal index of the office where the shop hands its parcels in (the calculator's `from`). */
  POCHTA_FROM_INDEX: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{6}$/).default('101000')),
  /** true: parcels to post offices are registered with otpravka from the order page (PUT /1.0/user/backlog). */
  POCHTA_SHIPMENTS: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('false')),
  /** Boxberry API token (ADR 193); set: the «Пункты выдачи Boxberry» method shows Boxberry's points and prices. */
  BOXBERRY_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(8).max(200).regex(/^[\x21-\x7e]+$/).optional()),
  /** Boxberry's JSON API: https://api.boxberry.ru/json.php (methods are the `method` query parameter). */
  BOXBERRY_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://api.boxberry.ru/json.php')),
  /** The Boxberry point where the shop hands parcels in (DeliveryCosts targetstart, ParselCreate shop.name1); unset: the contract's. */
  BOXBERRY_FROM_POINT: z.preprocess(unsetIfEmpty, z.string().regex(/^[A-Za-z0-9_-]{1,20}$/).optional()),
  /** ЮKassa (ADR 173): with the shop id and secret key set, card payments go through it instead of the sandbox. */
  YOOKASSA_SHOP_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^\d{1,20}$/).optional()),
  YOOKASSA_SECRET_KEY: z.preprocess(unsetIfEmpty, z.string().min(8).max(200).regex(/^[\x21-\x7e]+$/).optional()),
  YOOKASSA_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://api.yookassa.ru/v3/')),
  /** Where ЮKassa's notifications may come from, CIDRs or addresses, space- or comma-separated (its documented networks). */
  YOOKASSA_NOTIFY_NETWORKS: z.preprocess(
    unsetIfEmpty,
    z.string().default('185.71.76.0/27 185.71.77.0/27 77.75.153.0/25 77.75.156.11 77.75.156.35 77.75.154.128/25 2a02:5180::/32'),
  ),
  /** true: the money is held at payment and taken by a capture (two-stage); default one-stage. */
  YOOKASSA_TWO_STAGE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('false')),
  /** How long one call to ЮKassa may take before it counts as a timeout (then retried with the same key). */
  YOOKASSA_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(50).max(120_000).default(15_000)),
  /** 1С exchange (ADR 189): the biggest piece of a file 1С may send in one request; bigger files come in pieces. */
  EXCHANGE_FILE_LIMIT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(65_536).max(1_073_741_824).default(8_388_608)),
  /** How long one `import` request may work before it answers `progress` and 1С asks again. */
  EXCHANGE_STEP_SECONDS: z.preprocess(unsetIfEmpty, z.coerce.number().min(0.001).max(600).default(20)),
  /** The 1С price type (its name or Ид) that is the shop's price; unset: «Розничная», else the first listed. */
  EXCHANGE_RETAIL_PRICE_TYPE: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  /** The 1С price type shown crossed out as the old price; unset: none. */
  EXCHANGE_OLD_PRICE_TYPE: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  /** Warehouses (Ид, comma-separated) whose stock is summed into an offer's stock; unset: all of them. */
  EXCHANGE_WAREHOUSES: z.preprocess(unsetIfEmpty, z.string().max(2000).optional()),
  /** The encoding of the answers and of the orders' XML that 1С reads. */
  EXCHANGE_ENCODING: z.preprocess(unsetIfEmpty, z.enum(['windows-1251', 'utf-8']).default('windows-1251')),
  /** Which gateway serves card payments when more than one has its keys set (ADR 181); unset: ЮKassa, then Т-Банк. */
  CARD_GATEWAY: z.preprocess(unsetIfEmpty, z.enum(['yookassa', 'tbank']).optional()),
  /** Т-Банк acquiring API v2 (ADR 181): with the terminal key and password set, it serves card payments. */
  TBANK_TERMINAL_KEY: z.preprocess(unsetIfEmpty, z.string().max(64).regex(/^[\x21-\x7e]+$/).optional()),
  TBANK_PASSWORD: z.preprocess(unsetIfEmpty, z.string().max(200).regex(/^[\x21-\x7e]+$/).optional()),
  /** https://securepay.tinkoff.ru/v2/; Т-Банк's test environment is https://rest-api-test.tinkoff.ru/v2/. */
  TBANK_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://securepay.tinkoff.ru/v2/')),
  /** true: the money is held at payment and taken by Confirm (two-stage, PayType T); default one-stage. */
  TBANK_TWO_STAGE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('false')),
  /** The shop's tax system in Т-Банк's receipts (Receipt.Taxation). */
  TBANK_TAXATION: z.preprocess(unsetIfEmpty, z.enum(['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent']).default('usn_income')),
  TBANK_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(50).max(120_000).default(15_000)),
  /** Долями partner API (ADR 182): with login, password, certificate and key set, it serves the 'dolyame' method. */
  DOLYAME_LOGIN: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  DOLYAME_PASSWORD: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  /** The client certificate and its key: PEM text (line breaks may be written as the two characters \\n) or the path of a PEM file. */
  DOLYAME_CERT: z.preprocess(unsetIfEmpty, z.string().max(20_000).optional()),
  DOLYAME_KEY: z.preprocess(unsetIfEmpty, z.string().max(20_000).optional()),
  /** The CA of Долями's server when it is not a public one (a staging or test server); PEM text or path. */
  DOLYAME_CA: z.preprocess(unsetIfEmpty, z.string().max(20_000).optional()),
  DOLYAME_API_URL: z.preprocess(unsetIfEmpty, z.string().url().default('https://partner.dolyame.ru/v1/')),
  DOLYAME_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(50).max(120_000).default(15_000)),
  /**
   * S3-compatible storage for product pictures (ADR 184): set S3_BUCKET and the keys to store there
   * instead of VAR_DIR/uploads. S3_PUBLIC_URL is where buyers' browsers fetch the files (the bucket's
   * public address or a CDN before it); by default the endpoint and bucket, path style.
   */
  S3_ENDPOINT: z.preprocess(unsetIfEmpty, z.string().url().optional()),
  S3_BUCKET: z.preprocess(unsetIfEmpty, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  S3_REGION: z.preprocess(unsetIfEmpty, z.string().max(50).default('ru-central1')),
  S3_PUBLIC_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
})

export type Env = z.infer<typeof schema> & {
  SESSION_SECRET: string
  cookieSecure: boolean
  mode: ShopMode
  /** The built-in card and Долями sandbox is offered (ADR 152). */
  paymentSandbox: boolean
}

let cached: Env | undefined
let cachedAt = 0

/**
 * A test that stubs variables bumps this (reloadEnv in tests/support/test-hooks.ts), and the next
 * env() reads process.env again.
 */
export const envReloads = testHook('env reloads', 0)

export function env(): Env {
  if (cached && cachedAt === envReloads()) return cached
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`)
  }
  const value = parsed.data
  const mode = shopModeOf(process.env)
  cached = {
    ...value,
    mode,
    paymentSandbox: paymentSandboxOn(process.env),
    SESSION_SECRET: value.SESSION_SECRET ?? demoSecret(mode, value.VAR_DIR),
    cookieSecure: value.PUBLIC_URL.startsWith('https:') || value.COOKIE_SECURE === 'true',
  }
  cachedAt = envReloads()
  return cached
}

/**
 * The production start check (ADR 152) on the raw settings, before env() parses them: a bad setting is
 * then one line naming it, not a stack trace.
 */
export function startProblems(): string[] {
  return productionProblems(process.env)
}

/** 'nodejs' or 'edge' as Next sets it, without parsing the rest (which may be what is wrong). */
export function nextRuntime(): string | undefined {
  return process.env.NEXT_RUNTIME
}

/**
 * Instances of a production shop sit behind one proxy and must sign alike, so each cannot invent its
 * own secret: there SESSION_SECRET is required (the start check names it first).
 */
function demoSecret(mode: ShopMode, varDir: string): string {
  if (mode === 'production') throw new Error('SESSION_SECRET is not set: production mode needs one shared secret (ADR 152).')
  return readOrCreateSecret(varDir)
}

/** A demo's secret kept in var/ so sessions survive restarts without any set-up. */
function readOrCreateSecret(varDir: string): string {
  const file = path.join(varDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(varDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}
