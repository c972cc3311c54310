'use client'

import { Link } from '@/ui/link'
import { useCallback, useRef, useState } from 'react'
import { BuyButton } from '@/domains/cart/ui/buy-button'
import type { ProductCardData } from '@/domains/catalog/catalog.server'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { Price } from '@/ui/price'
import { Slider, type SliderLayout } from '@/ui/slider'
import { pickPrice } from '../landings'
import { STAGES, stageInfo, type TurboStage } from '../turbo'
import type { Programme } from '../landings.server'
import { ProductModal } from './product-modal'
import { TurboTest } from './turbo-test'
import { setTurboState, useTurboState } from './turbo-store'

/** Programme carousels: 4 on desktop; cards 232 px on phones, 294 px from 768 px. */
const PROGRAMME_LAYOUT: SliderLayout = {
  base: { perView: 1, gap: 10 },
  steps: [
    { minWidth: 568, perView: 2, gap: 10 },
    { minWidth: 768, perView: 2, gap: 20 },
    { minWidth: 992, perView: 3, gap: 20 },
    { minWidth: 1280, perView: 4, gap: 20 },
  ],
}
/** Steps slider: 208 px cards, 2 from 768 px, 3 from 1280 px. */
const STEPS_LAYOUT: SliderLayout = {
  base: { perView: 2, gap: 10 },
  steps: [
    { minWidth: 768, perView: 2, gap: 20 },
    { minWidth: 1280, perView: 3, gap: 20 },
  ],
}

export const MEAL_PLAN_URL = '/turboslim/menu/'

function ProgrammeCard({ card, onDetails }: { card: ProductCardData; onDetails: (id: number) => void }) {
  const { offer } = pickPrice(card.offers)
  const shown = offer ?? card.offers[0]
  if (!shown) return null
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-white p-4 break-words hyphens-auto" data-card="programme-product" data-programme-product={card.id}>
      <button type="button" onClick={() => onDetails(card.id)} className="block aspect-square overflow-hidden rounded-xl bg-surface" aria-label={`Подробнее: ${card.name}`}>
        <img src={shown.picture} alt={card.name} loading="lazy" className="h-full w-full object-contain" />
      </button>
      <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-brand-700">{card.brandName}</p>
      <button type="button" onClick={() => onDetails(card.id)} className="mt-1 line-clamp-2 text-left font-semibold hover:text-brand-600" data-details>
        {card.name}
      </button>
      <div className="mt-auto pt-3">
        <Price value={shown.price} oldValue={shown.oldPrice} />
        <div className="mt-3 flex items-center gap-2">
          {offer ? <BuyButton productId={card.id} offerId={offer.id} className="flex-1" /> : <span className="text-sm text-ink-400">Нет в наличии</span>}
        </div>
      </div>
    </article>
  )
}

