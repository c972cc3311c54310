/**
 * `npx tsx bench/exchange-import.ts` (also run by `npm run bench`, filter «exchange»): 1С's catalogue
 * exchange through the protocol over HTTP (issue 21, ADR 197): checkauth → init → import.xml in
 * pieces → import steps until success → offers.xml likewise, for EXCHANGE_GOODS goods (10 000) in 100
 * groups with EXCHANGE_OFFERS offers (25 000: half the goods without characteristics, the other half
 * with four each), two price types, three warehouses; import.xml in windows-1251, offers.xml in UTF-8,
 * both written by the bench as 1С writes them. Prints each file's steps (count, p95, max), the total
 * time, the server's peak RSS and the load average, against the budgets: p95 of a step ≤ 30 s,
 * total ≤ 3 min, peak RSS ≤ 512 MB. Then the daily case: the same offers.xml again in a new run.
 *
 * The server is bench/exchange-server.ts in a process of its own (the route handler of the exchange
 * address, on a fresh PGlite file-backed in var/bench-exchange/db, prepared by another process, or
 * PostgreSQL with BENCH_DATABASE_URL); or a running shop at EXCHANGE_BENCH_URL (with
 * EXCHANGE_BENCH_AUTH=email:password and EXCHANGE_BENCH_PID for its RSS).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { loadavg } from 'node:os'
import path from 'node:path'
import iconv from 'iconv-lite'

const GOODS = Number(process.env.EXCHANGE_GOODS ?? 10_000)
const OFFERS = Number(process.env.EXCHANGE_OFFERS ?? 25_000)
const PORT = Number(process.env.EXCHANGE_BENCH_PORT ?? 3210)
const BUDGET = { stepP95Ms: 30_000, totalMs: 180_000, rssMb: 512 }
const DIR = path.resolve(process.env.EXCHANGE_BENCH_DIR ?? 'var/bench-exchange')

const guid = (kind: number, i: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Writes text through an encoder in ~1 MB pieces, waiting for the disk. */
async function writeFile(file: string, encoding: string, parts: () => Generator<string>): Promise<number> {
  const out = createWriteStream(file)
  if (encoding === 'utf-8') out.write(Buffer.from([0xef, 0xbb, 0xbf]))
  let buffer = ''
  for (const part of parts()) {
    buffer += part
    if (buffer.length > 1 << 20) {
      if (!out.write(iconv.encode(buffer, encoding))) await once(out, 'drain')
      buffer = ''
    }
  }
  out.end(iconv.encode(buffer, encoding))
  await once(out, 'finish')
  return statSync(file).size
}

const HEAD = (encoding: string) =>
  `<?xml version="1.0" encoding="${encoding}"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T12:00:00">\n`
const GROUPS = 100
const MAKERS = ['Эвалар', 'Солгар', 'Now Foods', 'Doctor’s Best', 'Natrol', 'Jarrow', 'Витрум', 'Компливит', 'Алфавит', 'Супрадин']
const withCharacteristics = (i: number) => i >= GOODS - Math.max(0, Math.round((OFFERS - GOODS) / 3))
const SIZES = ['30 капсул', '60 капсул', '90 капсул', '120 капсул']

