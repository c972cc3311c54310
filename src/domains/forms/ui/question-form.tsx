'use client'

import { HydrateLater } from '@/ui/hydrate-later'
import { Link } from '@/ui/link'
import { useEffect, useState, type FormEvent } from 'react'
import { useCaptcha } from '@/domains/captcha/ui/use-captcha'
import { postForm } from '@/lib/ajax-client'
import { inOwnTask } from '@/lib/own-task'
import { formatPhone } from '@/lib/phone'
import { PhoneInput } from '@/ui/phone-input'
import { FORM_MESSAGES as M, QUESTION_THEMES, validateQuestion, type QuestionKind } from '../forms'

interface Props {
  kind: QuestionKind
  title: string
  productId?: number
  productName?: string
}

type Prefill = { NAME: string; EMAIL: string; PHONE: string }

const field = 'w-full rounded-lg border border-line bg-white px-3 py-2'

/** One form, three uses (product, contact, nutritionist): POST /ajax/question/ with the spec's fields. */
function QuestionForm({ kind, title, productId, productName }: Props) {
  const [values, setValues] = useState({ THEME: '', NAME: '', EMAIL: '', PHONE: '', MESSAGE: '' })
  const [agreed, setAgreed] = useState(true)
  const [error, setError] = useState<{ field: string; text: string } | null>(null)
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const { captcha, token, warm } = useCaptcha()

  // Signed-in buyers get their name, e-mail and phone (the page itself is the same for everyone).
  useEffect(() => {
    let alive = true
    inOwnTask(() => fetch('/ajax/question/', { credentials: 'same-origin' }))
      .then((r) => (r.ok ? (r.json() as Promise<Prefill>) : null))
      .then((p) => {
        if (!alive || !p) return
        setValues((v) => ({
          ...v,
          NAME: v.NAME || p.NAME,
          EMAIL: v.EMAIL || p.EMAIL,
          PHONE: v.PHONE || (p.PHONE ? formatPhone(p.PHONE) : ''),
        }))
      })
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [])

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = validateQuestion(kind, values)
    if (!checked.ok) {
      setError({ field: checked.field, text: checked.error })
      return
    }
    setError(null)
    if (state !== 'idle') return
    setState('sending')
    try {
      await postForm('/ajax/question/', {
        NAME: values.NAME,
        EMAIL: values.EMAIL,
        PHONE: kind === 'nutritionist' ? '' : values.PHONE,
        MESSAGE: values.MESSAGE,
        ADS_AGREEMENT: agreed,
        ...(kind === 'contact' ? { THEME: values.THEME } : {}),
        ...(kind !== 'contact' && productId ? { PRODUCT_ID: productId, PRODUCT_NAME: productName ?? '' } : {}),
        ...(kind === 'nutritionist' ? { FORM: 'nutritionist' } : {}),
        RecapToken: await token(),
      })
      setState('sent')
      const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer
      layer?.push({ event: 'question_sent', form: kind })
    } catch (e) {
      // The spec ignores failures; a message from the server (a rule or a limit) is still worth showing.
      setError({ field: '', text: e instanceof Error ? e.message : 'Не удалось отправить форму. Попробуйте позже.' })
      setState('idle')
    }
  }

  if (state === 'sent' && kind !== 'nutritionist') {
    return (
      <div className="rounded-2xl border border-line p-5" role="status">
        <p className="text-lg font-semibold text-brand-700">{M.questionSent}</p>
      </div>
    )
  }

  const invalid = (name: string) => (error?.field === name ? 'border-sale-500' : '')
  const nutritionistSent = kind === 'nutritionist' && state === 'sent'

  return (
    <form onSubmit={submit} onFocus={warm} noValidate className="space-y-3 rounded-2xl border border-line bg-white p-4 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-bold">{title}</h2>
      {kind === 'contact' && (
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">Тема сообщения</span>
          <select name="THEME" value={values.THEME} onChange={set('THEME')} className={`${field} ${invalid('THEME')}`}>
            <option value="">Выберите тему</option>
            {QUESTION_THEMES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={`grid gap-3 ${kind === 'nutritionist' ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">Имя</span>
          <input name="NAME" value={values.NAME} onChange={set('NAME')} autoComplete="name" maxLength={200} className={`${field} ${invalid('NAME')}`} />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">E-mail</span>
          <input name="EMAIL" type="email" value={values.EMAIL} onChange={set('EMAIL')} autoComplete="email" maxLength={200} className={`${field} ${invalid('EMAIL')}`} />
        </label>
        {kind !== 'nutritionist' && (
          <label className="block">
            <span className="mb-1 block text-sm font-semibold">Телефон</span>
            <PhoneInput name="PHONE" value={values.PHONE} onValueChange={(PHONE) => setValues((v) => ({ ...v, PHONE }))} className={`${field} ${invalid('PHONE')}`} />
          </label>
        )}
      </div>
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">{kind === 'contact' ? 'Сообщение' : 'Ваш вопрос'}</span>
        <textarea name="MESSAGE" value={values.MESSAGE} onChange={set('MESSAGE')} rows={4} maxLength={5000} className={`${field} ${invalid('MESSAGE')}`} />
      </label>
      <label className="flex items-start gap-2 text-sm text-ink-600">
        <input type="checkbox" name="ADS_AGREEMENT" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-500" />
        <span>Согласен получать новости и специальные предложения</span>
      </label>
      <p className="text-xs text-ink-400">
        Нажимая кнопку, вы соглашаетесь с <Link href="/about/politika_obrabotki/" className="underline">политикой обработки персональных данных</Link>.
      </p>
      {error && (
        <p role="alert" className="text-sm text-sale-500">
          {error.text}
        </p>
      )}
      {captcha}
      {nutritionistSent ? (
        <div className="flex flex-wrap items-center gap-3" role="status">
          <button type="button" disabled className="rounded-full bg-brand-500 px-6 py-2.5 font-semibold text-white opacity-80">
            {M.nutritionistButton}
          </button>
          <p className="font-semibold text-brand-700">{M.nutritionistSent}</p>
        </div>
      ) : (
        <button type="submit" disabled={state === 'sending'} className="rounded-full bg-brand-500 px-6 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
          {state === 'sending' ? 'Отправляем…' : 'Отправить'}
        </button>
      )}
    </form>
  )
}

/** Below the product's tabs: hydrated after the rest of the product page (ADR 217). */
export function ProductQuestionForm({ productId, productName }: { productId: number; productName: string }) {
  return (
    <HydrateLater>
      <QuestionForm kind="product" title="Получите консультацию по продукции, задайте свой вопрос" productId={productId} productName={productName} />
    </HydrateLater>
  )
}

export function ContactForm() {
  return <QuestionForm kind="contact" title="Связаться с нами" />
}

/** The landings' nutritionist form; PRODUCT_ID/PRODUCT_NAME are optional, PHONE is sent empty. */
export function NutritionistForm({ productId, productName, title = 'Задайте вопрос нутрициологу' }: { productId?: number; productName?: string; title?: string }) {
  return <QuestionForm kind="nutritionist" title={title} productId={productId} productName={productName} />
}