export function ProgrammeView({ programme }: { programme: Programme }) {
  const firstFilter = programme.filters[0]?.id ?? ''
  const [activeFilter, setActiveFilter] = useState(firstFilter)
  // A filter's carousel is created the first time the filter is activated and kept afterwards.
  const [created, setCreated] = useState<ReadonlySet<string>>(() => new Set([firstFilter]))
  const [modalId, setModalId] = useState(0)
  const closeModal = useCallback(() => setModalId(0), [])
  const shared = useTurboState()
  const resultRef = useRef<HTMLElement>(null)

  function activate(id: string) {
    setActiveFilter(id)
    setCreated((s) => (s.has(id) ? s : new Set([...s, id])))
  }

  const byStage = (stage: TurboStage) => programme.products.filter((p) => p.stage === stage)
  const stage = shared.stage
  const result = stageInfo(stage)

  return (
    <div data-programme>
      <section className="bg-brand-50">
        <div className="container-page py-10 md:py-16">
          <h1 className="text-3xl font-bold sm:text-5xl">{programme.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-600">{programme.intro}</p>
          <a href="#turbo-test" className="mt-6 inline-flex h-12 items-center rounded-xl bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600">
            Пройти тест
          </a>
        </div>
      </section>

      <section className="container-page py-10" aria-labelledby="programme-products">
        <h2 id="programme-products" className="mb-4 text-2xl font-bold sm:text-3xl">
          Продукты программы
        </h2>
        <div role="tablist" aria-label="Фильтр продуктов" className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-2" data-filter-strip>
          {programme.filters.map((f) => (
            <button
              key={f.id}
              type="button"
              role="tab"
              aria-selected={activeFilter === f.id}
              data-filter={f.id}
              onClick={() => activate(f.id)}
              className={`flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 font-medium transition ${
                activeFilter === f.id ? 'border-brand-500 bg-brand-500 text-white' : 'border-line bg-white hover:border-brand-500'
              }`}
            >
              <img src={f.img} alt="" className="h-6 w-6" />
              {f.text}
            </button>
          ))}
        </div>
        {programme.filters
          .filter((f) => created.has(f.id))
          .map((f) => (
            <div key={f.id} role="tabpanel" hidden={activeFilter !== f.id} data-filter-carousel={f.id}>
              <Slider label={f.text} layout={PROGRAMME_LAYOUT} name="programme-products">
                {programme.products
                  .filter((p) => p.filters.includes(f.id))
                  .map((p) => (
                    <ProgrammeCard key={p.card.id} card={p.card} onDetails={setModalId} />
                  ))}
              </Slider>
            </div>
          ))}
      </section>

      <section id="turbo-test" className="bg-surface py-10 md:py-14" aria-labelledby="turbo-test-title">
        <div className="container-page">
          <h2 id="turbo-test-title" className="mb-2 text-2xl font-bold sm:text-3xl">
            Тест: с чего начать?
          </h2>
          <p className="mb-6 text-ink-600">Ответьте на 5 вопросов и укажите возраст и вес — подберём этап программы.</p>
          <TurboTest onDone={() => requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: 'smooth' }))} />
        </div>
      </section>

      {shared.done && (
        <section ref={resultRef} id="turbo-result" className="container-page py-10" data-turbo-result={stage}>
          <div className="grid items-center gap-6 rounded-3xl bg-brand-50 p-6 md:grid-cols-[1fr_320px] md:p-10">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Ваш результат</p>
              <h2 className="mt-2 text-2xl font-bold sm:text-3xl">
                Этап {stage}: {result.tab}
              </h2>
              <p className="mt-2 text-xl font-semibold text-brand-700" data-turbo-claim>
                {result.claim}
              </p>
              <p className="mt-3 text-ink-600">{programme.steps.find((s) => s.stage === stage)?.text}</p>
              <Link href={MEAL_PLAN_URL} className="mt-5 inline-flex h-11 items-center rounded-xl bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600">
                Меню и тренировки
              </Link>
            </div>
            <img src={result.image} alt={result.tab} className="w-full rounded-2xl" data-turbo-image />
          </div>
        </section>
      )}

      <section className="container-page py-10" aria-labelledby="turbo-steps">
        <h2 id="turbo-steps" className="mb-4 text-2xl font-bold sm:text-3xl">
          Три этапа программы
        </h2>
        <div role="tablist" aria-label="Этапы программы" className="mb-6 flex flex-wrap gap-2" data-steps-tabs>
          {STAGES.map((s) => (
            <button
              key={s.stage}
              type="button"
              role="tab"
              aria-selected={stage === s.stage}
              onClick={() => setTurboState({ stage: s.stage })}
              className={`rounded-xl px-4 py-2 font-semibold first-letter:uppercase ${stage === s.stage ? 'bg-brand-500 text-white' : 'bg-surface hover:bg-brand-50'}`}
            >
              {s.tab}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="grid gap-6 md:grid-cols-[1fr_2fr]">
          <div>
            <p className="text-xl font-bold text-brand-700">{result.claim}</p>
            <p className="mt-2 text-ink-600">{programme.steps.find((s) => s.stage === stage)?.text}</p>
          </div>
          <Slider key={stage} label={`Продукты этапа ${stage}`} layout={STEPS_LAYOUT} name="steps-slider" className="min-w-0">
            {byStage(stage).map((p) => {
              const { offer, price } = pickPrice(p.card.offers)
              return (
                <button key={p.card.id} type="button" onClick={() => setModalId(p.card.id)} className="block w-full rounded-2xl border border-line p-3 text-left hover:border-brand-500 break-words hyphens-auto" data-card="programme-product" data-offer-id={offer?.id}>
                  <img src={p.card.offers[0]?.picture} alt="" className="aspect-square w-full object-contain" loading="lazy" />
                  <span className="mt-2 line-clamp-2 block text-sm font-semibold">{p.card.name}</span>
                  <span className="mt-1 block font-bold">{typeof price === 'number' ? formatRub(rublesToKopecks(price)) : '-'}</span>
                </button>
              )
            })}
          </Slider>
        </div>
      </section>

      <footer className="border-t border-line bg-surface">
        <div className="container-page py-8">
          <div role="tablist" aria-label="Этапы" className="flex gap-2" data-footer-tabs>
            {STAGES.map((s) => (
              <button
                key={s.stage}
                type="button"
                role="tab"
                aria-selected={stage === s.stage}
                onClick={() => setTurboState({ stage: s.stage })}
                className={`flex-1 rounded-xl border px-3 py-3 font-semibold sm:flex-none sm:px-6 ${stage === s.stage ? 'border-brand-500 bg-white text-brand-700' : 'border-transparent hover:bg-white'}`}
              >
                Этап {s.stage}
              </button>
            ))}
          </div>
          <p className="mt-4 text-ink-600">
            <b className="text-ink-900 first-letter:uppercase">{result.tab}</b> — {result.claim}.{' '}
            <Link href={MEAL_PLAN_URL} className="font-semibold text-brand-700 hover:underline">
              Меню этапа
            </Link>
          </p>
        </div>
      </footer>

      <ProductModal productId={modalId} onClose={closeModal} />
    </div>
  )
}