function* importXml(): Generator<string> {
  yield HEAD('windows-1251')
  yield '<Классификатор><Ид>bench-cls</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование><Группы>'
  for (let g = 0; g < GROUPS; g++) yield `<Группа><Ид>${guid(1, g)}</Ид><Наименование>Группа бенчмарка ${g + 1}</Наименование></Группа>`
  yield '</Группы><Свойства>'
  yield `<Свойство><Ид>${guid(2, 1)}</Ид><Наименование>Страна производства</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>${['Россия', 'США', 'Германия', 'Швейцария'].map((v, i) => `<Справочник><ИдЗначения>${guid(3, i)}</ИдЗначения><Значение>${v}</Значение></Справочник>`).join('')}</ВариантыЗначений></Свойство>`
  yield `<Свойство><Ид>${guid(2, 2)}</Ид><Наименование>Форма выпуска</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>`
  yield '</Свойства></Классификатор>\n<Каталог СодержитТолькоИзменения="false"><Ид>bench-cat</Ид><ИдКлассификатора>bench-cls</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>\n'
  for (let i = 0; i < GOODS; i++) {
    const name = `Комплекс 1С номер ${i} капсулы`
    yield [
      '<Товар>',
      `<Ид>${guid(4, i)}</Ид>`,
      `<Артикул>BX-${i}</Артикул>`,
      `<Наименование>${esc(name)}</Наименование>`,
      '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
      `<Группы><Ид>${guid(1, i % GROUPS)}</Ид></Группы>`,
      `<Описание>${esc(`Описание товара ${i}: биологически активная добавка к пище. Не является лекарством.`)}</Описание>`,
      `<Штрихкод>46${String(10_000_000_000 + i)}</Штрихкод>`,
      `<Изготовитель><Ид>${guid(5, i % MAKERS.length)}</Ид><Наименование>${esc(MAKERS[i % MAKERS.length]!)}</Наименование></Изготовитель>`,
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>${guid(2, 1)}</Ид><Значение>${guid(3, i % 4)}</Значение></ЗначенияСвойства><ЗначенияСвойства><Ид>${guid(2, 2)}</Ид><Значение>Капсулы</Значение></ЗначенияСвойства></ЗначенияСвойств>`,
      '<СтавкиНалогов><СтавкаНалога><Наименование>НДС</Наименование><Ставка>20</Ставка></СтавкаНалога></СтавкиНалогов>',
      `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита><ЗначениеРеквизита><Наименование>Состав</Наименование><Значение>Состав ${i}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>`,
      '</Товар>\n',
    ].join('')
  }
  yield '</Товары></Каталог>\n</КоммерческаяИнформация>\n'
}

function offerXml(id: string, i: number, size?: string): string {
  const price = 300 + (i % 2000)
  return [
    '<Предложение>',
    `<Ид>${id}</Ид>`,
    `<Наименование>Комплекс 1С номер ${i}${size ? ` (${size})` : ''}</Наименование>`,
    size ? `<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Фасовка</Наименование><Значение>${size}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>` : '',
    `<Цены><Цена><Представление>${price} RUB за шт</Представление><ИдТипаЦены>${guid(6, 1)}</ИдТипаЦены><ЦенаЗаЕдиницу>${price}.00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`,
    `<Цена><Представление>${price + 150} RUB за шт</Представление><ИдТипаЦены>${guid(6, 2)}</ИдТипаЦены><ЦенаЗаЕдиницу>${price + 150}.00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена></Цены>`,
    `<Количество>${(i % 7) + (i % 5) + (i % 3)}</Количество>`,
    `<Склад ИдСклада="${guid(7, 1)}" КоличествоНаСкладе="${i % 7}"/><Склад ИдСклада="${guid(7, 2)}" КоличествоНаСкладе="${i % 5}"/><Склад ИдСклада="${guid(7, 3)}" КоличествоНаСкладе="${i % 3}"/>`,
    '</Предложение>\n',
  ].join('')
}

function* offersXml(): Generator<string> {
  yield HEAD('UTF-8')
  yield '<ПакетПредложений СодержитТолькоИзменения="false"><Ид>bench-cat#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>bench-cat</ИдКаталога><ИдКлассификатора>bench-cls</ИдКлассификатора>'
  yield `<ТипыЦен><ТипЦены><Ид>${guid(6, 1)}</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены><ТипЦены><Ид>${guid(6, 2)}</Ид><Наименование>Старая цена</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>`
  yield `<Склады>${['Основной склад', 'Магазин', 'Резерв'].map((n, w) => `<Склад><Ид>${guid(7, w + 1)}</Ид><Наименование>${n}</Наименование></Склад>`).join('')}</Склады><Предложения>\n`
  for (let i = 0; i < GOODS; i++) {
    if (withCharacteristics(i)) for (const [c, size] of SIZES.entries()) yield offerXml(`${guid(4, i)}#${guid(8, i * 4 + c)}`, i, size)
    else yield offerXml(guid(4, i), i)
  }
  yield '</Предложения></ПакетПредложений>\n</КоммерческаяИнформация>\n'
}

const offerCount = () => Array.from({ length: GOODS }, (_, i) => (withCharacteristics(i) ? SIZES.length : 1)).reduce((a, b) => a + b, 0)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

let base = process.env.EXCHANGE_BENCH_URL ?? `http://127.0.0.1:${PORT}/bitrix/admin/1c_exchange.php`
const auth = process.env.EXCHANGE_BENCH_AUTH ?? 'exchange-bench@bench.test:exchange-bench-2026'

async function call(query: string, options: { cookie?: string; body?: Uint8Array; auth?: string } = {}): Promise<string[]> {
  const headers: Record<string, string> = { 'user-agent': '1C+Enterprise/8.3' }
  if (options.cookie) headers.cookie = options.cookie
  if (options.auth) headers.authorization = `Basic ${Buffer.from(options.auth).toString('base64')}`
  const res = await fetch(`${base}?${query}`, { method: options.body ? 'POST' : 'GET', headers, body: options.body ? new Uint8Array(options.body) : undefined })
  const type = res.headers.get('content-type') ?? ''
  const text = iconv.decode(Buffer.from(await res.arrayBuffer()), /charset=([\w-]+)/.exec(type)?.[1] ?? 'utf-8')
  return text.split('\n')
}

async function sendFile(cookie: string, name: string, file: string, limit: number): Promise<void> {
  const handle = await open(file)
  try {
    const buffer = Buffer.alloc(limit)
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, limit)
      if (!bytesRead) break
      const answer = await call(`type=catalog&mode=file&filename=${name}`, { cookie, body: buffer.subarray(0, bytesRead) })
      if (answer[0] !== 'success') throw new Error(`file ${name}: ${answer.join(' | ')}`)
    }
  } finally {
    await handle.close()
  }
}

