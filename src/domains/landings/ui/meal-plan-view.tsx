'use client'

import { Link } from '@/ui/link'
import { useCallback, useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { Slider, type SliderLayout } from '@/ui/slider'
import type { MealPlan } from '../landings.server'
import { STAGES, nextIndex, shouldSendEmail, subscriptionText, type TurboStage } from '../turbo'
import { SingleAccordion } from './accordion'
import { LandingPrices } from './landing-prices'
import { LandingProductCard, LANDING_SLIDER_LAYOUT } from './landing-products-slider'
import { NutritionistBlock } from './nutritionist-block'
import { ProductModal } from './product-modal'
import { RecipeModal } from './recipe-modal'
import { useTurboState } from './turbo-store'
import { VideoPoster } from './video-poster'

/** Food slides: 208 px, 230 px from 768 px, 5 per page from 1280 px. */
const FOOD_LAYOUT: SliderLayout = {
  base: { perView: 2, gap: 10 },
  steps: [
    { minWidth: 768, perView: 3, gap: 20 },
    { minWidth: 1280, perView: 5, gap: 20 },
  ],
}
/** Video slides: 232 px, 396 px from 768 px, 3 per page from 1280 px. */
const VIDEO_LAYOUT: SliderLayout = {
  base: { perView: 1, gap: 10 },
  steps: [
    { minWidth: 768, perView: 2, gap: 20 },
    { minWidth: 1280, perView: 3, gap: 20 },
  ],
}
/** The `sizes` of library pictures (their srcset, ADR 207 second addendum), from the layouts above. */
export const MEAL_PLAN_SIZES = {
  food: '(min-width: 1280px) 230px, (min-width: 768px) 31vw, 48vw',
  video: '(min-width: 1280px) 400px, (min-width: 768px) 48vw, 92vw',
  expert: '(min-width: 640px) 160px, 128px',
} as const
const ARTICLES_LAYOUT: SliderLayout = { base: { perView: 1, gap: 12 }, steps: [{ minWidth: 768, perView: 2, gap: 20 }] }

type Kind = 'menu' | 'video'

export function MealPlanView({ plan }: { plan: MealPlan }) {
  // The spec: on load the turbo step is 1.
  const [step, setStep] = useState<TurboStage>(1)
  const [kind, setKind] = useState<Kind>('menu')
  const [activeVideo, setActiveVideo] = useState<string | null>(null)
  const [recipeId, setRecipeId] = useState(0)
  const [productId, setProductId] = useState(0)
  const closeRecipe = useCallback(() => setRecipeId(0), [])
  const closeProduct = useCallback(() => setProductId(0), [])
  const current = plan.steps.find((s) => s.stage === step) ?? plan.steps[0]

  // Leaving a step or the video tab disposes its players: the active video is cleared.
  const switchStep = (s: TurboStage) => {
    setStep(s)
    setActiveVideo(null)
  }
  const switchKind = (k: Kind) => {
    setKind(k)
    setActiveVideo(null)
  }

  return (
    <LandingPrices productIds={plan.crossSell.map((p) => p.id)}>
      <div data-meal-plan data-turbo-step={step}>
        <section className="bg-brand-50">
          <div className="container-page py-10 md:py-14">
            <h1 className="text-3xl font-bold sm:text-5xl">{plan.title}</h1>
            <p className="mt-4 max-w-2xl text-lg text-ink-600">{plan.intro}</p>
          </div>
        </section>

        {/* (1) food or video slider with an e-mail form per step */}
        <section className="container-page py-10" data-block="meal-steps">
          <div role="tablist" aria-label="Этапы" className="mb-4 flex flex-wrap gap-2">
            {STAGES.map((s) => (
              <button
                key={s.stage}
                type="button"
                role="tab"
                aria-selected={step === s.stage}
                data-step-tab={s.stage}
                onClick={() => switchStep(s.stage)}
                className={`rounded-xl px-4 py-2 font-semibold ${step === s.stage ? 'bg-brand-500 text-white' : 'bg-surface hover:bg-brand-50'}`}
              >
                Этап {s.stage}
              </button>
            ))}
          </div>
          <div role="tablist" aria-label="Меню или видео" className="mb-6 inline-flex rounded-xl bg-surface p-1">
            {(['menu', 'video'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={kind === k}
                data-kind-tab={k}
                onClick={() => switchKind(k)}
                className={`rounded-lg px-4 py-1.5 font-semibold ${kind === k ? 'bg-white shadow' : 'text-ink-600'}`}
              >
                {k === 'menu' ? 'Меню' : 'Видео'}
              </button>
            ))}
          </div>
          {current && kind === 'menu' && (
            <Slider key={`menu-${step}`} label={`Меню этапа ${step}`} layout={FOOD_LAYOUT} name="food-slider">
              {current.foods.map((f) => (
                <button key={`${f.id}-${f.per}`} type="button" onClick={() => setRecipeId(f.id)} className="block w-full text-left" data-food={f.id}>
                  <img
                    src={f.img}
                    srcSet={f.srcset || undefined}
                    sizes={f.srcset ? MEAL_PLAN_SIZES.food : undefined}
                    alt=""
                    className="aspect-[4/3] w-full rounded-2xl object-cover"
                  />
                  <span className="mt-2 block text-xs font-semibold uppercase text-brand-700">{f.per}</span>
                  <span className="block font-semibold">{f.title}</span>
                  <span className="mt-1 line-clamp-2 block text-sm text-ink-600">{f.text}</span>
                </button>
              ))}
            </Slider>
          )}
          {current && kind === 'video' && (
            <Slider key={`video-${step}`} label={`Видео этапа ${step}`} layout={VIDEO_LAYOUT} name="video-slider">
              {current.videos.map((v) => (
                <div key={v.id} data-video={v.id}>
                  <VideoPoster
                    poster={v.img}
                    posterSrcset={v.srcset}
                    posterSizes={MEAL_PLAN_SIZES.video}
                    title={v.title}
                    src={v.link}
                    active={activeVideo === v.id}
                    onPlay={() => setActiveVideo(v.id)}
                  />
                  <p className="mt-2 font-semibold">{v.title}</p>
                </div>
              ))}
            </Slider>
          )}
          <SubscribeForm key={`${step}-${kind}`} step={step} kind={kind} />
        </section>

        {/* (8) the programme's products open the product modal */}
        {plan.products.length > 0 && (
          <section className="container-page py-6" data-block="meal-products">
            <h2 className="mb-4 text-2xl font-bold">Продукты программы</h2>
            <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
              {plan.products.map((p) => (
                <button key={p.id} type="button" onClick={() => setProductId(p.id)} className="rounded-2xl border border-line p-3 text-left hover:border-brand-500 break-words hyphens-auto" data-card="landing-product" data-open-product={p.id}>
                  <img src={p.image} alt="" className="aspect-square w-full object-contain" />
                  <span className="mt-2 line-clamp-2 block font-semibold">{p.title}</span>
                </button>
              ))}
            </div>
          </section>
        )}

        <Experts experts={plan.experts} />

        {/* (3) farm accordion */}
        <section className="container-page py-10" data-block="farm">
          <h2 className="mb-4 text-2xl font-bold sm:text-3xl">О продуктах</h2>
          <SingleAccordion items={plan.farm.map((f) => ({ title: f.title, text: f.desc, link: f.link }))} name="farm" />
        </section>

        {/* (4) articles carousel, 2 per page */}
        <section className="container-page py-10" data-block="articles">
          <h2 className="mb-4 text-2xl font-bold sm:text-3xl">Полезно почитать</h2>
          <Slider label="Статьи" layout={ARTICLES_LAYOUT} name="meal-articles">
            {plan.articles.map((a) => (
              <Link key={a.link} href={a.link} className="group block">
                <img src={a.image} alt="" className="aspect-[4/3] w-full rounded-2xl object-cover" loading="lazy" />
                <span className="mt-2 block font-semibold group-hover:text-brand-600">{a.title}</span>
              </Link>
            ))}
          </Slider>
        </section>

        {/* (5) bought with this product */}
        <CrossSell items={plan.crossSell} />

        {/* (6) nutritionist question form */}
        <section className="container-page py-10">
          <NutritionistBlock title="Задайте вопрос нутрициологу" productId={null} productName="" />
        </section>

        <RecipeModal recipeId={recipeId} onClose={closeRecipe} />
        <ProductModal productId={productId} onClose={closeProduct} />
      </div>
    </LandingPrices>
  )
}

function CrossSell({ items }: { items: MealPlan['crossSell'] }) {
  if (items.length === 0) return null
  return (
    <section className="container-page py-10" data-block="cross-sell">
      <h2 className="mb-4 text-2xl font-bold sm:text-3xl">С этим товаром покупают</h2>
      <CrossSellSlider items={items} />
    </section>
  )
}

function CrossSellSlider({ items }: { items: MealPlan['crossSell'] }) {
  return (
    <Slider label="С этим товаром покупают" layout={LANDING_SLIDER_LAYOUT} name="cross-sell">
      {items.map((p) => (
        <LandingProductCard key={p.id} item={p} />
      ))}
    </Slider>
  )
}

/** (2) expert tabs; the next-expert link wraps around to the first. */
function Experts({ experts }: { experts: MealPlan['experts'] }) {
  const [active, setActive] = useState(0)
  const expert = experts[active]
  if (!expert) return null
  return (
    <section className="container-page py-10" data-block="experts">
      <h2 className="mb-4 text-2xl font-bold sm:text-3xl">Советы экспертов</h2>
      <div role="tablist" aria-label="Эксперты" className="mb-4 flex flex-wrap gap-2">
        {experts.map((e, i) => (
          <button
            key={e.name}
            type="button"
            role="tab"
            aria-selected={i === active}
            onClick={() => setActive(i)}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${i === active ? 'bg-brand-500 text-white' : 'bg-surface'}`}
          >
            {e.position}
          </button>
        ))}
      </div>
      <figure role="tabpanel" className="grid items-center gap-6 rounded-3xl bg-surface p-6 sm:grid-cols-[160px_1fr]" data-expert={active}>
        <img
          src={expert.img}
          srcSet={expert.srcset || undefined}
          sizes={expert.srcset ? MEAL_PLAN_SIZES.expert : undefined}
          alt={expert.name}
          className="mx-auto h-32 w-32 rounded-full object-cover sm:h-40 sm:w-40"
        />
        <div>
          <blockquote className="text-lg">«{expert.text}»</blockquote>
          <figcaption className="mt-3">
            <b>{expert.name}</b>
            <span className="block text-sm text-ink-600">{expert.position}</span>
          </figcaption>
          <button type="button" onClick={() => setActive((i) => nextIndex(i, experts.length))} className="mt-4 font-semibold text-brand-700 hover:underline" data-next-expert>
            Следующий эксперт →
          </button>
        </div>
      </figure>
    </section>
  )
}

/** The per-step e-mail form: nothing is sent for an empty e-mail; after success it reads 'ОТПРАВЛЕНО!'. */
function SubscribeForm({ step, kind }: { step: TurboStage; kind: Kind }) {
  const { answers } = useTurboState()
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle')

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!shouldSendEmail(email) || status === 'sending') return
    setStatus('sending')
    try {
      await postForm('/ajax/turboslim/form/sub', { step, type: kind, email: email.trim(), ...answers })
      setEmail('')
      setStatus('sent')
    } catch (error) {
      // The spec only logs a failure; the red border tells the buyer to check the address.
      console.warn('meal-plan subscription failed', error)
      setStatus('error')
    }
  }

  return (
    <form onSubmit={submit} className="mt-8 flex flex-col gap-3 rounded-2xl bg-brand-50 p-5 sm:flex-row sm:items-center" data-turbo-form={step} noValidate>
      <p className="font-semibold sm:flex-1">{subscriptionText(step)}</p>
      <input
        type="email"
        name="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value)
          if (status !== 'sending') setStatus('idle')
        }}
        placeholder="Ваш e-mail"
        aria-label="E-mail"
        aria-invalid={status === 'error'}
        className={`h-11 rounded-xl border bg-white px-4 sm:w-64 ${status === 'error' ? 'border-sale-500' : 'border-line'}`}
      />
      <button type="submit" disabled={status === 'sending'} className="h-11 rounded-xl bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
        {status === 'sent' ? 'ОТПРАВЛЕНО!' : 'ОТПРАВИТЬ'}
      </button>
    </form>
  )
}
