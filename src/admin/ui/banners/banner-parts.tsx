'use client'

import { SHOWN_LABELS, shownState, type ShownWindow } from '@/domains/banners/banners'
import { AdminApiError } from '../api-client'
import { Badge, type BadgeTone } from '../badge'
import { fromMoscowInput, moscowDate, toMoscowInput } from '../coupons/coupon-format'
import { Field, TextInput } from '../field'

/** Pieces the two banner lists share (ADR 207): refusals by field, the shown dates, the state badge. */
export function errorsOf(error: unknown): Record<string, string> {
  return error instanceof AdminApiError
    ? { ...error.fields, form: error.message }
    : { form: 'Не получилось сохранить.' }
}

/** The form's dates as the API takes them: Moscow wall-clock time, empty meaning no bound. */
export function datesOf(f: FormData): { startsAt: string | null; endsAt: string | null } {
  return {
    startsAt: fromMoscowInput(String(f.get('startsAt') ?? '')),
    endsAt: fromMoscowInput(String(f.get('endsAt') ?? '')),
  }
}

export function DateFields({
  banner,
  errors,
  busy,
}: {
  banner: Pick<ShownWindow, 'startsAt' | 'endsAt'>
  errors: Record<string, string>
  busy: boolean
}) {
  return (
    <>
      <Field label="Показывать с" error={errors.startsAt} hint="По Москве; пусто — сразу.">
        <TextInput
          name="startsAt"
          type="datetime-local"
          defaultValue={toMoscowInput(banner.startsAt)}
          invalid={Boolean(errors.startsAt)}
          disabled={busy}
        />
      </Field>
      <Field label="Показывать до" error={errors.endsAt} hint="По Москве; пусто — без срока.">
        <TextInput
          name="endsAt"
          type="datetime-local"
          defaultValue={toMoscowInput(banner.endsAt)}
          invalid={Boolean(errors.endsAt)}
          disabled={busy}
        />
      </Field>
    </>
  )
}

const TONE = { shown: 'good', hidden: 'neutral', scheduled: 'info', ended: 'warn' } as const satisfies Record<
  string,
  BadgeTone
>

/** `now` comes from the server's render, so the page and its hydration agree. */
export function ShownBadge({ banner, now }: { banner: ShownWindow; now: string }) {
  const state = shownState(banner, new Date(now))
  return <Badge tone={TONE[state]}>{SHOWN_LABELS[state]}</Badge>
}

export function datesText(b: Pick<ShownWindow, 'startsAt' | 'endsAt'>): string {
  if (!b.startsAt && !b.endsAt) return 'без срока'
  return [b.startsAt ? `с ${moscowDate(b.startsAt)}` : '', b.endsAt ? `до ${moscowDate(b.endsAt)}` : '']
    .filter(Boolean)
    .join(' ')
}
