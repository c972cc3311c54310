'use client'

import { useId, useRef, useState } from 'react'
import { MAX_PICTURE_BYTES } from '@/domains/media/media'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { AdminApiError, adminFetch } from './api-client'
import { ui } from './styles'

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

type LibraryItem = LibraryPictureView & { inUse: boolean }
interface LibraryPage {
  items: LibraryItem[]
  total: number
  page: number
  pageSize: number
}

/**
 * A picture from the media library (ADR 207 and its addendum) for a banner, a brand's logo or an
 * expert slide: upload a new one or choose an uploaded one (search by description, «Показать ещё»
 * beyond the first page); the clear button leaves the form on its fallback (the offer's picture, the
 * typed logo). The choice goes with the form as `pictureId` (empty: none), or under `name`, and to
 * `onChange` for an editor that keeps its own state (the meal plan's rows). A picture nothing shows
 * can be deleted from here; a used one has no «Удалить» (and the server refuses it anyway).
 */
export function PicturePicker({
  picture,
  fallback,
  error,
  busy,
  legend = 'Картинка слайда',
  noneText = 'Картинка товара (своей картинки у слайда нет).',
  clearText = 'Картинка товара',
  name = 'pictureId',
  onChange,
}: {
  picture: LibraryPictureView | null
  fallback: string
  error?: string | undefined
  busy: boolean
  legend?: string
  noneText?: string
  clearText?: string
  name?: string
  onChange?: (picture: LibraryPictureView | null) => void
}) {
  const [chosen, setChosenState] = useState<LibraryPictureView | null>(picture)
  const setChosen = (next: LibraryPictureView | null) => {
    setChosenState(next)
    onChange?.(next)
  }
  // Several pickers on one page (the meal plan's rows): each names its own message.
  const problemId = useId()
  const [library, setLibrary] = useState<LibraryPage | null>(null)
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [working, setWorking] = useState(false)
  const [problem, setProblem] = useState<string>()
  const input = useRef<HTMLInputElement>(null)
  const locked = busy || working

  const load = async (q: string, page: number) => {
    setProblem(undefined)
    try {
      const params = new URLSearchParams({ page: String(page) })
      if (q.trim()) params.set('q', q.trim())
      const next = await adminFetch<LibraryPage>('GET', `/api/admin/media/?${params.toString()}`)
      setLibrary((l) => (page > 1 && l ? { ...next, items: [...l.items, ...next.items] } : next))
    } catch (e) {
      setProblem(e instanceof AdminApiError ? e.message : 'Не получилось открыть медиатеку.')
    }
  }

  const browse = async () => {
    setOpen(!open)
    if (library !== null || open) return
    await load(search, 1)
  }

  const remove = async (p: LibraryItem) => {
    if (!window.confirm('Удалить картинку из медиатеки? Её файлы будут удалены.')) return
    setWorking(true)
    setProblem(undefined)
    try {
      await adminFetch('DELETE', `/api/admin/media/${p.id}/`)
      setLibrary((l) => (l ? { ...l, total: l.total - 1, items: l.items.filter((x) => x.id !== p.id) } : l))
      if (chosen?.id === p.id) setChosen(null)
    } catch (e) {
      setProblem(e instanceof AdminApiError ? e.message : 'Не получилось удалить.')
    } finally {
      setWorking(false)
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
      // Chosen for this form, so shown as used: it is about to be.
      setLibrary((l) =>
        l === null ? l : { ...l, items: [{ ...uploaded, inUse: true }, ...l.items.filter((p) => p.id !== uploaded.id)] },
      )
    } catch (e) {
      setProblem(e instanceof AdminApiError ? e.message : 'Не получилось загрузить.')
    } finally {
      setWorking(false)
      if (input.current) input.current.value = ''
    }
  }

  const shown = chosen?.urls.card || fallback
  return (
    <fieldset className="space-y-2" aria-describedby={error || problem ? problemId : undefined}>
      <legend className={ui.label}>{legend}</legend>
      <input type="hidden" name={name} value={chosen?.id ?? ''} />
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
            {chosen ? `Из медиатеки: ${chosen.width} × ${chosen.height}, сайт берёт нужный размер сам.` : noneText}
          </p>
          <div className="flex flex-wrap gap-2">
            <label
              className={`${ui.buttonSecondary} cursor-pointer px-3 py-1 ${locked ? 'pointer-events-none opacity-50' : ''}`}
            >
              {working ? 'Подождите…' : 'Загрузить картинку'}
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
                {clearText}
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {open ? (
        <div className="space-y-2 rounded-md border border-line p-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return
                e.preventDefault()
                void load(search, 1)
              }}
              placeholder="Поиск по описанию"
              aria-label="Поиск в медиатеке по описанию"
              className={`${ui.input} max-w-xs`}
              maxLength={100}
            />
            <button type="button" className={`${ui.buttonSecondary} px-3 py-1`} disabled={locked} onClick={() => void load(search, 1)}>
              Найти
            </button>
            {library ? (
              <span className="text-xs text-ink-600">
                Показано {library.items.length} из {library.total}
              </span>
            ) : null}
          </div>
          {library === null ? (
            <p className="text-sm text-ink-600">Загружаем медиатеку…</p>
          ) : library.items.length === 0 ? (
            <p className="text-sm text-ink-600">
              {search.trim() ? 'Ничего не нашлось.' : 'В медиатеке пока нет картинок: загрузите первую.'}
            </p>
          ) : (
            <ul className="flex max-h-72 flex-wrap gap-2 overflow-y-auto" aria-label="Медиатека">
              {library.items.map((p, i) => (
                <li key={p.id} className="flex w-24 flex-col items-center gap-1" data-picture-id={p.id}>
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
                  {p.inUse || chosen?.id === p.id ? (
                    <span className="text-[11px] text-ink-600">используется</span>
                  ) : (
                    <button
                      type="button"
                      className="text-[11px] text-sale-500 underline disabled:opacity-50"
                      disabled={locked}
                      aria-label={`Удалить картинку ${i + 1}`}
                      onClick={() => void remove(p)}
                    >
                      Удалить
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {library && library.items.length < library.total ? (
            <button
              type="button"
              className={`${ui.buttonSecondary} px-3 py-1`}
              disabled={locked}
              onClick={() => void load(search, library.page + 1)}
            >
              Показать ещё
            </button>
          ) : null}
        </div>
      ) : null}
      {error || problem ? (
        <p id={problemId} role="alert" className="text-xs text-sale-500">
          {error ?? problem}
        </p>
      ) : null}
    </fieldset>
  )
}
