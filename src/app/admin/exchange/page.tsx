import type { Metadata } from 'next'
import Link from 'next/link'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { ExchangeLogTable } from '@/admin/ui/exchange/exchange-log-table'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { Pagination } from '@/admin/ui/pagination'
import { SettingsGroupForm, type SettingCard } from '@/admin/ui/settings/settings-form'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { EXCHANGE_MODES, EXCHANGE_OUTCOMES, EXCHANGE_TYPES, exchangeLogQuery } from '@/domains/exchange/exchange-admin'
import { exchangeLogView } from '@/domains/exchange/exchange-admin.server'
import { SETTING_GROUPS, SETTING_KEYS, SETTINGS } from '@/domains/settings/settings'
import { allSettings } from '@/domains/settings/settings.server'
import { can } from '@/domains/staff/permissions'
import { env } from '@/lib/env'

export const metadata: Metadata = { title: 'Обмен с 1С' }

const options = (labels: Record<string, string>) => Object.entries(labels).filter(([value], i, all) => all.findIndex(([, l]) => l === labels[value]) === i).map(([value, label]) => ({ value, label }))

/** What an empty field means on this server: the environment's value, which only the server knows. */
function environmentHints(): Record<string, string> {
  const e = env()
  const from = (value: string | number | undefined, none: string) => (value !== undefined && value !== '' ? `Пусто — из окружения: ${value}.` : `Пусто — ${none}.`)
  return {
    'exchange.protocol.encoding': from(e.EXCHANGE_ENCODING, 'windows-1251'),
    'exchange.protocol.fileLimitKb': from(Math.floor(e.EXCHANGE_FILE_LIMIT / 1024), '8192'),
    'exchange.protocol.stepSeconds': from(e.EXCHANGE_STEP_SECONDS, '20'),
    'exchange.catalog.retailPriceType': from(e.EXCHANGE_RETAIL_PRICE_TYPE, '«Розничная», иначе первый вид цены'),
    'exchange.catalog.oldPriceType': from(e.EXCHANGE_OLD_PRICE_TYPE, 'без старой цены'),
    'exchange.catalog.warehouses': from(e.EXCHANGE_WAREHOUSES, 'все склады'),
  }
}

export default async function ExchangePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePermission('settings.read', '/admin/exchange/')
  const values = firstValues(await searchParams)
  const parsed = exchangeLogQuery.safeParse(values)
  const query = parsed.success ? parsed.data : exchangeLogQuery.parse({})
  const [log, settings] = await Promise.all([exchangeLogView(db(), query), allSettings(db())])
  const hints = environmentHints()
  const cards = SETTING_KEYS.filter((key) => SETTINGS[key].group === 'exchange').map(
    (key): SettingCard => ({
      key,
      label: SETTINGS[key].label,
      ...(SETTINGS[key].hint ? { hint: SETTINGS[key].hint } : {}),
      fields: SETTINGS[key].fields.map((f) => {
        const hint = hints[`${key}.${f.name}`]
        return { ...f, ...(hint ? { hint: f.hint ? `${f.hint} ${hint}` : hint } : {}) }
      }),
      value: settings.values[key],
      updatedAt: settings.updatedAt[key] ?? '',
    }),
  )
  const filters = { type: query.type, mode: query.mode, outcome: query.outcome }
  const address = new URL('/bitrix/admin/1c_exchange.php', env().PUBLIC_URL).toString()
  return (
    <>
      <PageHeader
        title="Обмен с 1С"
        description="Каталог, цены и остатки из 1С и заказы в 1С по протоколу CommerceML 2 («Обмен с сайтом»)."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/exchange/groups/">
              Группы 1С и разделы
            </Link>
            <Link className={ui.buttonSecondary} href="/admin/exchange/properties/">
              Свойства 1С и фильтры
            </Link>
            {can(actor.role, 'staff.manage') ? (
              <Link className={ui.buttonSecondary} href="/admin/staff/">
                Учётные записи обмена
              </Link>
            ) : null}
          </>
        }
      />
      <section className={`${ui.card} mb-6 p-4 text-sm sm:p-6`} aria-labelledby="exchange-setup">
        <h2 id="exchange-setup" className="mb-2 text-lg font-bold">
          Как подключить 1С
        </h2>
        <p>
          Адрес сайта в узле обмена 1С: <code className="rounded bg-surface px-1 font-mono break-all">{address}</code>
        </p>
        <p className="mt-1 text-ink-600">
          Пользователь и пароль — сотрудник с ролью «Обмен с 1С» (раздел «Сотрудники»). Такая учётная запись входит только в обмен, не в панель; у неё не должно быть второго фактора.
        </p>
      </section>

      <h2 className="mb-3 text-lg font-bold">Журнал обмена</h2>
      <FilterBar
        action="/admin/exchange/"
        values={values}
        filters={[
          { name: 'type', label: 'Обмен', kind: 'select', options: options(EXCHANGE_TYPES) },
          { name: 'mode', label: 'Запрос', kind: 'select', options: options(EXCHANGE_MODES) },
          { name: 'outcome', label: 'Итог', kind: 'select', options: options(EXCHANGE_OUTCOMES) },
        ]}
      />
      <ExchangeLogTable rows={log.items} />
      <Pagination path="/admin/exchange/" params={filters} page={log.page} pageSize={log.pageSize} total={log.total} />

      <div className="mt-8">
        <SettingsGroupForm title={SETTING_GROUPS.exchange} cards={cards} canWrite={can(actor.role, 'settings.write')} />
      </div>
    </>
  )
}
