'use client'

import { useEffect, useState, type FormEvent } from 'react'
import { useCaptcha } from '@/domains/captcha/ui/use-captcha'
import { postForm } from '@/lib/ajax-client'
import { FORM_MESSAGES as M, SUBSCRIBE_EMAIL } from '../forms'

type Variant = 'general' | 'eco' | 'weight-loss'

/** The spec: a bad e-mail turns the field red for 1 s (0.5 s in the eco block). */
const FLASH_MS: Record<Variant, number> = { general: 1000, eco: 500, 'weight-loss': 1000 }

function useSubscribe(variant: Variant, page: string, region?: string) {
  const [email, setEmail] = useState('')
  const [flash, setFlash] = useState(false)
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle')
  const [promo, setPromo] = useState('')
  const { captcha, token, warm } = useCaptcha()

  useEffect(() => {
    if (!region) return
    fetch(`/ajax/subscribe/?region=${encodeURIComponent(region)}`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ text: string }>) : null))
      .then((p) => p && setPromo(p.text))
      .catch(() => undefined)
  }, [region])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!SUBSCRIBE_EMAIL.test(email.trim())) {
      setFlash(true)
      window.setTimeout(() => setFlash(false), FLASH_MS[variant])
      return
    }
    if (state !== 'idle') return
    setState('sending')
    try {
      const url = variant === 'eco' ? '/ajax/subscribe-eco/' : '/ajax/subscribe/'
      await postForm(url, { email: email.trim(), page, userid: '', token: await token(), ...(region ? { region } : {}) })
      setState('done')
    } catch {
      // The spec ignores subscription failures; the visitor may try again.
      setState('idle')
    }
  }
  return { email, setEmail, flash, state, promo, submit, captcha, warm }
}

function EmailField({ value, onChange, flash, label }: { value: string; onChange: (v: string) => void; flash: boolean; label: string }) {
  return (
    <input
      type="email"
      name="email"
      aria-label={label}
      aria-invalid={flash || undefined}
      placeholder="Ваш e-mail"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="email"
      maxLength={200}
      className={`min-w-0 flex-1 rounded-full border px-4 py-2.5 text-ink-900 outline-none transition-colors ${flash ? 'border-sale-500 bg-red-50' : 'border-line bg-white'}`}
    />
  )
}

/** 'Подписаться' until the address is taken, then the thanks in its place. */
function SubscribeOrThanks({ s, label }: { s: ReturnType<typeof useSubscribe>; label: string }) {
  if (s.state === 'done')
    return (
      <p role="status" className="mt-3 font-semibold text-brand-700">
        {M.subscribed}
      </p>
    )
  return (
    <form onSubmit={s.submit} onFocus={s.warm} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
      <EmailField value={s.email} onChange={s.setEmail} flash={s.flash} label={label} />
      {s.captcha}
      <button type="submit" disabled={s.state === 'sending'} className="rounded-full bg-brand-500 px-6 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
        Подписаться
      </button>
    </form>
  )
}

/** The general block: e-mail, 'Подписаться', then 'Спасибо за подписку!'. */
export function NewsletterBlock({ page = '/', region, title = 'Подпишитесь на рассылку' }: { page?: string; region?: string; title?: string }) {
  const s = useSubscribe('general', page, region)
  return (
    <section className="rounded-2xl bg-brand-50 p-4 sm:p-6" aria-label="Подписка на рассылку">
      <h2 className="text-lg font-bold text-ink-900">{title}</h2>
      <p className="mt-1 text-sm text-ink-600">Новинки, скидки и статьи о здоровье — раз в неделю.</p>
      {s.promo && <p className="mt-1 text-sm font-semibold text-accent-500">{s.promo}</p>}
      <SubscribeOrThanks s={s} label="E-mail для рассылки" />
    </section>
  )
}

/** The eco block: POST /ajax/subscribe-eco/ with page=/eco/, a 0.5 s flash. */
export function EcoNewsletterBlock({ title = 'Эко-новости' }: { title?: string }) {
  const s = useSubscribe('eco', '/eco/')
  return (
    <section className="rounded-2xl border border-brand-100 bg-white p-4 sm:p-6" aria-label="Подписка на эко-новости">
      <h2 className="text-lg font-bold text-ink-900">{title}</h2>
      <SubscribeOrThanks s={s} label="E-mail для эко-новостей" />
    </section>
  )
}

/** The weight-loss block: 'ОТПРАВИТЬ' becomes 'ОТПРАВЛЕНО!'. */
export function WeightLossNewsletterBlock({ page = '/turboslim/', title = 'Получайте советы по снижению веса' }: { page?: string; title?: string }) {
  const s = useSubscribe('weight-loss', page)
  const done = s.state === 'done'
  return (
    <section className="rounded-2xl bg-ink-900 p-4 text-white sm:p-6" aria-label="Подписка на советы по снижению веса">
      <h2 className="text-lg font-bold">{title}</h2>
      <form onSubmit={s.submit} onFocus={s.warm} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
        <EmailField value={s.email} onChange={s.setEmail} flash={s.flash} label="E-mail для советов" />
        {s.captcha}
        <button type="submit" disabled={s.state !== 'idle'} className="rounded-full bg-accent-500 px-6 py-2.5 font-bold uppercase tracking-wide text-white disabled:opacity-90">
          {done ? 'ОТПРАВЛЕНО!' : 'ОТПРАВИТЬ'}
        </button>
      </form>
    </section>
  )
}
