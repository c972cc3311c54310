'use client'

import { useState, type FormEvent } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { B2B_MESSAGES, COMPANY_SIZES, contactErrors } from '../b2b'
import type { B2bProgramme } from '../b2b.server'
import { ContactFields, TextField, serverFieldErrors, type ContactErrors, type ContactValues } from './contact-fields'

/**
 * The B2B programme request (POST /ajax/b2bprogram/). Unlike the original, a server failure is shown
 * under the button (ADR 085).
 */
export function ProgrammeRequestForm({ programmes }: { programmes: B2bProgramme[] }) {
  const [values, setValues] = useState<ContactValues>({ name: '', phone: '', email: '' })
  const [company, setCompany] = useState('')
  const [position, setPosition] = useState('')
  const [quantity, setQuantity] = useState('')
  const [interests, setInterests] = useState<string[]>([])
  const [errors, setErrors] = useState<ContactErrors>({})
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [failure, setFailure] = useState('')

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure('')
    const found = contactErrors(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    if (interests.length === 0) {
      window.alert(B2B_MESSAGES.interests)
      return
    }
    setStatus('sending')
    try {
      await postForm('/ajax/b2bprogram/', {
        UF_NAME: values.name,
        UF_PHONE: values.phone,
        UF_EMAIL: values.email,
        UF_COMPANY: company,
        UF_POSITION: position,
        UF_QUANTITY: quantity,
        UF_INTERESTS: interests,
      })
      setStatus('sent')
    } catch (error) {
      setStatus('idle')
      const fieldErrors = error instanceof AjaxCallError && error.status === 400 ? serverFieldErrors(error.body) : {}
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors)
      else setFailure(error instanceof AjaxCallError && error.status < 500 ? error.message : B2B_MESSAGES.failed)
    }
  }

  if (status === 'sent') {
    return (
      <div className="rounded-2xl bg-brand-50 p-6" role="status" data-b2b-sent>
        <p className="text-xl font-bold">Спасибо! Заявка отправлена.</p>
        <p className="mt-2 text-ink-600">Менеджер свяжется с вами в течение рабочего дня.</p>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-3xl border border-line bg-white p-5 sm:grid-cols-2 sm:p-8" data-b2b-form>
      <ContactFields values={values} errors={errors} onChange={(f, v) => setValues((s) => ({ ...s, [f]: v }))} />
      <TextField label="Компания" name="UF_COMPANY" value={company} onChange={setCompany} autoComplete="organization" />
      <TextField label="Должность" name="UF_POSITION" value={position} onChange={setPosition} autoComplete="organization-title" />
      <label className="block">
        <span className="text-sm text-ink-600">Количество сотрудников</span>
        <select name="UF_QUANTITY" value={quantity} onChange={(e) => setQuantity(e.target.value)} className="mt-1 h-11 w-full rounded-xl border border-line bg-white px-3">
          <option value="">Не выбрано</option>
          {COMPANY_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm text-ink-600">Что вас интересует</legend>
        <div className="flex flex-wrap gap-3">
          {programmes.map((p) => (
            <label key={p.code} className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2">
              <input
                type="checkbox"
                name="UF_INTERESTS[]"
                value={p.code}
                checked={interests.includes(p.code)}
                onChange={(e) => setInterests((list) => (e.target.checked ? [...list, p.code] : list.filter((c) => c !== p.code)))}
                className="accent-brand-500"
              />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" disabled={status === 'sending'} className="h-12 rounded-xl bg-brand-500 px-8 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
          Отправить заявку
        </button>
        {failure && (
          <p className="mt-3 text-sale-500" role="alert" data-b2b-error>
            {failure}
          </p>
        )}
      </div>
    </form>
  )
}
