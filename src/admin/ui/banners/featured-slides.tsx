'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { FeaturedSlideView } from '@/domains/banners/banners'
import { useHydrated } from '@/ui/use-hydrated'
import { adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { OrderedList } from '../ordered-list'
import { ui } from '../styles'
import { DateFields, ShownBadge, datesOf, datesText, errorsOf } from './banner-parts'
import { PicturePicker } from '../picture-picker'

type SlideFields = Pick<
  FeaturedSlideView,
  | 'productCode'
  | 'title'
  | 'subtitle'
  | 'description'
  | 'link'
  | 'picture'
  | 'preview'
  | 'startsAt'
  | 'endsAt'
  | 'active'
>
const EMPTY: SlideFields = {
  productCode: '',
  title: '',
  subtitle: '',
  description: '',
  link: '',
  picture: null,
  preview: '',
  startsAt: null,
  endsAt: null,
  active: true,
}

function fieldsOf(f: FormData) {
  const text = (name: string) => String(f.get(name) ?? '')
  const picture = text('pictureId')
  return {
    productCode: text('productCode'),
    title: text('title'),
    subtitle: text('subtitle'),
    description: text('description'),
    link: text('link'),
    pictureId: picture ? Number(picture) : null,
    ...datesOf(f),
    active: f.get('active') === 'on',
  }
}

function SlideFieldset({
  slide,
  errors,
  busy,
}: {
  slide: SlideFields
  errors: Record<string, string>
  busy: boolean
}) {
  return (
    <>
      <div className="grid gap-3 lg:grid-cols-2">
        <Field
          label="Код товара"
          error={errors.productCode}
          hint="Цена и кнопка «В корзину» — от первого активного предложения товара."
        >
          <TextInput
            name="productCode"
            defaultValue={slide.productCode}
            className="font-mono"
            invalid={Boolean(errors.productCode)}
            disabled={busy}
          />
        </Field>
        <Field label="Заголовок" error={errors.title}>
          <TextInput
            name="title"
            defaultValue={slide.title}
            invalid={Boolean(errors.title)}
            disabled={busy}
          />
        </Field>
        <Field label="Надзаголовок" error={errors.subtitle} hint="Например, «Хит сезона».">
          <TextInput
            name="subtitle"
            defaultValue={slide.subtitle}
            invalid={Boolean(errors.subtitle)}
            disabled={busy}
          />
        </Field>
        <Field
          label="Ссылка"
          error={errors.link}
          hint="Путь на сайте (/catalog/…) или https://…; пусто — страница товара."
        >
          <TextInput
            name="link"
            defaultValue={slide.link}
            className="font-mono"
            invalid={Boolean(errors.link)}
            disabled={busy}
          />
        </Field>
      </div>
      <Field label="Описание" error={errors.description}>
        <textarea
          name="description"
          defaultValue={slide.description}
          rows={2}
          className={ui.input}
          aria-invalid={errors.description ? true : undefined}
          disabled={busy}
        />
      </Field>
      <PicturePicker
        picture={slide.picture}
        fallback={slide.picture ? '' : slide.preview}
        error={errors.pictureId}
        busy={busy}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateFields banner={slide} errors={errors} busy={busy} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          defaultChecked={slide.active}
          className="size-4"
          disabled={busy}
        />
        Показывать на главной
      </label>
    </>
  )
}

function useSubmit(
  send: (body: ReturnType<typeof fieldsOf>) => Promise<unknown>,
  done: (body: ReturnType<typeof fieldsOf>) => void,
) {
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = fieldsOf(new FormData(event.currentTarget))
    setErrors({})
    setBusy(true)
    try {
      await send(body)
      router.refresh()
      done(body)
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }
  return { errors, busy, submit }
}

function SlideForm({ slide, onDone }: { slide: FeaturedSlideView; onDone: () => void }) {
  const hydrated = useHydrated()
  const { errors, busy, submit } = useSubmit(
    (body) => adminFetch('PATCH', `/api/admin/banners/slides/${slide.id}/`, body),
    onDone,
  )
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 rounded-md border border-line bg-surface p-3"
      aria-label={`Слайд ${slide.title}`}
    >
      <SlideFieldset slide={slide} errors={errors} busy={busy} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          Сохранить
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onDone} disabled={busy}>
          Отмена
        </button>
        <FormOutcome error={errors.form} />
      </div>
    </form>
  )
}

/**
 * The home page's big slider (ADR 207) in its order: moved by dragging or by ↑ ↓, each move sending
 * the whole order; shown or hidden with one button; a slide opens its form; never deleted.
 */
export function FeaturedSlides({
  slides,
  canEdit,
  now,
}: {
  slides: FeaturedSlideView[]
  canEdit: boolean
  now: string
}) {
  return (
    <OrderedList
      heading="Большой слайдер"
      headingId="featured-title"
      intro="Верх главной и блок «Рекомендуем» на странице товара: один товар на слайд, цена — из предложения."
      label="Слайды по порядку"
      empty="Слайдов пока нет: слайдер на главной не показывается."
      items={slides}
      canEdit={canEdit}
      rowData="data-banner-slide"
      nameOf={(s) => s.title}
      ordinal="й"
      saveOrder={(ids) => adminFetch('POST', '/api/admin/banners/slides/order/', { ids })}
      toggle={{
        send: (s) => adminFetch('PATCH', `/api/admin/banners/slides/${s.id}/`, { active: !s.active }),
        said: (s) => (s.active ? `Слайд «${s.title}» скрыт.` : `Слайд «${s.title}» показан.`),
      }}
      summary={(s) => (
        <>
          {s.preview ? (
            <img
              src={s.picture?.urls.thumb || s.preview}
              alt=""
              className="size-14 rounded border border-line bg-surface object-contain"
            />
          ) : (
            <span className="grid size-14 place-items-center rounded border border-dashed border-line text-[10px] text-ink-600">
              нет
            </span>
          )}
          <div className="min-w-48 flex-1">
            <div className="font-medium">{s.title}</div>
            <div className="text-xs break-words text-ink-600">
              {s.productName} · <span className="font-mono">{s.link || 'страница товара'}</span>
            </div>
            <div className="text-xs text-ink-600">{datesText(s)}</div>
          </div>
          <ShownBadge banner={s} now={now} />
        </>
      )}
      form={(s, close) => <SlideForm slide={s} onDone={close} />}
      newForm={(announce) => <NewSlideForm onCreated={(title) => announce(`Слайд «${title}» добавлен.`)} />}
    />
  )
}

function NewSlideForm({ onCreated }: { onCreated: (title: string) => void }) {
  const hydrated = useHydrated()
  const [key, setKey] = useState(0)
  const { errors, busy, submit } = useSubmit(
    (body) => adminFetch('POST', '/api/admin/banners/slides/', body),
    (body) => {
      onCreated(body.title.trim())
      setKey((k) => k + 1)
    },
  )
  return (
    <form
      key={key}
      onSubmit={submit}
      noValidate
      aria-label="Новый слайд"
      className="space-y-3 border-t border-line pt-4"
    >
      <h3 className="font-semibold">Новый слайд</h3>
      <SlideFieldset slide={EMPTY} errors={errors} busy={busy} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          Добавить слайд
        </button>
        <FormOutcome error={errors.form && Object.keys(errors).length === 1 ? errors.form : undefined} />
      </div>
    </form>
  )
}
