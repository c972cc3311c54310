import { inArray } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '../client'
import { coupons, offers, orderPropGroups, orderProps, paySystems, personTypes, settings } from '../schema'
import { ORDER_PROP_TYPES } from '../schema/checkout'

const checkoutSeed = z.object({
  personTypes: z.array(z.object({ code: z.string(), name: z.string(), sort: z.number().int() })),
  groups: z.array(
    z.object({ code: z.string(), name: z.string(), sort: z.number().int(), personTypes: z.array(z.string()).optional() }),
  ),
  properties: z.array(
    z.object({
      group: z.string(),
      code: z.string(),
      name: z.string(),
      type: z.enum(ORDER_PROP_TYPES).default('STRING'),
      description: z.string().default(''),
      defaultValue: z.string().nullable().default(null),
      required: z.boolean().default(false),
      isEmail: z.boolean().default(false),
      isPhone: z.boolean().default(false),
      isLocation: z.boolean().default(false),
      isAddress: z.boolean().default(false),
      maxLength: z.number().int().positive(),
      sort: z.number().int(),
      personTypes: z.array(z.string()).optional(),
    }),
  ),
  paySystems: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      description: z.string(),
      isCash: z.boolean().default(false),
      personTypes: z.array(z.string()).default([]),
      sort: z.number().int(),
    }),
  ),
  coupons: z.array(
    z.object({
      code: z.string(),
      kind: z.enum(['percent', 'fixed', 'gift']),
      /** Percent, or roubles for 'fixed'. */
      value: z.number().int().default(0),
      discountName: z.string().default(''),
      minSum: z.number().int().default(0),
      expiresAt: z.string().optional(),
      maxUses: z.number().int().positive().optional(),
      giftSku: z.string().optional(),
    }),
  ),
  settings: z.record(z.string(), z.unknown()),
})

/** Person types, order properties, pay systems, coupons and checkout settings; idempotent by code. */
export async function seedCheckout(db: Db): Promise<void> {
  const data = checkoutSeed.parse(
    JSON.parse(readFileSync(path.join(process.cwd(), 'src/db/seed/data/checkout.json'), 'utf8')),
  )
  await db.insert(personTypes).values(data.personTypes).onConflictDoNothing({ target: personTypes.code })
  const types = await db.select({ id: personTypes.id, code: personTypes.code }).from(personTypes)
  const applies = (only: string[] | undefined, code: string) => !only || only.includes(code)

  for (const type of types) {
    await db
      .insert(orderPropGroups)
      .values(
        data.groups
          .filter((g) => applies(g.personTypes, type.code))
          .map((g) => ({ personTypeId: type.id, code: g.code, name: g.name, sort: g.sort })),
      )
      .onConflictDoNothing()
    const groups = await db.select().from(orderPropGroups)
    const groupId = new Map(groups.filter((g) => g.personTypeId === type.id).map((g) => [g.code, g.id]))
    const props = data.properties
      .filter((p) => applies(p.personTypes, type.code))
      .map(({ group, personTypes: _only, ...p }) => {
        const id = groupId.get(group)
        if (id === undefined) throw new Error(`checkout seed: unknown group ${group}`)
        return { ...p, personTypeId: type.id, groupId: id }
      })
    await db.insert(orderProps).values(props).onConflictDoNothing()
  }

  await db.insert(paySystems).values(data.paySystems).onConflictDoNothing({ target: paySystems.code })

  const skus = data.coupons.flatMap((c) => (c.giftSku ? [c.giftSku] : []))
  const offerIds = skus.length
    ? new Map(
        (await db.select({ id: offers.id, sku: offers.sku }).from(offers).where(inArray(offers.sku, skus))).map((o) => [
          o.sku,
          o.id,
        ]),
      )
    : new Map<string, number>()
  await db
    .insert(coupons)
    .values(
      data.coupons.map((c) => ({
        code: c.code.toUpperCase(),
        kind: c.kind,
        value: c.kind === 'fixed' ? c.value * 100 : c.value,
        discountName: c.discountName,
        minSum: c.minSum * 100,
        expiresAt: c.expiresAt ? new Date(c.expiresAt) : null,
        maxUses: c.maxUses ?? null,
        giftOfferId: c.giftSku ? (offerIds.get(c.giftSku) ?? null) : null,
      })),
    )
    .onConflictDoNothing({ target: coupons.code })

  const rows = Object.entries(data.settings).map(([key, value]) => ({ key, value }))
  if (rows.length) await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key })
}
