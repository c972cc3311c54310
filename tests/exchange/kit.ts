import { crc32, deflateRawSync } from 'node:zlib'
import iconv from 'iconv-lite'
import { GET, POST } from '@/app/bitrix/admin/1c_exchange.php/route'

/**
 * Drives /bitrix/admin/1c_exchange.php as 1С does, and writes CommerceML files in the shape 1С's
 * «Обмен с сайтом» writes them (ADR 189, 190).
 */
const BASE = 'http://localhost:3000/bitrix/admin/1c_exchange.php'

export interface Answer {
  status: number
  lines: string[]
  contentType: string
}

async function read(response: Response): Promise<Answer> {
  const contentType = response.headers.get('content-type') ?? ''
  const encoding = /charset=([\w-]+)/.exec(contentType)?.[1] ?? 'utf-8'
  const text = iconv.decode(Buffer.from(await response.arrayBuffer()), encoding)
  return { status: response.status, lines: text.split('\n'), contentType }
}

export function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`
}

export async function call(query: string, options: { auth?: string; cookie?: string; body?: Uint8Array; ip?: string } = {}): Promise<Answer> {
  const headers = new Headers({ host: 'localhost:3000', 'user-agent': '1C+Enterprise/8.3', 'x-forwarded-for': options.ip ?? '10.1.1.1' })
  if (options.auth) headers.set('authorization', options.auth)
  if (options.cookie) headers.set('cookie', options.cookie)
  const url = `${BASE}?${query}`
  if (options.body) {
    headers.set('content-type', 'application/octet-stream')
    return read(await POST(new Request(url, { method: 'POST', headers, body: new Uint8Array(options.body) })))
  }
  return read(await GET(new Request(url, { method: 'GET', headers })))
}

/** checkauth with the account; the Cookie header 1С sends afterwards. */
export async function signIn(email: string, password: string, type = 'catalog'): Promise<string> {
  const answer = await call(`type=${type}&mode=checkauth`, { auth: basic(email, password) })
  if (answer.lines[0] !== 'success') throw new Error(`checkauth: ${answer.lines.join(' | ')}`)
  return `${answer.lines[1]}=${answer.lines[2]}`
}

/** Sends a file in pieces of at most `piece` bytes, as 1С does above file_limit. */
export async function sendFile(cookie: string, filename: string, bytes: Uint8Array, piece = bytes.length): Promise<void> {
  for (let at = 0; at < bytes.length; at += piece) {
    const answer = await call(`type=catalog&mode=file&filename=${encodeURIComponent(filename)}`, { cookie, body: bytes.subarray(at, at + piece) })
    if (answer.lines[0] !== 'success') throw new Error(`file ${filename}: ${answer.lines.join(' | ')}`)
  }
}

/** Repeats `import` while the shop answers progress, as 1С does; the answers in order. */
export async function importFile(cookie: string, filename: string, max = 1000): Promise<string[][]> {
  const answers: string[][] = []
  for (let i = 0; i < max; i++) {
    const answer = await call(`type=catalog&mode=import&filename=${encodeURIComponent(filename)}`, { cookie })
    answers.push(answer.lines)
    if (answer.lines[0] !== 'progress') return answers
  }
  throw new Error('import never ended')
}

/** A zip with deflated entries (local headers, central directory, end record). */
export function zip(files: Record<string, Uint8Array>): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8')
    const packed = deflateRawSync(data)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(0x0800, 8)
    entry.writeUInt16LE(8, 10)
    entry.writeUInt32LE(crc, 16)
    entry.writeUInt32LE(packed.length, 20)
    entry.writeUInt32LE(data.length, 24)
    entry.writeUInt16LE(nameBytes.length, 28)
    entry.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    central.push(entry, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const dir = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

export type Encoding = 'windows-1251' | 'utf-8'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function document(body: string, options: { encoding: Encoding; version?: string; namespace?: boolean }): Buffer {
  const ns = options.namespace === false ? '' : ' xmlns="urn:1C.ru:commerceml_2" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
  const xml = `<?xml version="1.0" encoding="${options.encoding === 'utf-8' ? 'UTF-8' : 'windows-1251'}"?>\n<КоммерческаяИнформация${ns} ВерсияСхемы="${options.version ?? '2.08'}" ДатаФормирования="2026-11-26T12:00:00">\n${body}</КоммерческаяИнформация>\n`
  const bytes = iconv.encode(xml, options.encoding)
  // 1С writes UTF-8 files with a BOM.
  return options.encoding === 'utf-8' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes
}

export interface Group {
  id: string
  name: string
  children?: Group[]
}

export interface Good {
  id: string
  name: string
  group?: string
  article?: string
  barcode?: string
  description?: string
  maker?: string
  vat?: string
  deleted?: boolean
  properties?: { id: string; value: string }[]
  /** Requisites besides ВидНоменклатуры (e.g. «Состав»). */
  requisites?: { name: string; value: string }[]
  /** Картинка paths, as 1С writes them: import_files/ab/….jpg */
  pictures?: string[]
}

function groupXml(g: Group): string {
  const inner = g.children?.length ? `<Группы>${g.children.map(groupXml).join('')}</Группы>` : ''
  return `<Группа><Ид>${g.id}</Ид><Наименование>${esc(g.name)}</Наименование>${inner}</Группа>`
}

function goodXml(g: Good): string {
  return [
    '<Товар>',
    `<Ид>${g.id}</Ид>`,
    g.article ? `<Артикул>${esc(g.article)}</Артикул>` : '<Артикул/>',
    `<Наименование>${esc(g.name)}</Наименование>`,
    '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
    g.group ? `<Группы><Ид>${g.group}</Ид></Группы>` : '',
    g.description !== undefined ? `<Описание>${esc(g.description)}</Описание>` : '',
    g.barcode ? `<Штрихкод>${g.barcode}</Штрихкод>` : '',
    g.maker ? `<Изготовитель><Ид>m-${g.maker.length}</Ид><Наименование>${esc(g.maker)}</Наименование></Изготовитель>` : '',
    g.properties?.length ? `<ЗначенияСвойств>${g.properties.map((p) => `<ЗначенияСвойства><Ид>${p.id}</Ид><Значение>${esc(p.value)}</Значение></ЗначенияСвойства>`).join('')}</ЗначенияСвойств>` : '',
    g.vat ? `<СтавкиНалогов><СтавкаНалога><Наименование>НДС</Наименование><Ставка>${g.vat}</Ставка></СтавкаНалога></СтавкиНалогов>` : '',
    ...(g.pictures ?? []).map((p) => `<Картинка>${esc(p)}</Картинка>`),
    g.deleted ? '<ПометкаУдаления>true</ПометкаУдаления>' : '',
    `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>${(g.requisites ?? []).map((r) => `<ЗначениеРеквизита><Наименование>${esc(r.name)}</Наименование><Значение>${esc(r.value)}</Значение></ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов>`,
    '</Товар>',
  ].join('')
}

