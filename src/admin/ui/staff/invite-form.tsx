'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { ROLE_NAMES, STAFF_ROLES } from '@/domains/staff/permissions'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

/**
 * One form for a new staff member or a new integration token: both answer with something shown once
 * (the password link, the token's secret).
 */
export function InviteForm({ kind }: { kind: 'staff' | 'token' }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [shown, setShown] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>
    setErrors({})
    try {
      if (kind === 'staff') {
        const { link } = await adminFetch<{ link: string }>('POST', '/api/admin/staff/', data)
        setShown(`Сотрудник добавлен. Передайте ему ссылку для пароля (48 часов): ${link}`)
      } else {
        const { secret } = await adminFetch<{ secret: string }>('POST', '/api/admin/tokens/', data)
        setShown(`Токен выпущен. Скопируйте его сейчас, больше он не покажется: ${secret}`)
      }
      form.reset()
      router.refresh()
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось.' })
    }
  }
  return (
    <form onSubmit={submit} className={`${ui.card} space-y-3 p-4`} noValidate>
      <div className="grid gap-3 sm:grid-cols-3">
        {kind === 'staff' ? (
          <Field label="E-mail" error={errors.email}>
            <TextInput name="email" type="email" required invalid={Boolean(errors.email)} />
          </Field>
        ) : null}
        <Field label={kind === 'staff' ? 'Имя' : 'Название интеграции'} error={errors.name}>
          <TextInput name="name" required invalid={Boolean(errors.name)} />
        </Field>
        <Field label="Роль" error={errors.role}>
          <select name="role" className={ui.input} defaultValue="manager">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-sale-500">
          {errors.form}
        </p>
      ) : null}
      {shown ? (
        <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm break-all text-brand-700" data-shown-once>
          {shown}
        </p>
      ) : null}
      <button type="submit" className={ui.button} disabled={!hydrated}>
        {kind === 'staff' ? 'Добавить сотрудника' : 'Выпустить токен'}
      </button>
    </form>
  )
}
