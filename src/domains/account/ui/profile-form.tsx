'use client'

import { useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { PhoneInput } from '@/ui/phone-input'
import {
  ACCOUNT_MESSAGES as M,
  addressRows,
  canAddAddressAfter,
  cleanAddresses,
  isBirthdayLocked,
  isValidEmail,
  removeAddressRow,
  stripName,
} from '../account'
import { shownError } from './after-sign-in'
import { Field, SaveRow, TextField, inputClass, linkClass, useHydrated } from './fields'

export interface ProfileData {
  id: number
  name: string
  email: string
  phone: string
  birthday: string | null
  birthdayChangeCount: number
  subscribed: boolean
  addresses: string[]
}

/**
 * The personal account (spec 2, 4, 5): name, e-mail, phone with the +7 mask, birth date (locked
 * after two changes), up to three addresses, the subscription link, Save.
 */
export function ProfileForm({ initial, today }: { initial: ProfileData; today: string }) {
  const [name, setName] = useState(initial.name)
  const [email, setEmail] = useState(initial.email)
  const [phone, setPhone] = useState(initial.phone)
  const [birthday, setBirthday] = useState(initial.birthday ?? '')
  const [rows, setRows] = useState(() => addressRows(initial.addresses))
  const [subscribed, setSubscribed] = useState(initial.subscribed)
  const [fieldError, setFieldError] = useState<{ field: 'name' | 'email' | 'birthday'; message: string } | null>(null)
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  const locked = isBirthdayLocked(initial.birthdayChangeCount)

  function validate() {
    if (!name.trim()) return { field: 'name' as const, message: M.nameEmptyProfile }
    if (!isValidEmail(email.trim())) return { field: 'email' as const, message: M.email }
    if (birthday && birthday > today) return { field: 'birthday' as const, message: M.birthdayFuture }
    return null
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    const problem = validate()
    setFieldError(problem)
    setResult(null)
    if (problem) return
    setBusy(true)
    try {
      const answer = await postForm<{ message?: string }>('/ajax/change-lk/', {
        NAME: name.trim(),
        EMAIL: email.trim(),
        PERSONAL_PHONE: phone,
        BIRTHDATE: birthday,
        ADDRESSES: JSON.stringify(cleanAddresses(rows)),
        SUBSCRIBED: subscribed ? 'Y' : 'N',
        userId: initial.id,
      })
      setResult({ kind: 'success', text: answer?.message ?? M.profileSaved })
    } catch (e) {
      const text = shownError(e)
      if (text) setResult({ kind: 'error', text })
    } finally {
      setBusy(false)
    }
  }

  /** The link switches at once, then the server is told the inverse of the previous value (spec 4). */
  function toggleSubscription() {
    const previous = subscribed
    setSubscribed(!previous)
    postForm('/ajax/subscribelk/', { isSubscribed: previous ? 'N' : 'Y', userEmail: email, userid: initial.id }).catch((e: unknown) =>
      console.warn('subscription not saved', e),
    )
  }

  const fieldErr = (f: 'name' | 'email' | 'birthday') => (fieldError?.field === f ? fieldError.message : null)

  return (
    <form method="post" onSubmit={save} noValidate className="flex flex-col gap-5" aria-label="Личные данные">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Имя" name="NAME" autoComplete="name" value={name} onChange={(e) => setName(stripName(e.target.value))} error={fieldErr('name')} maxLength={100} />
        <TextField label="E-mail" name="EMAIL" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fieldErr('email')} maxLength={254} />
        <Field label="Телефон">{(id, describedBy) => <PhoneInput id={id} aria-describedby={describedBy} name="PERSONAL_PHONE" className={inputClass} value={phone} onValueChange={setPhone} />}</Field>
        <TextField
          label="Дата рождения"
          name="BIRTHDATE"
          type="date"
          max={today}
          min="1900-01-01"
          value={birthday}
          disabled={locked}
          onChange={(e) => setBirthday(e.target.value)}
          error={fieldErr('birthday')}
          hint={locked ? 'Дату рождения можно изменить только через контакт-центр: 8 800 200-52-52.' : undefined}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-ink-600">Адреса доставки</legend>
        {rows.map((value, index) => (
          <div key={index} className="flex flex-col gap-1.5">
            <div className="flex items-center gap-2">
              <input
                className={inputClass}
                aria-label={`Адрес доставки ${index + 1}`}
                name="ADDRESSES[]"
                value={value}
                maxLength={500}
                placeholder="Город, улица, дом, квартира"
                onChange={(e) => setRows((r) => r.map((v, i) => (i === index ? e.target.value : v)))}
              />
              {value !== '' || index > 0 ? (
                <button
                  type="button"
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-line text-ink-600 hover:border-sale-500 hover:text-sale-500"
                  aria-label={index === 0 ? 'Очистить адрес' : 'Удалить адрес'}
                  onClick={() => setRows((r) => removeAddressRow(r, index))}
                >
                  ×
                </button>
              ) : null}
            </div>
            {canAddAddressAfter(rows, index) ? (
              <button type="button" className={`${linkClass} self-start text-sm`} onClick={() => setRows((r) => [...r, ''])}>
                + Добавить адрес
              </button>
            ) : null}
          </div>
        ))}
      </fieldset>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-ink-600">{subscribed ? 'Вы подписаны на рассылку.' : 'Вы не подписаны на рассылку.'}</span>
        <button type="button" className={linkClass} onClick={toggleSubscription} data-slot="subscription-link">
          {subscribed ? 'Отписаться' : 'Подписаться'}
        </button>
      </div>

      <SaveRow result={result} disabled={busy || !hydrated} />
    </form>
  )
}
