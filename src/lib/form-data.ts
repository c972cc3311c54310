/**
 * Turns PHP-style form fields into a nested object, the way the original Bitrix back end saw them:
 *   ID[]=1&ID[]=2            → { ID: ['1', '2'] }
 *   order[ORDER_PROP_5]=x    → { order: { ORDER_PROP_5: 'x' } }
 *   FILES[0]=<file>          → { FILES: [<file>] }
 * Keys that could reach Object.prototype are dropped; depth and field count are bounded. A NUL
 * character (U+0000) in a name or a value refuses the request: no form field carries one, and
 * PostgreSQL cannot store or compare it in text, so it would otherwise fail deep in a query as a 500.
 */
export type FormValue = string | File | FormValue[] | FormObject
export interface FormObject {
  [key: string]: FormValue
}

export class FormShapeError extends Error {
  override name = 'FormShapeError'
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor'])
const MAX_DEPTH = 6

export interface ParseLimits {
  maxFields: number
}

/** Splits 'a[b][]' into ['a', 'b', '']; a name without brackets is one segment. */
export function splitFieldName(name: string): string[] {
  const open = name.indexOf('[')
  if (open <= 0 || !name.endsWith(']')) return [name]
  const head = name.slice(0, open)
  const rest = name.slice(open)
  const segments = [head]
  const re = /\[([^\]]*)\]/gy
  let consumed = 0
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    segments.push(m[1] ?? '')
    consumed = re.lastIndex
  }
  // Malformed tails such as 'a[b]c]' are kept whole, as PHP would keep the head and drop the rest.
  return consumed === rest.length ? segments : [name]
}

type Node = Map<string, NodeValue>
type NodeValue = string | File | Node

export function parseFormFields(
  entries: Iterable<[string, FormDataEntryValue]>,
  limits: ParseLimits = { maxFields: 2000 },
): FormObject {
  const root: Node = new Map()
  let count = 0
  for (const [name, value] of entries) {
    if (++count > limits.maxFields) throw new FormShapeError('Слишком много полей в запросе')
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) {
      throw new FormShapeError('Недопустимый символ в запросе')
    }
    const path = splitFieldName(name)
    if (path.length > MAX_DEPTH) throw new FormShapeError('Слишком глубокая вложенность полей')
    if (path.some((segment) => FORBIDDEN.has(segment))) continue
    insert(root, path, value)
  }
  return toPlain(root) as FormObject
}

function insert(node: Node, path: string[], value: string | File): void {
  const [head, ...rest] = path
  if (head === undefined) return
  const key = head === '' ? String(nextIndex(node)) : head
  if (rest.length === 0) {
    node.set(key, value)
    return
  }
  let child = node.get(key)
  if (!(child instanceof Map)) {
    child = new Map()
    node.set(key, child)
  }
  insert(child, rest, value)
}

function nextIndex(node: Node): number {
  let max = -1
  for (const key of node.keys()) if (/^\d+$/.test(key)) max = Math.max(max, Number(key))
  return max + 1
}

/** A map whose keys are all integers becomes an array in key order, as a PHP list would. */
function toPlain(value: NodeValue): FormValue {
  if (!(value instanceof Map)) return value
  const keys = [...value.keys()]
  if (keys.length > 0 && keys.every((k) => /^\d{1,9}$/.test(k))) {
    return keys
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => toPlain(value.get(k) as NodeValue))
  }
  const out: FormObject = {}
  for (const [k, v] of value) out[k] = toPlain(v)
  return out
}
