'use client'

import { useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { Modal } from '@/ui/modal'
import { ACCOUNT_MESSAGES as M } from '../account'
import { ORDER_ACTION_MESSAGES as A } from '../order-actions'
import { shownError } from './after-sign-in'
import { Notice, PasswordField, useHydrated } from './fields'

const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-sale-500 px-6 py-2.5 text-base font-semibold text-white transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60'
const plainButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-line px-6 py-2.5 text-base font-semibold text-ink-900 transition hover:bg-surface'

/**
 * 'Удалить аккаунт' on the profile page (152-ФЗ, ADR 100): a dialog says what is erased and what is
 * kept, asks for the password when the account has one, then the shop signs the browser out.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  /** A full load: header, basket and favourites start again as a new guest's (the cookie is new). */
  function leave() {
    window.location.reload()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (hasPassword && !password) {
      setError(A.deletePasswordEmpty)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const answer = await postForm<{ message?: string }>('/ajax/account-delete/', {
        CONFIRM: 'Y',
        PASS: password,
      })
      setDone(answer?.message ?? A.deleted)
    } catch (e) {
      setError(shownError(e) ?? M.generic)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="mt-10 border-t border-line pt-6" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-lg font-semibold">
        Удаление аккаунта
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Личные данные будут стёрты безвозвратно. История заказов сохранится у магазина без ваших данных.
      </p>
      <button
        type="button"
        className="mt-3 text-sm font-semibold text-sale-500 underline underline-offset-4"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
      >
        Удалить аккаунт
      </button>
      <Modal
        open={open}
        onClose={done ? leave : () => setOpen(false)}
        title={done ? 'Аккаунт удалён' : 'Удалить аккаунт?'}
        size="sm"
      >
        {done ? (
          <div className="flex flex-col gap-4">
            <p role="status">{done}</p>
            <button type="button" className={plainButton} onClick={leave}>
              Готово
            </button>
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <p>Мы удалим:</p>
            <ul className="-mt-2 list-disc space-y-1 pl-5 text-sm text-ink-600">
              <li>имя, e-mail, телефон, дату рождения и адреса доставки;</li>
              <li>корзину, избранное и подписки на рассылки;</li>
              <li>вход на всех устройствах.</li>
            </ul>
            <p className="text-sm text-ink-600">
              Неоплаченные заказы будут отменены. Оформленные заказы останутся в учёте магазина без имени и
              контактов. Отзывы останутся от имени «Покупатель».
            </p>
            {hasPassword ? (
              <PasswordField
                label="Пароль"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            ) : null}
            {error ? <Notice kind="error">{error}</Notice> : null}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={dangerButton} disabled={busy || !hydrated}>
                Удалить навсегда
              </button>
              <button type="button" className={plainButton} onClick={() => setOpen(false)}>
                Отмена
              </button>
            </div>
          </form>
        )}
      </Modal>
    </section>
  )
}
