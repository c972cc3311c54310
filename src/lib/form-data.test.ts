import { describe, expect, it } from 'vitest'
import { FormShapeError, parseFormFields, splitFieldName } from './form-data'

const parse = (query: string) => parseFormFields(new URLSearchParams(query).entries())

describe('PHP-style form field parser', () => {
  it('splits bracket names into segments', () => {
    expect(splitFieldName('order[ORDER_PROP_5]')).toEqual(['order', 'ORDER_PROP_5'])
    expect(splitFieldName('ID[]')).toEqual(['ID', ''])
    expect(splitFieldName('plain')).toEqual(['plain'])
    expect(splitFieldName('a[b]c]')).toEqual(['a[b]c]'])
  })

  it('collects ID[] into a list in order', () => {
    expect(parse('ID[]=5&ID[]=7&ACTION=Add')).toEqual({ ID: ['5', '7'], ACTION: 'Add' })
  })

  it('nests order[...] fields', () => {
    expect(parse('order[ORDER_PROP_5]=Иван&order[DELIVERY_ID]=3&sessid=x')).toEqual({
      order: { ORDER_PROP_5: 'Иван', DELIVERY_ID: '3' },
      sessid: 'x',
    })
  })

  it('turns integer-keyed maps into lists sorted by key', () => {
    expect(parse('FILES[1]=b&FILES[0]=a')).toEqual({ FILES: ['a', 'b'] })
  })

  it('lets the last plain value win, as PHP does', () => {
    expect(parse('a=1&a=2')).toEqual({ a: '2' })
  })

  it('drops keys that could reach Object.prototype', () => {
    const out = parse('__proto__[polluted]=1&a[constructor][prototype][x]=1&ok=1')
    expect(out).toEqual({ ok: '1' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses too many fields and too deep names', () => {
    const many = Array.from({ length: 11 }, (_, i) => `f${i}=1`).join('&')
    expect(() => parseFormFields(new URLSearchParams(many).entries(), { maxFields: 10 })).toThrow(FormShapeError)
    expect(() => parse('a[b][c][d][e][f][g]=1')).toThrow(FormShapeError)
  })

  it('refuses a NUL character in a name or a value (PostgreSQL text cannot hold it)', () => {
    expect(() => parse('region=a%00b')).toThrow(FormShapeError)
    expect(() => parse('a%00=1')).toThrow(FormShapeError)
    expect(() => parse('order[x%00]=1')).toThrow(FormShapeError)
    expect(parse('region=a%2500b')).toEqual({ region: 'a%00b' })
  })

  it('keeps files as File objects', () => {
    const form = new FormData()
    const file = new File(['x'], 'a.png', { type: 'image/png' })
    form.append('FILES[0]', file)
    const out = parseFormFields(form.entries())
    expect(out.FILES).toEqual([file])
  })
})
