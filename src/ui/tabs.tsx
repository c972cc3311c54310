'use client'

import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'

export interface TabItem {
  /** The spec's tab code ('about', 'wtb', '0'…'5'). */
  code: string
  /** Address hash without '#'. */
  anchor: string
  title: ReactNode
  /** Shown beside the title (e.g. the review count). */
  quantity?: number
  /** Other hashes that also select this tab (a parent switcher of nested tabs). */
  alsoFor?: readonly string[]
  content: ReactNode
}

/** On phones a tab strip scrolls sideways: this keeps the chosen tab (aria-selected) in its middle. */
export function useSelectedTabInView(active: unknown): RefObject<HTMLDivElement | null> {
  const strip = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const list = strip.current
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (list && tab) list.scrollLeft = Math.max(0, tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2)
  }, [active])
  return strip
}

/** Which tab an address hash selects: its own anchor, else one listing it in alsoFor, else the first. */
export function tabForHash(items: readonly Pick<TabItem, 'code' | 'anchor' | 'alsoFor'>[], hash: string, fallbackToFirst = true): string | undefined {
  const h = hash.replace(/^#/, '')
  return (items.find((t) => t.anchor === h) ?? items.find((t) => t.alsoFor?.includes(h)) ?? (fallbackToFirst ? items[0] : undefined))?.code
}

/**
 * Tabs tied to the address hash: the initial tab comes from the hash, a click writes the tab's anchor
 * into it (without scrolling), and a later hash change (a link to #reviews) switches tabs. Every panel
 * is in the HTML, hidden when inactive, so search engines and no-script visitors still read them.
 */
export function Tabs({ items, label, className = '', variant = 'underline' }: { items: TabItem[]; label: string; className?: string; variant?: 'underline' | 'pill' }) {
  const [active, setActive] = useState(items[0]?.code)
  const id = useId()
  // The effect depends on the tabs' codes and anchors only, not on their (re-created) content.
  const shape = items.map((t) => `${t.code}:${t.anchor}:${t.alsoFor?.join(',') ?? ''}`).join('|')

  useEffect(() => {
    const routing = shape.split('|').map((part) => {
      const [code = '', anchor = '', also = ''] = part.split(':')
      return { code, anchor, alsoFor: also ? also.split(',') : [] }
    })
    const sync = (initial: boolean) => {
      // A later hash this set does not know (a sibling set's anchor) leaves the current tab alone.
      const code = tabForHash(routing, window.location.hash, initial)
      if (code !== undefined) setActive(code)
    }
    sync(true)
    const onHash = () => sync(false)
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [shape])

  const select = (item: TabItem) => {
    setActive(item.code)
    window.history.replaceState(window.history.state, '', `#${item.anchor}`)
    // Nested tab sets listen for this to follow.
    window.dispatchEvent(new HashChangeEvent('hashchange'))
  }

  const tabClass = (on: boolean) =>
    variant === 'pill'
      ? `rounded-full px-4 py-2 text-sm font-semibold ${on ? 'bg-brand-500 text-white' : 'bg-surface text-ink-900 hover:bg-brand-50'}`
      : `-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold sm:text-base ${on ? 'border-brand-500 text-brand-700' : 'border-transparent text-ink-600 hover:text-ink-900'}`

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={`flex gap-1 overflow-x-auto ${variant === 'underline' ? 'border-b border-line' : ''}`}>
        {items.map((item) => {
          const on = item.code === active
          return (
            <a
              key={item.code}
              id={`${id}-tab-${item.code}`}
              role="tab"
              href={`#${item.anchor}`}
              aria-selected={on}
              aria-controls={`${id}-panel-${item.code}`}
              tabIndex={on ? 0 : -1}
              data-tab={item.code}
              onClick={(e) => {
                e.preventDefault()
                select(item)
              }}
              onKeyDown={(e) => {
                if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
                const i = items.findIndex((t) => t.code === item.code)
                const next = items[(i + (e.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length]
                if (next) {
                  select(next)
                  document.getElementById(`${id}-tab-${next.code}`)?.focus()
                }
              }}
              className={tabClass(on)}
            >
              {item.title}
              {item.quantity !== undefined && <span className="ml-1 text-ink-400">{item.quantity}</span>}
            </a>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.code}
          id={`${id}-panel-${item.code}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${item.code}`}
          hidden={item.code !== active}
          data-tab-panel={item.code}
          className="pt-4"
        >
          {item.content}
        </div>
      ))}
    </div>
  )
}
