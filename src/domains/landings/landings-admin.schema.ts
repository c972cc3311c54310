import { z } from 'zod'
import { strict } from '@/domains/edits/edits'
import { LANDING_BLOCK_SCHEMAS, type LandingBlockData } from './landing-data'
import {
  LANDING_MESSAGES as M,
  blockFieldText,
  blockIssueText,
  blockKey,
  type BlockIssue,
} from './landing-blocks'

/**
 * What the landing editor sends (ADR 203). Each block is checked by its own type's schema from
 * landing-data.ts, with a Russian reason that names the block and the field; addresses that reach an
 * href or an <img src> must be site paths or https.
 */
const URL_FIELDS = new Set(['image', 'img', 'video_preview_img', 'video', 'link'])
const SAFE_URL = /^(?:\/(?!\/)[^\s"'<>\\]*|https:\/\/[^\s"'<>]+)$/

function badUrls(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badUrls(v, [...path, i]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      URL_FIELDS.has(k) && typeof v === 'string'
        ? v === '' || SAFE_URL.test(v)
          ? []
          : [[...path, k]]
        : badUrls(v, [...path, k]),
    )
  return []
}

const landingCode = z
  .string({ error: M.code })
  .trim()
  .regex(/^[a-z0-9-]{2,100}$/, { error: M.code })

export const landingBlocks = z
  .array(z.unknown(), { error: M.blocks })
  .min(1, { error: M.blocks })
  .max(40, { error: M.blocks })
  .transform((blocks, ctx): LandingBlockData[] => {
    const out: LandingBlockData[] = []
    blocks.forEach((block, i) => {
      const type =
        block && typeof block === 'object' && 'type' in block && typeof block.type === 'string'
          ? block.type
          : ''
      const key = blockKey(type)
      if (!key) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'type'],
          message: blockFieldText(i, null, [], M.unknownType),
        })
        return
      }
      const result = LANDING_BLOCK_SCHEMAS[key].safeParse(block, {
        error: (issue) => blockIssueText(issue as BlockIssue),
      })
      if (!result.success) {
        for (const issue of result.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: [i, ...issue.path],
            message: blockFieldText(i, key, issue.path, issue.message),
          })
        return
      }
      const urls = badUrls(result.data)
      for (const path of urls)
        ctx.addIssue({ code: 'custom', path: [i, ...path], message: blockFieldText(i, key, path, M.link) })
      if (urls.length === 0) out.push(result.data)
    })
    return out
  })

export const landingDraftInput = z.strictObject(
  {
    title: z.string({ error: M.title }).trim().min(3, { error: M.title }).max(200, { error: M.title }),
    product: z
      .string({ error: M.product })
      .trim()
      .min(1, { error: M.product })
      .max(100, { error: M.product }),
    blocks: landingBlocks,
  },
  strict,
)
export type LandingDraftInput = z.output<typeof landingDraftInput>

export const landingInput = z.strictObject(
  {
    code: landingCode,
    title: z.string({ error: M.title }).trim().min(3, { error: M.title }).max(200, { error: M.title }),
    product: z
      .string({ error: M.product })
      .trim()
      .min(1, { error: M.product })
      .max(100, { error: M.product }),
  },
  strict,
)
export const landingPatch = z.strictObject(
  { active: z.boolean({ error: 'Укажите, показывать ли лендинг.' }) },
  strict,
)

const block = z.record(z.string(), z.unknown())
export const landingSummary = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(['product', 'programme', 'meal-plan']),
  title: z.string(),
  active: z.boolean(),
  hasDraft: z.boolean(),
  blocks: z.number(),
  updatedAt: z.string().nullable(),
})
export const landingList = z.object({ items: z.array(landingSummary) })
export const landingView = landingSummary.extend({
  product: z.string(),
  published: z.object({ title: z.string(), product: z.string(), blocks: z.array(block) }),
  draft: z.object({ title: z.string(), product: z.string(), blocks: z.array(block) }).nullable(),
})
export type LandingSummary = z.infer<typeof landingSummary>
export type LandingView = z.infer<typeof landingView>
