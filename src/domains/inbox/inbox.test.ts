import { describe, expect, it } from 'vitest'
import { moscowTime, replyMail, subscriberCsvRow } from './inbox'
import { questionInboxQuery, reviewInboxQuery } from './inbox.schema'

const asked = { kind: 'product' as const, name: ' Анна ', productName: 'Витамин D3', message: 'Первая строка\nВторая', createdAt: new Date('2026-03-01T21:30:00Z') }

describe('replyMail', () => {
  it('greets by name, gives the answer, signs, and quotes the question with its Moscow date', () => {
    const mail = replyMail(asked, 'Да, можно.', 'Витамаркет')
    expect(mail.subject).toBe('Витамаркет: ответ на ваш вопрос о товаре «Витамин D3»')
    expect(mail.text).toBe('Здравствуйте, Анна!\n\nДа, можно.\n\n— С уважением, Витамаркет\n\nВы писали 02.03.2026:\n> Первая строка\n> Вторая\n')
  })

  it('words the subject for a contact message and greets without a name', () => {
    const mail = replyMail({ ...asked, kind: 'contact', name: '' }, 'Ответ', 'Витамаркет')
    expect(mail.subject).toBe('Витамаркет: ответ на ваше сообщение')
    expect(mail.text.startsWith('Здравствуйте!\n\n')).toBe(true)
  })
})

describe('subscriber CSV rows', () => {
  it('use Russian statuses, да/нет and Moscow wall time', () => {
    expect(moscowTime(new Date('2026-12-31T21:05:00Z'))).toBe('01.01.2027 00:05')
    expect(
      subscriberCsvRow({ email: 'a@b.ru', status: 'unsubscribed', page: '/', promo: false, createdAt: new Date('2026-01-01T09:00:00Z'), confirmedAt: null, unsubscribedAt: new Date('2026-01-02T09:00:00Z') }),
    ).toEqual(['a@b.ru', 'Отписался', '/', 'нет', '01.01.2026 12:00', '', '02.01.2026 12:00'])
  })
})

describe('inbox queries', () => {
  it('default to the waiting reviews and to every question, refusing unknown values', () => {
    expect(reviewInboxQuery.parse({})).toEqual({ status: 'pending' })
    expect(reviewInboxQuery.safeParse({ status: 'lost' }).success).toBe(false)
    expect(questionInboxQuery.parse({ state: '', q: '' })).toEqual({ state: undefined, q: undefined, page: 1, limit: 50 })
    expect(questionInboxQuery.safeParse({ state: 'closed' }).success).toBe(false)
  })
})
