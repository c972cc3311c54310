import { z } from 'zod'
import { SHOWCASE_BLOCKS, SHOWCASE_MESSAGES as M, SHOWCASE_RULES } from './catalog-structure-showcases'

/** What staff send for the home showcase tabs (issue 20, ADR 192): one schema per input. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) }
const id = z.number({ error: M.format }).int({ error: M.format }).positive({ error: M.format }).max(2_147_483_647, { error: M.format })

export const showcaseTabPatch = z.strictObject(
  {
    title: z.string({ error: M.title }).trim().min(2, { error: M.title }).max(60, { error: M.title }).optional(),
    /** The address hash that opens the tab (#anchor). */
    anchor: z
      .string({ error: M.anchor })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,60}$/, { error: M.anchor })
      .optional(),
    active: z.boolean({ error: M.format }).optional(),
    /** Product codes in the order shown; only for a manual tab. */
    productCodes: z
      .array(z.string({ error: M.products }).trim().min(1, { error: M.products }).max(100, { error: M.products }), { error: M.products })
      .max(24, { error: M.products })
      .refine((codes) => new Set(codes).size === codes.length, { error: M.products })
      .optional(),
  },
  strict,
)

/** A new tab (ADR 204): its block, title, anchor and, for popular products, the rule that fills it. */
export const showcaseTabInput = z
  .strictObject(
    {
      block: z.enum(SHOWCASE_BLOCKS, { error: M.format }),
      title: z.string({ error: M.title }).trim().min(2, { error: M.title }).max(60, { error: M.title }),
      anchor: z
        .string({ error: M.anchor })
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,60}$/, { error: M.anchor }),
      rule: z.enum(SHOWCASE_RULES, { error: M.rule }).default('manual'),
      active: z.boolean({ error: M.format }).default(true),
    },
    strict,
  )
  .refine((t) => t.block === 'mainpage-products' || t.rule === 'manual', { error: M.rule, path: ['rule'] })

export const showcaseOrderInput = z.strictObject(
  { block: z.enum(SHOWCASE_BLOCKS, { error: M.format }), tabIds: z.array(id, { error: M.order }).min(1, { error: M.order }).max(100, { error: M.order }) },
  strict,
)

export const showcaseTabView = z.object({
  id: z.number(),
  block: z.enum(SHOWCASE_BLOCKS),
  anchor: z.string(),
  title: z.string(),
  rule: z.string(),
  active: z.boolean(),
  position: z.number(),
  products: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  slides: z.number(),
})
export const showcaseTabList = z.object({ items: z.array(showcaseTabView) })
