'use client'

import { useRef, useState } from 'react'
import { MAX_PICTURE_BYTES } from '@/domains/media/media'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { AdminApiError, adminFetch } from '../api-client'
import { ui } from '../styles'

const ACCEPT = 'image/jpeg,image/png,image/webp'

/** The file as the request body (ADR 184, 207); the server judges the bytes, not the name or the type. */
async function uploadFile(file: File): Promise<LibraryPictureView> {
  const response = await fetch('/api/admin/media/', {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
    credentials: 'same-origin',
  })
  const data: unknown = await response.json().catch(() => ({}))
  if (!response.ok)
    throw new AdminApiError((data as { error?: string }).error ?? 'Не получилось загрузить.', response.status)
  return data as LibraryPictureView
}

/**
 * A slide's picture from the media library (ADR 207): upload a new one or choose an uploaded one;
 * «Картинка товара» leaves the slide on its offer's picture. The choice goes with the form as
 * `pictureId` (empty: none).
 */
export function PicturePicker({
  picture,
  fallback,
  error,
  busy,
}: {
  picture: LibraryPictureView | null
  fallback: string
  error?: string | undefined
  busy: boolean
}) {
  const [chosen, setChosen] = useState<LibraryPictureView | null>(picture)
  const [library, setLibrary] = useState<LibraryPictureView[] | null>(null)
  const [open, setOpen] = useState(false)
  const [working, setWorking] = useState(false)
  const [problem, setProblem] = useState<string>()
  const input = useRef<HTMLInputElement>(null)
  const locked = busy || working

  const browse = async () => {
    setOpen(!open)
    if (library !== null || open) return
    try {
      setLibrary((await adminFetch<{ items: LibraryPictureView[] }>('GET', '/api/admin/media/')).items)
    } catch (e) {
      setProblem(e instanceof AdminApiError ? e.message : 'Не получилось открыть медиатеку.')
    }
  }

  const upload = async (file: File | undefined) => {
    if (!file) return
    setProblem(undefined)
    if (file.size > MAX_PICTURE_BYTES) {
      setProblem(`Файл больше ${MAX_PICTURE_BYTES / 1024 / 1024} МБ: уменьшите его и загрузите снова.`)
      return
    }
    setWorking(true)
    try {
      const uploaded = await uploadFile(file)
      setChosen(uploaded)
      setLibrary((l) => (l === null ? l : [uploaded, ...l.filter((p) => p.id !== uploaded.id)]))
    } catch (e) {
      setProblem(e instanceof AdminApiError ? e.message : 'Не получилось загрузить.')
    } finally {
      setWorking(false)
      if (input.current) input.current.value = ''
    }
  }

  const shown = chosen?.urls.card || fallback
  return (
    <fieldset className="space-y-2" aria-describedby={error || problem ? 'picture-problem' : undefined}>
      <legend className={ui.label}>Картинка слайда</legend>
      <input type="hidden" name="pictureId" value={chosen?.id ?? ''} />
      <div className="flex flex-wrap items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt=""
            className="size-24 rounded border border-line bg-surface object-contain"
            data-chosen-picture={chosen?.id ?? 'product'}
          />
        ) : (
          <span className="grid size-24 place-items-center rounded border border-dashed border-line text-xs text-ink-600">
            нет
          </span>
        )}
        <div className="space-y-2">
          <p className="text-xs text-ink-600">
            {chosen
              ? `Из медиатеки: ${chosen.width} × ${chosen.height}, сайт берёт нужный размер сам.`
              : 'Картинка товара (своей картинки у слайда нет).'}
          </p>
          <div className="flex flex-wrap gap-2">
            <label
              className={`${ui.buttonSecondary} cursor-pointer px-3 py-1 ${locked ? 'pointer-events-none opacity-50' : ''}`}
            >
              {working ? 'Загрузка…' : 'Загрузить картинку'}
              <input
                ref={input}
                type="file"
                accept={ACCEPT}
                className="sr-only"
                disabled={locked}
                onChange={(e) => void upload(e.currentTarget.files?.[0])}
              />
            </label>
            <button
              type="button"
              className={`${ui.buttonSecondary} px-3 py-1`}
              disabled={locked}
              aria-expanded={open}
              onClick={() => void browse()}
            >
              Выбрать из медиатеки
            </button>
            {chosen ? (
              <button
                type="button"
                className={`${ui.buttonSecondary} px-3 py-1`}
                disabled={locked}
                onClick={() => setChosen(null)}
              >
                Картинка товара
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {open ? (
        library === null ? (
          <p className="text-sm text-ink-600">Загружаем медиатеку…</p>
        ) : library.length === 0 ? (
          <p className="text-sm text-ink-600">В медиатеке пока нет картинок: загрузите первую.</p>
        ) : (
          <ul
            className="flex max-h-64 flex-wrap gap-2 overflow-y-auto rounded-md border border-line p-2"
            aria-label="Медиатека"
          >
            {library.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  aria-pressed={chosen?.id === p.id}
                  aria-label={`Картинка ${i + 1}${p.alt ? `: ${p.alt}` : ''}`}
                  disabled={locked}
                  onClick={() => {
                    setChosen(p)
                    setOpen(false)
                  }}
                  className={`block rounded border-2 p-0.5 ${chosen?.id === p.id ? 'border-brand-500' : 'border-transparent hover:border-line'}`}
                >
                  <img src={p.urls.thumb} alt="" className="size-20 rounded bg-surface object-contain" />
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {error || problem ? (
        <p id="picture-problem" role="alert" className="text-xs text-sale-500">
          {error ?? problem}
        </p>
      ) : null}
    </fieldset>
  )
}
