'use client'

import { useRouter } from 'next/navigation'
import { ROLE_NAMES, type StaffRole } from '@/domains/staff/permissions'
import { adminFetch } from '../api-client'
import { Badge } from '../badge'
import { ui } from '../styles'

interface Token {
  id: number
  name: string
  role: StaffRole
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) : '—')

export function TokenList({ tokens }: { tokens: Token[] }) {
  const router = useRouter()
  if (!tokens.length) return <p className="text-sm text-ink-600">Токенов пока нет.</p>
  return (
    <ul className={`${ui.card} divide-y divide-line`}>
      {tokens.map((t) => (
        <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
          <div>
            <div className="font-medium">
              {t.name} <span className="text-ink-600">· {ROLE_NAMES[t.role]}</span>
            </div>
            <div className="text-ink-600">
              выпущен {date(t.createdAt)}, последний вызов {date(t.lastUsedAt)}
            </div>
          </div>
          {t.revokedAt ? (
            <Badge tone="bad">Отозван {date(t.revokedAt)}</Badge>
          ) : (
            <button type="button" className={ui.buttonDanger} onClick={() => adminFetch('POST', `/api/admin/tokens/${t.id}/revoke/`).then(() => router.refresh())}>
              Отозвать
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
