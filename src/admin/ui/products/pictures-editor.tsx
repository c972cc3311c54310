'use client'

import { useRef, useState, type DragEvent, type FormEvent } from 'react'
import { MAX_ALT_LENGTH, MAX_PICTURE_BYTES } from '@/domains/media/media'
import type { PictureList, PictureView } from '@/domains/media/media.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { ui } from '../styles'

const ACCEPT = 'image/jpeg,image/png,image/webp'

/** The file as the request body (ADR 184); the server judges the bytes, not the name or the type. */
async function uploadFile(productId: number, file: File): Promise<PictureList> {
  const response = await fetch(`/api/admin/products/${productId}/pictures/`, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
    credentials: 'same-origin',
  })
  const data: unknown = await response.json().catch(() => ({}))
  if (!response.ok) throw new AdminApiError((data as { error?: string }).error ?? 'Не получилось загрузить.', response.status)
  return data as PictureList
}

const messageOf = (error: unknown) => (error instanceof AdminApiError ? error.message : 'Не получилось. Попробуйте ещё раз.')

function AltForm({ picture, disabled, onSave }: { picture: PictureView; disabled: boolean; onSave: (alt: string) => Promise<boolean> }) {
  const [saved, setSaved] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaved(false)
    setSaved(await onSave(String(new FormData(event.currentTarget).get('alt') ?? '')))
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Описание картинки ${picture.position + 1}`}>
      <label className="min-w-0 flex-1">
        <span className={ui.label}>Описание (alt)</span>
        <input name="alt" defaultValue={picture.alt} maxLength={MAX_ALT_LENGTH} className={ui.input} placeholder="Что на картинке" disabled={disabled} />
      </label>
      <button type="submit" className={`${ui.buttonSecondary} px-3`} disabled={disabled}>
        Сохранить
      </button>
      {/* Seen beside the field; the editor's own status line is what screen readers hear. */}
      {saved ? (
        <span className="text-xs text-brand-700" aria-hidden="true">
          Сохранено.
        </span>
      ) : null}
    </form>
  )
}

/**
 * A product's pictures in the back office: upload several (button or drop), set the main one, order
 * them with the arrow buttons (keyboard) or by dragging, describe, delete. Every answer is the whole
 * list, so the editor shows what the storefront will.
 */
export function PicturesEditor({
  productId,
  initial,
  canEdit,
  offers = [],
}: {
  productId: number
  initial: PictureView[]
  canEdit: boolean
  /** The product's offers: a picture may be one offer's own (ADR 205). */
  offers?: { id: number; label: string }[]
}) {
  const hydrated = useHydrated()
  const [pictures, setPictures] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState('')
  const [errors, setErrors] = useState<string[]>([])
  const [announcement, setAnnouncement] = useState('')
  const [confirming, setConfirming] = useState<number | null>(null)
  const [dragged, setDragged] = useState<number | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const locked = busy || !hydrated || !canEdit

  const run = async (action: () => Promise<PictureList>, said: string): Promise<boolean> => {
    setBusy(true)
    setErrors([])
    try {
      setPictures((await action()).pictures)
      setAnnouncement(said)
      return true
    } catch (error) {
      setErrors([messageOf(error)])
      return false
    } finally {
      setBusy(false)
    }
  }

  const upload = async (files: File[]) => {
    if (!files.length) return
    setBusy(true)
    setErrors([])
    const problems: string[] = []
    for (const [i, file] of files.entries()) {
      setProgress(`Загружается ${i + 1} из ${files.length}: ${file.name}`)
      try {
        // The size is checked here too, to spare sending a file the server will refuse.
        if (file.size > MAX_PICTURE_BYTES) throw new AdminApiError(`Файл больше ${MAX_PICTURE_BYTES / 1024 / 1024} МБ: уменьшите его и загрузите снова.`, 413)
        setPictures((await uploadFile(productId, file)).pictures)
      } catch (error) {
        problems.push(`${file.name}: ${messageOf(error)}`)
      }
    }
    setProgress('')
    setErrors(problems)
    setAnnouncement(problems.length === files.length ? '' : `Загружено картинок: ${files.length - problems.length}.`)
    setBusy(false)
    if (input.current) input.current.value = ''
  }

  const reorder = (ids: number[], said: string) => run(() => adminFetch<PictureList>('POST', `/api/admin/products/${productId}/pictures/order/`, { pictureIds: ids }), said)
  const move = (index: number, by: -1 | 1) => {
    const ids = pictures.map((p) => p.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    void reorder(ids, `Картинка ${index + 1} перемещена ${by < 0 ? 'выше' : 'ниже'}.`)
  }
  const drop = (event: DragEvent, targetIndex: number) => {
    event.preventDefault()
    if (dragged === null) return
    const ids = pictures.map((p) => p.id).filter((id) => id !== dragged)
    ids.splice(targetIndex, 0, dragged)
    setDragged(null)
    if (ids.some((id, i) => id !== pictures[i]?.id)) void reorder(ids, 'Порядок картинок изменён.')
  }

  return (
    <section className={`${ui.card} space-y-4 p-4 sm:p-6`} aria-labelledby="pictures-title" data-pictures-editor>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="pictures-title" className="text-lg font-semibold">
            Картинки
          </h2>
          <p className="text-sm text-ink-600">
            JPEG, PNG или WebP до {MAX_PICTURE_BYTES / 1024 / 1024} МБ. Первая — главная: она на карточке в каталоге и в корзине.
            {pictures.length === 0 ? ' Пока картинок нет, на витрине рисунок упаковки.' : ''}
          </p>
        </div>
        {canEdit ? (
          <label className={`${ui.button} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300`}>
            Добавить картинки
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              multiple
              className="sr-only"
              disabled={locked}
              onChange={(e) => void upload([...(e.currentTarget.files ?? [])])}
              data-pictures-input
            />
          </label>
        ) : null}
      </div>

      {canEdit ? (
        <div
          className="rounded-md border-2 border-dashed border-line p-4 text-center text-sm text-ink-600"
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) e.preventDefault()
          }}
          onDrop={(e) => {
            if (!e.dataTransfer.files.length) return
            e.preventDefault()
            if (!locked) void upload([...e.dataTransfer.files])
          }}
        >
          Или перетащите файлы сюда
        </div>
      ) : null}

      <p role="status" aria-live="polite" className="text-sm text-ink-600">
        {progress || announcement}
      </p>
      {errors.length ? (
        <ul role="alert" className="space-y-1 text-sm text-sale-500">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}

      {pictures.length ? (
        <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Картинки товара по порядку">
          {pictures.map((p, i) => (
            <li
              key={p.id}
              className={`flex flex-col gap-3 rounded-md border p-3 ${dragged === p.id ? 'border-brand-500 opacity-60' : 'border-line'}`}
              draggable={!locked}
              onDragStart={(e) => {
                setDragged(p.id)
                e.dataTransfer.effectAllowed = 'move'
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault()
              }}
              onDrop={(e) => drop(e, i)}
              data-picture-id={p.id}
            >
              <div className="flex items-start gap-3">
                <img src={p.urls.thumb} alt={p.alt} width={96} height={96} className="h-24 w-24 shrink-0 rounded bg-surface object-contain" draggable={false} />
                <div className="min-w-0 flex-1 space-y-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    № {i + 1} {p.main ? <Badge tone="good">Главная</Badge> : null}
                  </p>
                  <p className="text-xs text-ink-600">
                    {p.width} × {p.height}
                  </p>
                  <a className={`${ui.link} text-xs`} href={p.urls.gallery} target="_blank" rel="noreferrer">
                    Открыть
                  </a>
                </div>
              </div>
              {canEdit ? (
                <>
                  <AltForm picture={p} disabled={locked} onSave={(alt) => run(() => adminFetch<PictureList>('PATCH', `/api/admin/products/${productId}/pictures/${p.id}/`, { alt }), 'Описание сохранено.')} />
                  {offers.length > 1 ? (
                    <label className="block">
                      <span className={ui.label}>Предложение</span>
                      <select
                        className={ui.input}
                        value={p.offerId ?? ''}
                        disabled={locked}
                        onChange={(e) => {
                          const offerId = e.target.value ? Number(e.target.value) : null
                          const label = offers.find((o) => o.id === offerId)?.label
                          void run(
                            () => adminFetch<PictureList>('PATCH', `/api/admin/products/${productId}/pictures/${p.id}/`, { offerId }),
                            label ? `Картинка ${i + 1} — у предложения «${label}».` : `Картинка ${i + 1} — у всех предложений.`,
                          )
                        }}
                      >
                        <option value="">Все предложения</option>
                        {offers.map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={`${ui.buttonSecondary} px-3 py-1`}
                      disabled={locked || p.main}
                      onClick={() => void run(() => adminFetch<PictureList>('PATCH', `/api/admin/products/${productId}/pictures/${p.id}/`, { main: true }), `Картинка ${i + 1} стала главной.`)}
                    >
                      Сделать главной
                    </button>
                    <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label={`Картинку ${i + 1} выше`} title="Выше" disabled={locked || i === 0} onClick={() => move(i, -1)}>
                      ↑
                    </button>
                    <button
                      type="button"
                      className={`${ui.buttonSecondary} px-2 py-1`}
                      aria-label={`Картинку ${i + 1} ниже`}
                      title="Ниже"
                      disabled={locked || i === pictures.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    {confirming === p.id ? (
                      <>
                        <button
                          type="button"
                          className={`${ui.buttonDanger} px-3 py-1`}
                          disabled={locked}
                          onClick={() => {
                            setConfirming(null)
                            void run(() => adminFetch<PictureList>('DELETE', `/api/admin/products/${productId}/pictures/${p.id}/`), `Картинка ${i + 1} удалена.`)
                          }}
                        >
                          Да, удалить
                        </button>
                        <button type="button" className={`${ui.buttonSecondary} px-3 py-1`} onClick={() => setConfirming(null)}>
                          Отмена
                        </button>
                      </>
                    ) : (
                      <button type="button" className={`${ui.buttonDanger} px-3 py-1`} disabled={locked} onClick={() => setConfirming(p.id)}>
                        Удалить
                      </button>
                    )}
                  </div>
                </>
              ) : p.alt ? (
                <p className="text-sm text-ink-600">{p.alt}</p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
