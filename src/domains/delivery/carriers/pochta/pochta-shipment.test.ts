import { describe, expect, it } from 'vitest'
import { backlogAnswer, backlogErrors, classify, phoneNumber, recipientNames } from './pochta-shipment'

const op = (name: string, type = '', attr = '') => classify({ 'human-operation-name': name, 'last-oper-type': type, 'last-oper-attr': attr })

describe('Почта России parcels, pure rules', () => {
  it('reads the last tracking operation as our status: «место вручения» is not a handing over', () => {
    expect(op('Присвоен трек-номер', 'ID_ASSIGNMENT', 'ID_ASSIGNED')).toBe('ID_ASSIGNED')
    expect(op('Приём')).toBe('ACCEPTED')
    expect(op('Покинуло сортировочный центр')).toBe('IN_TRANSIT')
    expect(op('Прибыло в место вручения')).toBe('ARRIVED')
    expect(op('Поступило в почтомат')).toBe('ARRIVED')
    expect(op('Вручение адресату')).toBe('DELIVERED')
    expect(op('Вручение адресату почтальоном')).toBe('DELIVERED')
    expect(op('Неудачная попытка вручения')).toBe('NOT_DELIVERED')
    expect(op('Возврат отправителю')).toBe('RETURNED')
    expect(op('', 'SORTING', 'ARRIVED_AT_DELIVERY_PLACE')).toBe('ARRIVED')
    expect(op('Вручение отправителю')).toBe('RETURNED')
  })

  it('reads the tracking reference’s type and attribute codes first, the name only without them', () => {
    // Codes without a name, and codes that contradict a misleading name: the codes decide.
    expect(op('', '8', '2')).toBe('ARRIVED')
    expect(op('Обработка', '8', '3')).toBe('IN_TRANSIT')
    expect(op('', '2', '1')).toBe('DELIVERED')
    expect(op('Вручение', '2', '2')).toBe('RETURNED')
    expect(op('', '3', '1')).toBe('RETURNED')
    expect(op('', '12', '1')).toBe('NOT_DELIVERED')
    expect(op('Прибыло в место вручения', '4', '3')).toBe('IN_TRANSIT')
    // A type the reference does not give us (1, Приём): the name.
    expect(op('Приём', '1', '1')).toBe('ACCEPTED')
    expect(op('Прибыло в место вручения', '99', '')).toBe('ARRIVED')
  })

  it('splits «Имя Отчество Фамилия» and reads Russian phone numbers', () => {
    expect(recipientNames('Анна Сергеевна Петрова')).toEqual({ given: 'Анна', middle: 'Сергеевна', surname: 'Петрова' })
    expect(recipientNames(' Анна  Петрова ')).toEqual({ given: 'Анна', middle: '', surname: 'Петрова' })
    expect(recipientNames('Анна')).toEqual({ given: 'Анна', middle: '', surname: 'Анна' })
    expect(phoneNumber('+7 (912) 345-67-89')).toBe(79123456789)
    expect(phoneNumber('8 912 345 67 89')).toBe(79123456789)
    expect(phoneNumber('345-67-89')).toBeNull()
  })

  it('joins otpravka’s error descriptions', () => {
    const answer = backlogAnswer.parse({ errors: [{ 'error-codes': [{ code: 'EMPTY_INDEX_TO', description: 'Не указан индекс' }, { code: 'ILLEGAL_MASS' }], position: 0 }] })
    expect(backlogErrors(answer)).toBe('Не указан индекс; ILLEGAL_MASS')
  })
})
