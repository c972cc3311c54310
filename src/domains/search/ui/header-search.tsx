'use client'

import { Link } from '@/ui/link'
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useDismiss } from '@/domains/cart/ui/use-dismiss'
import { viewGuid } from '@/domains/analytics/view-guid'
import { postForm } from '@/lib/ajax-client'
import { CloseIcon, SearchIcon } from '@/ui/icons'
import { SEARCH_DELAY_MS, SEARCH_MIN_CHARS, searchUrl } from '../search'

/**
 * The header search (spec §4, §7, §9): opened and closed by its button; suggestions from
 * POST /ajax/search/ at 3+ characters, 400 ms after typing stops, cleared below 3; when the answer
 * is empty the typed text itself is offered. Suggestion links carry AUTOCOMPLETE_CLICK, the
 * 'all results' link only q.
 */
export function HeaderSearch() {
  const [open, setOpen] = useState(false)
  const [term, setTerm] = useState('')
  const [suggestions, setSuggestions] = useState<{ term: string; list: string[] } | null>(null)
  const [active, setActive] = useState(-1)
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()
  const router = useRouter()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, root, trigger, close)

  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  const typed = term.trim()
  useEffect(() => {
    if (typed.length < SEARCH_MIN_CHARS) return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      postForm<string[]>(
        '/ajax/search/',
        { SEARCH_STRING: typed, originalSearchTerm: typed, viewGuid: viewGuid(), url: window.location.href, referrer: document.referrer },
        { signal: controller.signal },
      )
        .then((list) => {
          setSuggestions({ term: typed, list: Array.isArray(list) ? list : [] })
          setActive(-1)
        })
        .catch(() => {
          // A failed or aborted suggestion request leaves the box as it was.
        })
    }, SEARCH_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [typed])

  // Below 3 characters nothing is shown; an answer for an older text is not shown either.
  const current = typed.length >= SEARCH_MIN_CHARS && suggestions?.term === typed ? suggestions : null
  const items = current ? (current.list.length > 0 ? current.list : [typed]) : []

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (items.length === 0) return
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setActive((i) => (i + 1) % items.length)
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1))
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault()
      const link = document.getElementById(`${listId}-${active}`)
      if (link instanceof HTMLAnchorElement) link.click()
    }
  }

  // Closing the box removes this form before the browser would send it, so the search is opened here.
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    router.push(searchUrl(typed))
    close()
  }

  return (
    <div ref={root} data-slot="header-search">
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-label={open ? 'Закрыть поиск' : 'Поиск'}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50"
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
      {open && (
        <div className="absolute inset-x-0 top-full z-50 border-b border-line bg-white shadow-lg">
          <div className="container-page py-3">
            <form action="/search/" method="get" role="search" className="flex gap-2" onSubmit={submit}>
              <label htmlFor={`${listId}-input`} className="sr-only">
                Поиск по каталогу
              </label>
              <input
                ref={input}
                id={`${listId}-input`}
                name="q"
                type="search"
                autoComplete="off"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Например, витамин D или омега 3"
                maxLength={200}
                role="combobox"
                aria-expanded={items.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
                className="h-11 min-w-0 flex-1 rounded-lg border border-line px-3 text-base outline-none focus:border-brand-500"
              />
              <button type="submit" className="h-11 shrink-0 rounded-lg bg-brand-500 px-4 text-sm font-semibold text-white hover:bg-brand-600">
                Найти
              </button>
            </form>
            <p className="sr-only" aria-live="polite">
              {current ? (current.list.length > 0 ? `Подсказок: ${current.list.length}` : 'Подсказок нет') : ''}
            </p>
            {items.length > 0 && (
              <div className="mt-2">
                <ul id={listId} role="listbox" aria-label="Подсказки" className="divide-y divide-line rounded-lg border border-line" data-search-suggestions>
                  {items.map((s, i) => (
                    <li key={s} role="presentation">
                      <Link
                        id={`${listId}-${i}`}
                        role="option"
                        aria-selected={i === active}
                        href={searchUrl(s, true)}
                        onClick={close}
                        className={`block px-3 py-2 text-sm hover:bg-brand-50 ${i === active ? 'bg-brand-50' : ''}`}
                      >
                        {s}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link href={searchUrl(typed)} onClick={close} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline" data-search-all>
                  Все результаты
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
