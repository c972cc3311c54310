'use client'

import { useEffect, useRef, useState, type ReactNode } from 'react'
import { TAB_LOADING_MS } from '../showcases'
import { useSelectedTabInView } from '@/ui/tabs'

export interface AnchorTab {
  anchor: string
  title: string
}

/**
 * Home-page tabs chosen by the address hash (#immunity, #high-discounts…). A panel may come with the
 * server HTML or load its content when it is shown near the screen (ADR 191). Switching shows the
 * spec's 300 ms loading state, then the panel. A hash naming one of our tabs — on load or later — selects it and scrolls
 * the block into view.
 */
export function AnchorTabs({ id, title, tabs, panels }: { id: string; title?: ReactNode; tabs: AnchorTab[]; panels: ReactNode[] }) {
  const [active, setActive] = useState(0)
  const [loading, setLoading] = useState(false)
  const root = useRef<HTMLElement>(null)
  const strip = useSelectedTabInView(active)

  const select = (index: number, opts: { updateHash: boolean }) => {
    const tab = tabs[index]
    if (!tab) return
    if (opts.updateHash) history.replaceState(null, '', `#${tab.anchor}`)
    setActive(index)
    setLoading(true)
  }

  // The 300 ms count starts once the loading state is on screen, so buyers see all of it.
  useEffect(() => {
    if (!loading) return
    const timer = setTimeout(() => setLoading(false), TAB_LOADING_MS)
    return () => clearTimeout(timer)
  }, [loading, active])

  useEffect(() => {
    const fromHash = () => {
      const index = tabs.findIndex((t) => `#${t.anchor}` === window.location.hash)
      if (index < 0) return
      select(index, { updateHash: false })
      root.current?.scrollIntoView({ block: 'start' })
    }
    // A frame later: the first render must match the server HTML before the hash picks a tab.
    const frame = requestAnimationFrame(fromHash)
    // Tests (and scripts) can tell when the tabs listen to the hash.
    root.current?.setAttribute('data-ready', 'Y')
    window.addEventListener('hashchange', fromHash)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('hashchange', fromHash)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tabs come from the server and do not change
  }, [])

  return (
    <section id={id} ref={root} className="scroll-mt-24" data-active-tab={tabs[active]?.anchor}>
      {title}
      <div ref={strip} role="tablist" aria-label={typeof title === 'string' ? title : undefined} className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
        {tabs.map((tab, i) => (
          <a
            key={tab.anchor}
            href={`#${tab.anchor}`}
            role="tab"
            id={`${id}-tab-${tab.anchor}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel-${tab.anchor}`}
            data-anchor={tab.anchor}
            onClick={(e) => {
              e.preventDefault()
              select(i, { updateHash: true })
            }}
            className={`shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
              i === active ? 'border-brand-500 bg-brand-500 text-white' : 'border-line bg-white text-ink-900 hover:border-brand-500'
            }`}
          >
            {tab.title}
          </a>
        ))}
      </div>
      <div className="relative mt-4" aria-busy={loading}>
        {loading && (
          <div className="absolute inset-0 z-20 flex items-center justify-center bg-white/70" data-tab-loading role="status">
            <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-500" />
            <span className="sr-only">Загрузка…</span>
          </div>
        )}
        {panels.map((panel, i) => (
          <div
            key={tabs[i]?.anchor ?? i}
            role="tabpanel"
            id={`${id}-panel-${tabs[i]?.anchor}`}
            aria-labelledby={`${id}-tab-${tabs[i]?.anchor}`}
            hidden={i !== active}
          >
            {panel}
          </div>
        ))}
      </div>
    </section>
  )
}