async function importSteps(cookie: string, name: string): Promise<number[]> {
  const steps: number[] = []
  for (;;) {
    const started = performance.now()
    const answer = await call(`type=catalog&mode=import&filename=${name}`, { cookie })
    steps.push(performance.now() - started)
    if (answer[0] === 'success') return steps
    if (answer[0] !== 'progress') throw new Error(`import ${name}: ${answer.join(' | ')}`)
  }
}

/** Peak resident memory of a process (VmHWM), MB. */
function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb ?? 0) / 1024
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')

async function run(label: string, files: { name: string; file: string }[]): Promise<{ totalMs: number; p95: number }> {
  const started = performance.now()
  const login = await call('type=catalog&mode=checkauth', { auth })
  if (login[0] !== 'success') throw new Error(`checkauth: ${login.join(' | ')}`)
  const cookie = `${login[1]}=${login[2]}`
  const init = await call('type=catalog&mode=init', { cookie })
  const limit = Number(init.find((l) => l.startsWith('file_limit='))?.split('=')[1] ?? 8 << 20)
  const all: number[] = []
  for (const { name, file } of files) {
    const sendStarted = performance.now()
    await sendFile(cookie, name, file, limit)
    const sent = performance.now() - sendStarted
    const steps = await importSteps(cookie, name)
    all.push(...steps)
    const sorted = [...steps].sort((a, b) => a - b)
    console.log(
      `  ${label} ${name}: sent in ${seconds(sent)}; ${steps.length} import steps, total ${seconds(steps.reduce((a, b) => a + b, 0))}, p95 ${seconds(percentile(sorted, 95))}, max ${seconds(sorted.at(-1) ?? 0)} (load average ${load()})`,
    )
  }
  const totalMs = performance.now() - started
  return { totalMs, p95: percentile(all.sort((a, b) => a - b), 95) }
}

