'use client'

import type { ColumnDef } from '@tanstack/react-table'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { PublicStaff } from '@/domains/staff/staff-admin.server'
import { ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@/domains/staff/permissions'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

/** Staff with their role and access; changes go through the API and the page reloads its data. */
export function StaffTable({ members, selfId }: { members: PublicStaff[]; selfId: number }) {
  const router = useRouter()
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const act = async (run: () => Promise<string | void>) => {
    setMessage(null)
    try {
      const text = await run()
      if (text) setMessage({ tone: 'ok', text })
      router.refresh()
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof AdminApiError ? error.message : 'Не получилось.' })
    }
  }
  const columns: ColumnDef<PublicStaff, unknown>[] = [
    {
      header: 'Сотрудник',
      cell: ({ row }) => (
        <div>
          <div className="font-medium">{row.original.name}</div>
          <div className="text-ink-600">{row.original.email}</div>
        </div>
      ),
    },
    {
      header: 'Роль',
      cell: ({ row }) => (
        <select
          aria-label={`Роль: ${row.original.email}`}
          className={`${ui.input} w-48`}
          value={row.original.role}
          onChange={(e) => act(() => adminFetch('PATCH', `/api/admin/staff/${row.original.id}/`, { role: e.target.value as StaffRole }).then(() => 'Роль изменена.'))}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </select>
      ),
    },
    {
      header: 'Доступ',
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.active ? <Badge tone="good">Активен</Badge> : <Badge tone="bad">Отключён</Badge>}
          {row.original.totp ? <Badge tone="info">Код из приложения</Badge> : null}
        </div>
      ),
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => {
        const m = row.original
        return (
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={() => act(async () => `Ссылка для пароля (48 часов): ${(await adminFetch<{ link: string }>('POST', `/api/admin/staff/${m.id}/password-link/`)).link}`)}
            >
              Ссылка для пароля
            </button>
            {m.totp ? (
              <button type="button" className={ui.buttonSecondary} onClick={() => act(() => adminFetch('POST', `/api/admin/staff/${m.id}/totp-off/`).then(() => 'Второй фактор отключён.'))}>
                Сбросить код
              </button>
            ) : null}
            {m.id === selfId ? null : (
              <button
                type="button"
                className={m.active ? ui.buttonDanger : ui.buttonSecondary}
                onClick={() => act(() => adminFetch('PATCH', `/api/admin/staff/${m.id}/`, { active: !m.active }).then(() => (m.active ? 'Доступ отключён.' : 'Доступ включён.')))}
              >
                {m.active ? 'Отключить' : 'Включить'}
              </button>
            )}
          </div>
        )
      },
    },
  ]
  return (
    <div>
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`mb-3 rounded-md px-3 py-2 text-sm break-all ${message.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-700'}`}>
          {message.text}
        </p>
      ) : null}
      <DataTable columns={columns} data={members} rowId={(m) => String(m.id)} />
    </div>
  )
}
