'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { ShowcaseSlideView } from '@/domains/catalog/showcase-slides'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { Field, FormOutcome, TextInput } from '../field'
import { OrderedList } from '../ordered-list'
import { PicturePicker } from '../picture-picker'
import { ui } from '../styles'

function errorsOf(error: unknown): Record<string, string> {
  return error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' }
}

type SlideFields = Pick<ShowcaseSlideView, 'title' | 'subtitle' | 'link' | 'img' | 'picture' | 'pack' | 'isSet' | 'active'>
const EMPTY: SlideFields = { title: '', subtitle: '', link: '', img: '', picture: null, pack: '', isSet: false, active: true }

/** The picture is a media-library choice (ADR 207 addendum); a seed's typed `img` stays until one is chosen. */
function fieldsOf(f: FormData) {
  const text = (name: string) => String(f.get(name) ?? '')
  const picture = text('pictureId')
  return {
    title: text('title'),
    subtitle: text('subtitle'),
    link: text('link'),
    pictureId: picture ? Number(picture) : null,
    pack: text('pack'),
    isSet: f.get('isSet') === 'on',
    active: f.get('active') === 'on',
  }
}

/** The fields of a slide; a new slide also names its product (the price comes from its offer). */
function SlideFieldset({ slide, errors, busy, withProduct }: { slide: SlideFields; errors: Record<string, string>; busy: boolean; withProduct: boolean }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {withProduct ? (
          <Field label="Код товара" error={errors.productCode} hint="Цена и кнопка «Купить» — от первого активного предложения товара.">
            <TextInput name="productCode" className="font-mono" invalid={Boolean(errors.productCode)} disabled={busy} />
          </Field>
        ) : null}
        <Field label="Заголовок" error={errors.title}>
          <TextInput name="title" defaultValue={slide.title} invalid={Boolean(errors.title)} disabled={busy} />
        </Field>
        <Field label="Текст" error={errors.subtitle}>
          <TextInput name="subtitle" defaultValue={slide.subtitle} invalid={Boolean(errors.subtitle)} disabled={busy} />
        </Field>
        <Field label="Ссылка" error={errors.link} hint="Путь на сайте (/catalog/…) или https://…; пусто — страница товара.">
          <TextInput name="link" defaultValue={slide.link} className="font-mono" invalid={Boolean(errors.link)} disabled={busy} />
        </Field>
        <Field label="Упаковка" error={errors.pack} hint="Например, «Курс на 2 месяца».">
          <TextInput name="pack" defaultValue={slide.pack} invalid={Boolean(errors.pack)} disabled={busy} />
        </Field>
      </div>
      <PicturePicker picture={slide.picture} fallback={slide.picture ? '' : slide.img} error={errors.pictureId ?? errors.img} busy={busy} />
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isSet" defaultChecked={slide.isSet} className="size-4" disabled={busy} />
          Метка «Набор»
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={slide.active} className="size-4" disabled={busy} />
          Показывать на главной
        </label>
      </div>
    </>
  )
}

function SlideForm({ slide, onDone }: { slide: ShowcaseSlideView; onDone: () => void }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = fieldsOf(new FormData(event.currentTarget))
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('PATCH', `/api/admin/showcase-slides/${slide.id}/`, body)
      router.refresh()
      onDone()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-md border border-line bg-surface p-3" aria-label={`Слайд ${slide.title}`}>
      <SlideFieldset slide={slide} errors={errors} busy={busy} withProduct={false} />
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
 * A sets-from-experts tab's slides in the home page's order (ADR 204): moved by dragging or by ↑ ↓,
 * each move sending the whole order; a slide opens its own form; a slide is hidden, never deleted.
 */
export function ShowcaseSlides({ tabId, slides, canEdit }: { tabId: number; slides: ShowcaseSlideView[]; canEdit: boolean }) {
  return (
    <OrderedList
      heading="Слайды"
      headingId="slides-title"
      label="Слайды по порядку"
      empty="Слайдов пока нет: вкладка на главной пуста."
      items={slides}
      canEdit={canEdit}
      rowData="data-slide"
      nameOf={(s) => s.title}
      ordinal="й"
      saveOrder={(slideIds) => adminFetch('POST', `/api/admin/showcases/${tabId}/slides/order/`, { slideIds })}
      summary={(s) => (
        <>
          {s.picture?.urls.thumb || s.img ? <img src={s.picture?.urls.thumb || s.img} alt="" className="size-12 rounded border border-line bg-surface object-contain" /> : <span className="grid size-12 place-items-center rounded border border-dashed border-line text-[10px] text-ink-600">товар</span>}
          <div className="min-w-40 flex-1">
            <div className="font-medium">{s.title}</div>
            <div className="text-xs text-ink-600">
              {s.productName} · <span className="font-mono">{s.link || 'страница товара'}</span>
            </div>
          </div>
          <Badge tone={s.active ? 'good' : 'neutral'}>{s.active ? 'Показан' : 'Скрыт'}</Badge>
        </>
      )}
      form={(s, close) => <SlideForm slide={s} onDone={close} />}
      newForm={(announce) => <NewSlideForm tabId={tabId} onCreated={(title) => announce(`Слайд «${title}» добавлен.`)} />}
    />
  )
}

function NewSlideForm({ tabId, onCreated }: { tabId: number; onCreated: (title: string) => void }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [key, setKey] = useState(0)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = { productCode: String(f.get('productCode') ?? ''), ...fieldsOf(f) }
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('POST', `/api/admin/showcases/${tabId}/slides/`, body)
      onCreated(body.title.trim())
      setKey((k) => k + 1)
      router.refresh()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form key={key} onSubmit={submit} noValidate aria-label="Новый слайд" className="space-y-3 border-t border-line pt-4">
      <h3 className="font-semibold">Новый слайд</h3>
      <SlideFieldset slide={EMPTY} errors={errors} busy={busy} withProduct />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          Добавить слайд
        </button>
        <FormOutcome error={errors.form && Object.keys(errors).length === 1 ? errors.form : undefined} />
      </div>
    </form>
  )
}
