import { createReadStream } from 'node:fs'
import iconv from 'iconv-lite'
import { SaxesParser } from 'saxes'

/**
 * A streaming reader of CommerceML 2 files (2.03–2.10, namespace urn:1C.ru:commerceml_2 or none,
 * windows-1251 or UTF-8): the document is never held whole, only the element of one item at a time
 * (a group, a good, an offer…), handed out in document order (ADR 190).
 */

export interface XmlNode {
  name: string
  attrs: Record<string, string>
  text: string
  children: XmlNode[]
}

export type CmlItem =
  | { kind: 'header'; onlyChanges: boolean }
  | { kind: 'group'; id: string; name: string; parentId: string | null }
  | { kind: 'property'; node: XmlNode }
  | { kind: 'good'; node: XmlNode }
  | { kind: 'price-type'; id: string; name: string }
  | { kind: 'warehouse'; id: string; name: string }
  | { kind: 'offer'; node: XmlNode }
  | { kind: 'document'; node: XmlNode }
  /** A good or an offer a resumed step has already written: counted, not read into a tree. */
  | { kind: 'skipped' }

/** Element name → the parent it must have to be an item of its own. */
const ITEMS: Record<string, string> = {
  Группа: 'Группы',
  Свойство: 'Свойства',
  Товар: 'Товары',
  ТипЦены: 'ТипыЦен',
  Склад: 'Склады',
  Предложение: 'Предложения',
  Документ: 'КоммерческаяИнформация',
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name)
}

export function childrenOf(node: XmlNode | undefined, name: string): XmlNode[] {
  return node?.children.filter((c) => c.name === name) ?? []
}

/** The trimmed text of a child, '' when absent. */
export function textOf(node: XmlNode | undefined, name: string): string {
  return child(node, name)?.text.trim() ?? ''
}

/** Reads the declared encoding from the file's first bytes; a BOM or no declaration means UTF-8. */
export function declaredEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8'
  const match = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(0, 300).toString('latin1'))
  const name = match?.[1]?.toLowerCase() ?? 'utf-8'
  return iconv.encodingExists(name) ? name : 'utf-8'
}

interface Frame {
  name: string
  node?: XmlNode
  item: boolean
}

const TRUE = /^(true|1|да)$/i

function itemOf(frame: Frame, stack: readonly Frame[]): CmlItem | null {
  const node = frame.node!
  switch (frame.name) {
    case 'Группа': {
      const parent = [...stack].reverse().find((f) => f.item && f.name === 'Группа')
      return { kind: 'group', id: textOf(node, 'Ид'), name: textOf(node, 'Наименование'), parentId: parent?.node ? textOf(parent.node, 'Ид') || null : null }
    }
    case 'Свойство':
      return { kind: 'property', node }
    case 'Товар':
      return { kind: 'good', node }
    case 'ТипЦены':
      return { kind: 'price-type', id: textOf(node, 'Ид'), name: textOf(node, 'Наименование') }
    case 'Склад':
      return { kind: 'warehouse', id: textOf(node, 'Ид'), name: textOf(node, 'Наименование') }
    case 'Предложение':
      return { kind: 'offer', node }
    case 'Документ':
      return { kind: 'document', node }
    default:
      return null
  }
}

/** Items that never nest, so a resumed step can pass over them without building their trees. */
const SKIPPABLE = new Set(['Товар', 'Предложение'])

/**
 * The items of a CommerceML file, in document order. Throws on malformed XML with the parser's message.
 * `skip`: goods and offers among the first `skip` items come as `skipped` (a resumed step's work done).
 */
export async function* readCommerceMl(file: string, options: { skip?: number } = {}): AsyncGenerator<CmlItem> {
  const parser = new SaxesParser({ xmlns: false, position: true })
  const stack: Frame[] = []
  const ready: CmlItem[] = []
  const skip = options.skip ?? 0
  /** Items handed out or ready so far: the next closing item's position is this + 1. */
  let produced = 0
  let skipping = false
  let failed: Error | undefined
  const push = (item: CmlItem) => {
    produced++
    ready.push(item)
  }

  parser.on('error', (e) => {
    failed ??= e
  })
  parser.on('opentag', (tag) => {
    const name = localName(tag.name)
    const parent = stack[stack.length - 1]
    const attrs: Record<string, string> = {}
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = v
    if ((name === 'Каталог' || name === 'ПакетПредложений') && attrs.СодержитТолькоИзменения !== undefined) {
      push({ kind: 'header', onlyChanges: TRUE.test(attrs.СодержитТолькоИзменения) })
    }
    if (skipping) {
      stack.push({ name, item: false })
      return
    }
    const isItem = ITEMS[name] !== undefined && parent !== undefined && parent.name === ITEMS[name]
    if (isItem && SKIPPABLE.has(name) && produced < skip) {
      skipping = true
      stack.push({ name, item: true })
      return
    }
    const capture = isItem || parent?.node !== undefined || ((parent?.name === 'Каталог' || parent?.name === 'ПакетПредложений') && name === 'СодержитТолькоИзменения')
    const node: XmlNode | undefined = capture ? { name, attrs, text: '', children: [] } : undefined
    if (node && !isItem && parent?.node) parent.node.children.push(node)
    stack.push({ name, node, item: isItem })
  })
  parser.on('text', (text) => {
    const top = stack[stack.length - 1]
    if (top?.node) top.node.text += text
  })
  parser.on('cdata', (text) => {
    const top = stack[stack.length - 1]
    if (top?.node) top.node.text += text
  })
  parser.on('closetag', () => {
    const frame = stack.pop()
    if (skipping) {
      if (frame?.item) {
        skipping = false
        push({ kind: 'skipped' })
      }
      return
    }
    if (!frame?.node) return
    if (frame.item) {
      const item = itemOf(frame, stack)
      if (item) push(item)
    } else if (frame.name === 'СодержитТолькоИзменения' && !stack[stack.length - 1]?.node) {
      push({ kind: 'header', onlyChanges: TRUE.test(frame.node.text.trim()) })
    }
  })

  const stream = createReadStream(file, { highWaterMark: 256 * 1024 })
  let decoder: ReturnType<typeof iconv.getDecoder> | undefined
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      decoder ??= iconv.getDecoder(declaredEncoding(chunk), { stripBOM: true })
      parser.write(decoder.write(chunk))
      if (failed) throw failed
      while (ready.length) yield ready.shift()!
    }
    if (decoder) parser.write(decoder.end() ?? '')
    parser.close()
    if (failed) throw failed
    while (ready.length) yield ready.shift()!
  } finally {
    stream.destroy()
  }
}
