import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'

describe('toCsv', () => {
  it('separates by ; and quotes what needs it', () => {
    expect(toCsv(['Имя', 'Сумма'], [['Анна; Мария', 1250], ['Он сказал "да"', null], ['две\nстроки', true]])).toBe(
      'Имя;Сумма\r\n"Анна; Мария";1250\r\n"Он сказал ""да""";\r\n"две\nстроки";true\r\n',
    )
  })

  it('never lets a cell start a formula', () => {
    expect(toCsv(['a'], [['=HYPERLINK("x")'], ['+7 900'], [-5]])).toBe('a\r\n"\'=HYPERLINK(""x"")"\r\n\'+7 900\r\n-5\r\n')
  })
})
