import { like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as fastOrder } from '@/app/ajax/fast-order/route'
import { db } from '@/db/client'
import { outbox } from '@/db/schema'
import { notifyStaff, setSubscriptions } from '@/domains/staff/staff-notifications.server'
import { offerWithStock, visitorWithBasket } from '../support/checkout'
import { formPost } from '../support/http'
import { signedInStaff } from '../support/staff'

const staffMail = async (event: string) =>
  (await db().select({ payload: outbox.payload, key: outbox.dedupeKey }).from(outbox).where(like(outbox.dedupeKey, `staff:${event}:%`))).map(
    (r) => ({ ...(r.payload as { to: string; subject: string }), key: r.key }),
  )

describe('staff notifications', () => {
  it('a one-click order mails the subscribed manager once, with a link to the order in the back office', async () => {
    const manager = await signedInStaff('manager')
    const idle = await signedInStaff('manager')
    await setSubscriptions(db(), manager.id, ['order.new'])
    const offer = await offerWithStock(10)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
    const answer = await fastOrder(formPost('/ajax/fast-order/', { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna@example.ru' }, visitor))
    expect(answer.status).toBe(200)
    const mails = await staffMail('order.new')
    expect(mails.map((m) => m.to)).toEqual([manager.email])
    expect(mails.map((m) => m.to)).not.toContain(idle.email)
    expect(mails[0]?.subject).toMatch(/новый заказ в 1 клик №\d+/)
  })

  it('only reaches members whose role may act on the event, and only once per key', async () => {
    const warehouse = await signedInStaff('warehouse')
    const manager = await signedInStaff('manager')
    await setSubscriptions(db(), warehouse.id, ['review.pending', 'order.new'])
    await setSubscriptions(db(), manager.id, ['review.pending'])
    const notice = { subject: 'новый отзыв', text: 'Отзыв ждёт модерации.', path: '/admin/inbox/' }
    await notifyStaff(db(), 'review.pending', 'r-1', notice)
    await notifyStaff(db(), 'review.pending', 'r-1', notice)
    expect((await staffMail('review.pending')).map((m) => m.to)).toEqual([manager.email])
  })
})
