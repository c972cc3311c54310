'use client'

import { Link } from '@/ui/link'
import { useEffect, useState } from 'react'
import { Modal } from '@/ui/modal'
import { Slider, type SliderLayout } from '@/ui/slider'

/** The spec's menu item: name, url, picture, active. */
export interface MenuItem {
  name: string
  url: string
  picture: string
  active: boolean
}

const TILE_LAYOUT: SliderLayout = {
  base: { perView: 3, gap: 8 },
  steps: [
    { minWidth: 768, perView: 5, gap: 12 },
    { minWidth: 1280, perView: 7, gap: 12 },
  ],
}

function Tile({ item }: { item: MenuItem }) {
  return (
    <Link
      href={item.url}
      aria-current={item.active ? 'page' : undefined}
      data-card="purpose"
      className={`purpose-tile ${item.active ? 'purpose-tile-on' : 'purpose-tile-off'}`}
    >
      {item.picture ? (
        <img src={item.picture} alt="" className="h-10 w-10" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="purpose-tile-letter">
          {item.name.slice(0, 1)}
        </span>
      )}
      <span className="leading-tight">{item.name}</span>
    </Link>
  )
}

/**
 * Menu by purpose: 'Выбрать назначение' (the popup 'Назначения' on phones), 'Выбрать бренд', and the
 * section tile slider whose 'Смотреть все' shows every tile; the address hash #purpose opens it expanded.
 */
export function PurposeMenu({ items }: { items: MenuItem[] }) {
  const [popup, setPopup] = useState(false)
  const [expanded, setExpanded] = useState(false)

  useEffect(() => {
    const check = () => {
      if (window.location.hash === '#purpose') setExpanded(true)
    }
    check()
    window.addEventListener('hashchange', check)
    return () => window.removeEventListener('hashchange', check)
  }, [])

  return (
    <section id="purpose" aria-label="Назначения" className="scroll-mt-24" data-purpose-menu>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => (window.matchMedia('(min-width: 768px)').matches ? setExpanded((v) => !v) : setPopup(true))}
          className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          data-choose-purpose
        >
          Выбрать назначение
        </button>
        <Link href="/brands/" className="rounded-lg border border-brand-500 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          Выбрать бренд
        </Link>
      </div>
      <div className="mt-4 hidden sm:block">
        {expanded ? (
          <ul className="grid grid-cols-5 gap-3 lg:grid-cols-7" data-purpose-tiles="expanded">
            {items.map((item) => (
              <li key={item.url}>
                <Tile item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <Slider label="Назначения" layout={TILE_LAYOUT} name="purpose-tiles">
            {items.map((item) => (
              <Tile key={item.url} item={item} />
            ))}
          </Slider>
        )}
        <div className="mt-2 text-right">
          <button type="button" onClick={() => setExpanded((v) => !v)} className="text-sm font-semibold text-brand-700 hover:underline" data-see-all>
            {expanded ? 'Свернуть' : 'Смотреть все'}
          </button>
        </div>
      </div>
      <Modal open={popup} onClose={() => setPopup(false)} title="Назначения" size="full">
        <Link href="/catalog/" className="mb-3 inline-block text-sm text-brand-700 underline" onClick={() => setPopup(false)} data-purpose-reset>
          Сбросить
        </Link>
        <ul className="divide-y divide-line">
          {items.map((item) => (
            <li key={item.url}>
              <Link
                href={item.url}
                onClick={() => setPopup(false)}
                aria-current={item.active ? 'page' : undefined}
                className={`block py-3 ${item.active ? 'font-semibold text-brand-700' : ''}`}
              >
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      </Modal>
    </section>
  )
}