rmSync(DIR, { recursive: true, force: true })
mkdirSync(DIR, { recursive: true })
const importFile = path.join(DIR, 'import.xml')
const offersFile = path.join(DIR, 'offers.xml')
const importBytes = await writeFile(importFile, 'windows-1251', importXml)
const offersBytes = await writeFile(offersFile, 'utf-8', offersXml)
console.log(`\n1С exchange: ${GOODS} goods in ${GROUPS} groups (import.xml ${(importBytes / 1048576).toFixed(1)} MB, windows-1251), ${offerCount()} offers with 2 price types and 3 warehouses (offers.xml ${(offersBytes / 1048576).toFixed(1)} MB, UTF-8)`)

let server: ReturnType<typeof spawn> | undefined
let pid = Number(process.env.EXCHANGE_BENCH_PID ?? 0)
let failed = false
try {
  if (!process.env.EXCHANGE_BENCH_URL) {
    const db = path.join(DIR, 'db')
    const serverEnv = { ...process.env, EXCHANGE_BENCH_PORT: String(PORT), EXCHANGE_BENCH_DB: db, VAR_DIR: path.join(DIR, 'var'), PGLITE_DIR: '' }
    const args = [...(process.env.EXCHANGE_BENCH_GC ? ['--expose-gc'] : []), '--import', 'tsx', '--conditions=react-server', 'bench/exchange-server.ts']
    if (spawnSync(process.execPath, [...args, '--prepare'], { stdio: 'inherit', env: serverEnv }).status !== 0) throw new Error('the bench database was not prepared')
    // As `npm start` runs a shop on PGlite (scripts/start.ts, ADR 216): V8 tuned for size.
    const flags = process.env.BENCH_DATABASE_URL ? [] : ['--optimize-for-size']
    server = spawn(process.execPath, [...flags, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: serverEnv })
    pid = server.pid ?? 0
    let out = ''
    for await (const chunk of server.stdout as AsyncIterable<Buffer>) {
      out += chunk.toString()
      if (/ready \d+/.test(out)) break
    }
    if (!/ready \d+/.test(out)) throw new Error('the exchange server did not start')
    base = `http://127.0.0.1:${PORT}/bitrix/admin/1c_exchange.php`
    console.log(`server: route handler of the exchange address on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (file-backed)'}, pid ${pid}, RSS before the import ${pid ? peakRssMb(pid).toFixed(0) : '?'} MB`)
  }
  const first = await run('first import', [
    { name: 'import.xml', file: importFile },
    { name: 'offers.xml', file: offersFile },
  ])
  const counts = server ? ((await (await fetch(`http://127.0.0.1:${PORT}/bench/counts`)).json()) as { products: number; offers: number; on_sale: number }) : null
  const rss = pid ? peakRssMb(pid) : 0
  if (server) {
    const m = (await (await fetch(`http://127.0.0.1:${PORT}/bench/memory`)).json()) as Record<string, number>
    console.log(`  server memory now: ${Object.entries(m).map(([k, v]) => `${k} ${(v / 1048576).toFixed(0)} MB`).join(', ')}`)
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
  console.log(`  import step p95 ${seconds(first.p95)} (budget 30 s ${verdict(first.p95 <= BUDGET.stepP95Ms)}); total ${seconds(first.totalMs)} (budget 180 s ${verdict(first.totalMs <= BUDGET.totalMs)}); server peak RSS ${rss.toFixed(0)} MB (budget ${BUDGET.rssMb} MB ${verdict(rss > 0 && rss <= BUDGET.rssMb)}); load average ${load()} on ${(await import('node:os')).cpus().length} cores`)
  if (counts) {
    console.log(`  made ${counts.products} products and ${counts.offers} offers, ${counts.on_sale} on sale`)
    if (counts.products !== GOODS || counts.offers !== offerCount()) {
      console.error('exchange bench: unexpected counts')
      failed = true
    }
  }
  const daily = await run('daily offers.xml again', [{ name: 'offers.xml', file: offersFile }])
  console.log(`  daily case: total ${seconds(daily.totalMs)}, step p95 ${seconds(daily.p95)}; server peak RSS ${(pid ? peakRssMb(pid) : 0).toFixed(0)} MB`)
} catch (e) {
  console.error(e)
  failed = true
} finally {
  server?.kill('SIGTERM')
}
process.exit(failed ? 1 : 0)
