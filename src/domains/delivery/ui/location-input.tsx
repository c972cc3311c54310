'use client'

import { useEffect, useId, useState } from 'react'
import { postForm } from '@/lib/ajax-client'
import { DELIVERY_LIMITS, type Place } from '../delivery'

export interface LocationInputProps {
  value: Place | null
  /** Called after the server has remembered the location (region cookie). */
  onChange: (place: Place) => void
  label?: string
  required?: boolean
  error?: string
}

/** Place search: asked 200 ms after typing, from 2 characters (spec section 7). */
export function LocationInput({ value, onChange, label = 'Населённый пункт', required = true, error }: LocationInputProps) {
  const [text, setText] = useState(value?.display ?? '')
  const [found, setResults] = useState<Place[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [dirty, setDirty] = useState(false)
  const id = useId()

  // Until the buyer types, the field shows the chosen location.
  const shownText = dirty ? text : (value?.display ?? '')
  const query = text.trim()
  const searchable = dirty && query.length >= DELIVERY_LIMITS.placeSearchMinChars
  const results = searchable ? found : []

  useEffect(() => {
    if (!searchable) return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      postForm<Place[]>('/ajax/places/', { SEARCH_STRING: query }, { signal: abort.signal })
        .then((list) => {
          setResults(list)
          setActive(list.length > 0 ? 0 : -1)
          setOpen(true)
        })
        .catch(() => undefined)
    }, DELIVERY_LIMITS.placeSearchDelayMs)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [query, searchable])

  const choose = async (place: Place) => {
    setOpen(false)
    setDirty(false)
    setText(place.display)
    try {
      const answer = await postForm<{ location: Place }>('/ajax/places/', { CODE: place.code })
      onChange(answer.location)
    } catch {
      onChange(place)
    }
  }

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium">
        {label}
        {required && <span className="text-sale-500"> *</span>}
      </label>
      <input
        id={`${id}-input`}
        value={shownText}
        onChange={(e) => {
          setText(e.target.value)
          setDirty(true)
        }}
        onFocus={() => results.length > 0 && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (!open || results.length === 0) return
          if (e.key === 'ArrowDown') setActive((i) => Math.min(results.length - 1, i + 1))
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1))
          else if (e.key === 'Enter' && results[active]) {
            e.preventDefault()
            void choose(results[active])
          } else return
          e.preventDefault()
        }}
        role="combobox"
        aria-expanded={open && results.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={Boolean(error)}
        autoComplete="off"
        placeholder="Начните вводить название"
        className={`w-full rounded-lg border px-3 py-2.5 ${error ? 'border-sale-500' : 'border-line'}`}
      />
      {open && results.length > 0 && (
        <ul id={`${id}-list`} role="listbox" className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-white shadow-lg">
          {results.map((place, i) => (
            <li key={place.code} role="option" aria-selected={i === active}>
              <button
                type="button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void choose(place)}
                className={`block w-full px-3 py-2 text-left ${i === active ? 'bg-surface' : ''}`}
              >
                <span className="block">{place.name}</span>
                {place.region !== place.name && <span className="block text-xs text-ink-600">{place.region}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="mt-1 text-sm text-sale-500">{error}</p>}
    </div>
  )
}
