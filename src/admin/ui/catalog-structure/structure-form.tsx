'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { BrandView, SectionView } from '@/domains/catalog/catalog-structure'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { PicturePicker } from '../picture-picker'
import { ui } from '../styles'

type Errors = Record<string, string>
type Kind = 'section' | 'brand'

const PATHS: Record<Kind, { api: string; page: string }> = {
  section: { api: '/api/admin/sections/', page: '/admin/sections/' },
  brand: { api: '/api/admin/brands/', page: '/admin/brands/' },
}

/**
 * A section's or a brand's fields (ADR 192): both are a name, a code for the address, a description and
 * a shown/hidden switch; a section adds its SEO title and description, a brand its logo (a media-library picture, ADR 207 addendum,
 * or a typed address).
 */
export function StructureForm({ kind, item, canEdit }: { kind: Kind; item?: SectionView | BrandView; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Errors>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const section = kind === 'section' ? (item as SectionView | undefined) : undefined
  const brand = kind === 'brand' ? (item as BrandView | undefined) : undefined

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const body: Record<string, unknown> = { name: text('name'), code: text('code'), description: text('description'), active: f.get('active') === 'on' }
    if (kind === 'section') Object.assign(body, { seoTitle: text('seoTitle'), seoDescription: text('seoDescription') })
    else {
      const picture = text('pictureId')
      Object.assign(body, { logo: text('logo'), pictureId: picture ? Number(picture) : null })
    }
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      if (item) {
        await adminFetch('PATCH', `${PATHS[kind].api}${item.id}/`, body)
        setSaved(true)
        router.refresh()
      } else {
        const created = await adminFetch<{ id: number }>('POST', PATHS[kind].api, body)
        router.push(`${PATHS[kind].page}${created.id}/`)
      }
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
    } finally {
      setBusy(false)
    }
  }

  const codeHint =
    kind === 'section'
      ? section && section.products > 0
        ? 'Код входит в адреса товаров раздела и не меняется, пока в разделе есть товары.'
        : 'Адрес раздела: /catalog/код/'
      : 'Адрес страницы бренда: /brands/код/'

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} max-w-3xl space-y-4 p-4 sm:p-6`} aria-label={kind === 'section' ? 'Раздел' : 'Бренд'}>
      <fieldset disabled={!canEdit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Название" error={errors.name}>
            <TextInput name="name" defaultValue={item?.name ?? ''} invalid={Boolean(errors.name)} required />
          </Field>
          <Field label="Код" error={errors.code} hint={codeHint}>
            <TextInput name="code" defaultValue={item?.code ?? ''} invalid={Boolean(errors.code)} className="font-mono" required />
          </Field>
        </div>
        <Field label="Описание" error={errors.description}>
          <textarea name="description" defaultValue={item?.description ?? ''} rows={4} className={ui.input} aria-invalid={errors.description ? true : undefined} />
        </Field>
        {kind === 'section' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Заголовок для поисковиков" error={errors.seoTitle} hint="Пусто — из названия.">
              <TextInput name="seoTitle" defaultValue={section?.seoTitle ?? ''} invalid={Boolean(errors.seoTitle)} />
            </Field>
            <Field label="Описание для поисковиков" error={errors.seoDescription} hint="Пусто — из описания.">
              <TextInput name="seoDescription" defaultValue={section?.seoDescription ?? ''} invalid={Boolean(errors.seoDescription)} />
            </Field>
          </div>
        ) : (
          <div className="space-y-3">
            <PicturePicker
              picture={brand?.picture ?? null}
              fallback={brand?.picture ? '' : (brand?.logo ?? '')}
              error={errors.pictureId}
              busy={busy || !canEdit}
              legend="Логотип"
              noneText="Логотипа из медиатеки нет: сайт показывает адрес ниже, если он указан."
              clearText="Убрать картинку"
            />
            <Field label="Адрес логотипа" error={errors.logo} hint="Если логотип не из медиатеки: /img/brands/… или https://…; картинка из медиатеки его заменяет.">
              <TextInput name="logo" defaultValue={brand?.logo ?? ''} invalid={Boolean(errors.logo)} />
            </Field>
          </div>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={item?.active ?? true} className="size-4" />
          Показывать на сайте
        </label>
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            {item ? 'Сохранить' : 'Создать'}
          </button>
          <FormOutcome saved={saved} error={errors.form} />
        </div>
      ) : null}
    </form>
  )
}