export function importXml(options: {
  groups?: Group[]
  /** type: ТипЗначений, Справочник unless given (a Строка property lists no values). */
  properties?: { id: string; name: string; type?: string; values: { id: string; value: string }[] }[]
  goods: Good[]
  onlyChanges?: boolean
  encoding?: Encoding
  version?: string
  namespace?: boolean
  /** 2.03/2.04 wrote the flag as an element, not an attribute. */
  flagAsElement?: boolean
}): Buffer {
  const props = options.properties?.length
    ? `<Свойства>${options.properties
        .map((p) => `<Свойство><Ид>${p.id}</Ид><Наименование>${esc(p.name)}</Наименование><ТипЗначений>${p.type ?? 'Справочник'}</ТипЗначений>${p.values.length ? `<ВариантыЗначений>${p.values.map((v) => `<Справочник><ИдЗначения>${v.id}</ИдЗначения><Значение>${esc(v.value)}</Значение></Справочник>`).join('')}</ВариантыЗначений>` : ''}</Свойство>`)
        .join('')}</Свойства>`
    : ''
  const classifier = `<Классификатор><Ид>cls-1</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>${options.groups?.length ? `<Группы>${options.groups.map(groupXml).join('')}</Группы>` : ''}${props}</Классификатор>\n`
  const flag = options.onlyChanges ?? false
  const catalogOpen = options.flagAsElement ? '<Каталог>' : `<Каталог СодержитТолькоИзменения="${flag}">`
  const flagElement = options.flagAsElement ? `<СодержитТолькоИзменения>${flag}</СодержитТолькоИзменения>` : ''
  return document(
    `${classifier}${catalogOpen}${flagElement}<Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>\n${options.goods.map(goodXml).join('\n')}\n</Товары></Каталог>\n`,
    { encoding: options.encoding ?? 'windows-1251', version: options.version, namespace: options.namespace },
  )
}

