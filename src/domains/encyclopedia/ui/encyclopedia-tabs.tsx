'use client'

import { Link } from '@/ui/link'
import { useCallback, useEffect, useRef, useState } from 'react'
import { postForm } from '@/lib/ajax-client'
import { ALL_INGREDIENTS_HASH, type EncElementLink } from '../encyclopedia'
import { useSelectedTabInView } from '@/ui/tabs'

export interface EncTab {
  /** 0: 'Все ингредиенты'. */
  ID: number
  NAME: string
  HASH: string
}

type Groups = Record<string, EncElementLink[]>

/**
 * Encyclopedia tabs: 'Все ингредиенты' and one per section, each addressed by its hash. Switching
 * changes the hash without a reload and loads the section's elements by POST /ajax/get-enc-elements/
 * (once per section); a failed load is only logged, as the spec says.
 */
export function EncyclopediaTabs({ sections, initial }: { sections: EncTab[]; initial: Groups }) {
  const tabs: EncTab[] = [{ ID: 0, NAME: 'Все ингредиенты', HASH: ALL_INGREDIENTS_HASH }, ...sections]
  const [active, setActive] = useState(0)
  const [groups, setGroups] = useState<Record<number, Groups>>({ 0: initial })
  const [loading, setLoading] = useState(false)
  const requested = useRef(new Set<number>([0]))
  const strip = useSelectedTabInView(active)

  const load = useCallback((id: number) => {
    if (requested.current.has(id)) return
    requested.current.add(id)
    setLoading(true)
    postForm<{ elementsArr: Groups }>('/ajax/get-enc-elements/', { ID: id })
      .then((answer) => setGroups((g) => ({ ...g, [id]: answer.elementsArr })))
      .catch((error: unknown) => {
        requested.current.delete(id)
        console.warn('encyclopedia load failed', error)
      })
      .finally(() => setLoading(false))
  }, [])

  const show = useCallback(
    (hash: string) => {
      const tab = tabs.find((t) => t.HASH === hash) ?? tabs[0]
      if (!tab) return
      setActive(tab.ID)
      load(tab.ID)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tab list comes from the server and does not change
    [load],
  )

  useEffect(() => {
    const fromHash = () => show(decodeURIComponent(window.location.hash.slice(1)))
    const frame = requestAnimationFrame(fromHash)
    window.addEventListener('hashchange', fromHash)
    window.addEventListener('popstate', fromHash)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('hashchange', fromHash)
      window.removeEventListener('popstate', fromHash)
    }
  }, [show])

  const current = groups[active]
  return (
    <div data-active-section={active}>
      <div ref={strip} role="tablist" aria-label="Разделы энциклопедии" className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
        {tabs.map((t) => (
          <a
            key={t.ID}
            href={`#${t.HASH}`}
            role="tab"
            aria-selected={t.ID === active}
            data-hash={t.HASH}
            onClick={(e) => {
              e.preventDefault()
              // pushState changes the hash without a reload or a jump, and Back returns to the previous tab.
              if (window.location.hash !== `#${t.HASH}`) history.pushState(null, '', `#${t.HASH}`)
              show(t.HASH)
            }}
            className={`shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap ${
              t.ID === active ? 'border-brand-500 bg-brand-500 text-white' : 'border-line bg-white hover:border-brand-500'
            }`}
          >
            {t.NAME}
          </a>
        ))}
      </div>
      <div role="tabpanel" className="mt-6" aria-busy={loading && !current}>
        {!current ? (
          <p className="text-ink-400" role="status">
            Загрузка…
          </p>
        ) : Object.keys(current).length === 0 ? (
          <p className="text-ink-600">В этом разделе пока нет статей.</p>
        ) : (
          <div className="columns-1 gap-8 sm:columns-2 md:columns-3 lg:columns-4" data-enc-elements="">
            {Object.entries(current).map(([letter, elements]) => (
              <section key={letter} className="mb-6 break-inside-avoid" data-letter={letter}>
                <h2 className="mb-2 text-2xl font-bold text-brand-600">{letter}</h2>
                <ul className="space-y-1.5">
                  {elements.map((el) => (
                    <li key={el.CODE}>
                      <Link href={`/encyclopedia/item/${el.CODE}/`} className="hover:text-brand-600 hover:underline">
                        {el.NAME}
                      </Link>
                      {el.mark && (
                        <span data-draft-mark={el.mark} className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                          Черновик
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  )
}
