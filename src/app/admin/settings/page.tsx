import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { SettingsGroupForm, type SettingCard } from '@/admin/ui/settings/settings-form'
import { db } from '@/db/client'
import { FREE_DELIVERY_KEY, SETTING_GROUPS, SETTING_KEYS, SETTINGS, type SettingGroup } from '@/domains/settings/settings'
import { allSettings } from '@/domains/settings/settings.server'
import { can } from '@/domains/staff/permissions'
import { env } from '@/lib/env'

export const metadata: Metadata = { title: 'Настройки' }

/** What an empty field means on this server: the environment's value, which only the server knows. */
function fallbackHints(): Record<string, string> {
  const { METRIKA_ID, GTM_ID } = env()
  const fromEnv = (id: string | undefined, none: string) => (id ? `Пусто — из окружения: ${id}.` : `Пусто — ${none}.`)
  return {
    'analytics.counters.metrikaId': fromEnv(METRIKA_ID, 'Метрики нет'),
    'analytics.counters.gtmId': fromEnv(GTM_ID, 'контейнера нет'),
  }
}

export default async function SettingsPage() {
  const actor = await requirePermission('settings.read', '/admin/settings/')
  const view = await allSettings(db())
  const hints = fallbackHints()
  const groups = (Object.keys(SETTING_GROUPS) as SettingGroup[]).map((group) => ({
    group,
    cards: SETTING_KEYS.filter((key) => SETTINGS[key].group === group).map(
      (key): SettingCard => ({
        key,
        label: SETTINGS[key].label,
        ...(SETTINGS[key].hint ? { hint: SETTINGS[key].hint } : {}),
        fields: SETTINGS[key].fields.map((f) => {
          const hint = hints[`${key}.${f.name}`]
          return hint ? { ...f, hint } : { ...f }
        }),
        value: view.values[key],
        updatedAt: view.updatedAt[key] ?? '',
      }),
    ),
  }))
  const freeDelivery: SettingCard = {
    key: FREE_DELIVERY_KEY,
    label: 'Бесплатная доставка',
    hint: 'Сумма товаров, с которой способ доставки бесплатный. Пусто — этот способ бесплатным не бывает.',
    fields: view.freeDelivery.map((d) => ({ name: d.code, label: d.name, kind: 'moneyOrNone' as const })),
    value: Object.fromEntries(view.freeDelivery.map((d) => [d.code, d.freeFromKopecks])),
  }
  return (
    <>
      <PageHeader title="Настройки" description="Изменения действуют сразу: витрина и оформление заказа берут новые значения со следующего запроса. Каждое изменение записывается в журнал." />
      <div className="space-y-6">
        {groups
          .filter((g) => g.cards.length > 0)
          .map((g) => (
            <SettingsGroupForm key={g.group} title={SETTING_GROUPS[g.group]} cards={g.cards} canWrite={can(actor.role, 'settings.write')} />
          ))}
        {freeDelivery.fields.length > 0 ? <SettingsGroupForm title="Бесплатная доставка" cards={[freeDelivery]} canWrite={can(actor.role, 'settings.write')} /> : null}
      </div>
    </>
  )
}