export interface Offer {
  id: string
  name?: string
  prices?: { type: string; value: string }[]
  /** Per warehouse (Склад attributes, up to 2.09). */
  stores?: { id: string; qty: string }[]
  /** Остатки (2.10). */
  rests?: { id: string; qty: string }[]
  quantity?: string
  characteristics?: { name: string; value: string }[]
  article?: string
  barcode?: string
  deleted?: boolean
}

function offerXml(o: Offer): string {
  return [
    '<Предложение>',
    `<Ид>${o.id}</Ид>`,
    o.article ? `<Артикул>${esc(o.article)}</Артикул>` : '',
    o.barcode ? `<Штрихкод>${o.barcode}</Штрихкод>` : '',
    o.name ? `<Наименование>${esc(o.name)}</Наименование>` : '',
    o.characteristics?.length ? `<ХарактеристикиТовара>${o.characteristics.map((c) => `<ХарактеристикаТовара><Наименование>${esc(c.name)}</Наименование><Значение>${esc(c.value)}</Значение></ХарактеристикаТовара>`).join('')}</ХарактеристикиТовара>` : '',
    o.prices?.length ? `<Цены>${o.prices.map((p) => `<Цена><Представление>${p.value} RUB за шт</Представление><ИдТипаЦены>${p.type}</ИдТипаЦены><ЦенаЗаЕдиницу>${p.value}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`).join('')}</Цены>` : '',
    o.quantity !== undefined ? `<Количество>${o.quantity}</Количество>` : '',
    ...(o.stores ?? []).map((s) => `<Склад ИдСклада="${s.id}" КоличествоНаСкладе="${s.qty}"/>`),
    o.rests ? `<Остатки>${o.rests.map((r) => `<Остаток><Склад><Ид>${r.id}</Ид><Количество>${r.qty}</Количество></Склад></Остаток>`).join('')}</Остатки>` : '',
    o.deleted ? '<ПометкаУдаления>true</ПометкаУдаления>' : '',
    '</Предложение>',
  ].join('')
}

export const PRICE_TYPES = [
  { id: 'pt-retail-0001', name: 'Розничная' },
  { id: 'pt-old-0002', name: 'Старая цена' },
]
export const WAREHOUSES = [
  { id: 'w-main', name: 'Основной склад' },
  { id: 'w-shop', name: 'Магазин на Тверской' },
  { id: 'w-reserve', name: 'Резерв' },
]

export function offersXml(options: { offers: Offer[]; onlyChanges?: boolean; encoding?: Encoding; version?: string; priceTypes?: boolean; warehouses?: boolean }): Buffer {
  const types = options.priceTypes === false ? '' : `<ТипыЦен>${PRICE_TYPES.map((t) => `<ТипЦены><Ид>${t.id}</Ид><Наименование>${t.name}</Наименование><Валюта>RUB</Валюта><Налог><Наименование>НДС</Наименование><УчтеноВСумме>true</УчтеноВСумме></Налог></ТипЦены>`).join('')}</ТипыЦен>`
  const stores = options.warehouses === false ? '' : `<Склады>${WAREHOUSES.map((w) => `<Склад><Ид>${w.id}</Ид><Наименование>${esc(w.name)}</Наименование></Склад>`).join('')}</Склады>`
  return document(
    `<ПакетПредложений СодержитТолькоИзменения="${options.onlyChanges ?? false}"><Ид>cat-1#</Ид><Наименование>Пакет предложений (Основной каталог товаров)</Наименование><ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cls-1</ИдКлассификатора>${types}${stores}<Предложения>\n${options.offers.map(offerXml).join('\n')}\n</Предложения></ПакетПредложений>\n`,
    { encoding: options.encoding ?? 'utf-8', version: options.version },
  )
}
