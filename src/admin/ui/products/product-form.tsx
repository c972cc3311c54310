'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { ProductForm as ProductFormCode } from '@/db/schema/catalog'
import { EDITOR_BADGE_NAMES, EDITOR_BADGES } from '@/domains/catalog/catalog-admin'
import type { ProductView } from '@/domains/catalog/catalog-admin.schema'
import { FORM_NAMES, PRODUCT_FORM_CODES } from '@/domains/catalog/filter-state'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'

export interface CatalogOptions {
  sections: { id: number; code: string; name: string }[]
  brands: { id: number; code: string; name: string }[]
}

const TEXTS = [
  { name: 'description', label: 'Описание' },
  { name: 'composition', label: 'Состав' },
  { name: 'howToUse', label: 'Способ применения' },
  { name: 'instruction', label: 'Инструкция' },
] as const

/**
 * A new product (POST /api/admin/products) or a change of one (PATCH /api/admin/products/{id}). The
 * first ticked section is the main one: the product's address and breadcrumbs. Texts are HTML, kept
 * as the sanitiser leaves them (ADR 178).
 */
export function ProductForm({ product, options, canPublish }: { product?: ProductView; options: CatalogOptions; canPublish: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [sectionIds, setSectionIds] = useState<number[]>(product?.sectionIds ?? [])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)

  const toggleSection = (id: number, on: boolean) => setSectionIds((ids) => (on ? [...ids.filter((s) => s !== id), id] : ids.filter((s) => s !== id)))
  const mainSection = options.sections.find((s) => s.id === sectionIds[0])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const body: Record<string, unknown> = {
      name: text('name'),
      subTitle: text('subTitle'),
      line: text('line'),
      code: text('code'),
      sectionIds,
      brandId: Number(text('brandId')) || 0,
      form: text('form'),
      badges: EDITOR_BADGES.filter((b) => f.get(`badge-${b}`) === 'on'),
      isDrug: f.get('isDrug') === 'on',
      isImportReplace: f.get('isImportReplace') === 'on',
      seoTitle: text('seoTitle'),
      seoDescription: text('seoDescription'),
      ...Object.fromEntries(TEXTS.map((t) => [t.name, text(t.name)])),
    }
    if (product && canPublish) body.published = f.get('published') === 'on'
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      if (product) {
        await adminFetch('PATCH', `/api/admin/products/${product.id}/`, body)
        setSaved(true)
        router.refresh()
      } else {
        const created = await adminFetch<ProductView>('POST', '/api/admin/products/', body)
        router.push(`/admin/products/${created.id}/`)
        router.refresh()
      }
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} space-y-5 p-4 sm:p-6`} aria-label="Товар">
      <fieldset disabled={busy} className="space-y-5">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Название" error={errors.name}>
            <TextInput name="name" defaultValue={product?.name ?? ''} invalid={Boolean(errors.name)} required />
          </Field>
          <Field label="Код для адреса" error={errors.code} hint={product ? 'При смене кода старый адрес переадресует на новый (301).' : 'Латиница, цифры, «-» и «_».'}>
            <TextInput name="code" defaultValue={product?.code ?? ''} className="font-mono" invalid={Boolean(errors.code)} required />
          </Field>
          <Field label="Подзаголовок" error={errors.subTitle}>
            <TextInput name="subTitle" defaultValue={product?.subTitle ?? ''} invalid={Boolean(errors.subTitle)} />
          </Field>
          <Field label="Линейка" error={errors.line}>
            <TextInput name="line" defaultValue={product?.line ?? ''} invalid={Boolean(errors.line)} />
          </Field>
          <Field label="Бренд" error={errors.brandId}>
            <select name="brandId" defaultValue={product?.brandId ?? ''} className={ui.input} aria-invalid={errors.brandId ? true : undefined}>
              <option value="">Выберите бренд</option>
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Форма выпуска" error={errors.form}>
            <select name="form" defaultValue={product?.form ?? 'capsules'} className={ui.input}>
              {PRODUCT_FORM_CODES.map((code: ProductFormCode) => (
                <option key={code} value={code}>
                  {FORM_NAMES[code]}
                </option>
              ))}
            </select>
          </Field>
        </div>

        <fieldset>
          <legend className={ui.label}>Разделы</legend>
          <p className="mb-2 text-xs text-ink-600">
            {mainSection ? `Основной — «${mainSection.name}»: он в адресе товара и в «хлебных крошках».` : 'Первый отмеченный раздел станет основным: он в адресе товара.'}
          </p>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 xl:grid-cols-3">
            {options.sections.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={sectionIds.includes(s.id)} onChange={(e) => toggleSection(s.id, e.target.checked)} />
                <span>{s.name}</span>
                {sectionIds[0] === s.id ? <span className="text-xs text-brand-700">основной</span> : null}
              </label>
            ))}
          </div>
          {errors.sectionIds ? (
            <span role="alert" className="mt-1 block text-xs text-sale-500">
              {errors.sectionIds}
            </span>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {EDITOR_BADGES.map((b) => (
            <label key={b} className="flex items-center gap-2">
              <input type="checkbox" name={`badge-${b}`} defaultChecked={product?.badges.includes(b) ?? false} />
              <span>{EDITOR_BADGE_NAMES[b]}</span>
            </label>
          ))}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="isDrug" defaultChecked={product?.isDrug ?? false} />
            <span>Лекарственное средство</span>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="isImportReplace" defaultChecked={product?.isImportReplace ?? false} />
            <span>Импортозамещение</span>
          </label>
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          {TEXTS.map((t) => (
            <Field key={t.name} label={t.label} error={errors[t.name]} hint="HTML: абзацы <p>, заголовки <h2>–<h4>, списки, ссылки. Скрипты и стили удаляются при сохранении.">
              <textarea name={t.name} rows={6} defaultValue={product?.[t.name] ?? ''} className={`${ui.input} font-mono text-xs`} />
            </Field>
          ))}
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Заголовок для поисковиков (title)" error={errors.seoTitle} hint="Пусто — «Название — купить по цене …».">
            <TextInput name="seoTitle" defaultValue={product?.seoTitle ?? ''} invalid={Boolean(errors.seoTitle)} />
          </Field>
          <Field label="Описание для поисковиков (description)" error={errors.seoDescription} hint="Пусто — подзаголовок и начало описания.">
            <TextInput name="seoDescription" defaultValue={product?.seoDescription ?? ''} invalid={Boolean(errors.seoDescription)} />
          </Field>
        </div>

        {product && canPublish ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="published" defaultChecked={product.published} />
            <span className="font-medium">Опубликован</span>
            <span className="text-ink-600">— виден покупателям в каталоге, поиске и по адресу товара.</span>
          </label>
        ) : null}
        {!product ? <p className="text-sm text-ink-600">Новый товар создаётся скрытым: добавьте предложения, затем опубликуйте его.</p> : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          {product ? 'Сохранить' : 'Создать товар'}
        </button>
        <FormOutcome saved={saved} error={errors.form} />
      </div>
    </form>
  )
}
