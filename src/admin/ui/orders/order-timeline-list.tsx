import type { TimelineEntry, TimelineKind } from '@/domains/orders/order-timeline'

const DOT: Record<TimelineKind, string> = {
  status: 'bg-brand-500',
  payment: 'bg-emerald-500',
  refund: 'bg-amber-500',
  mail: 'bg-sky-500',
  note: 'bg-violet-500',
  change: 'bg-ink-600',
}

const moscow = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** Everything that happened to the order, oldest first, as a vertical line of events. */
export function OrderTimelineList({ entries }: { entries: readonly TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-ink-600">Событий пока нет.</p>
  return (
    <ol className="relative space-y-4 border-l border-line pl-5">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative">
          <span aria-hidden className={`absolute top-1.5 -left-[25px] h-2.5 w-2.5 rounded-full ring-4 ring-white ${DOT[e.kind]}`} />
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium">{e.title}</span>
            <time className="text-xs text-ink-600" dateTime={e.at}>
              {moscow(e.at)}
            </time>
            {e.author ? <span className="text-xs text-ink-600">· {e.author}</span> : null}
          </div>
          {e.text ? <p className={`mt-0.5 text-sm whitespace-pre-wrap ${e.kind === 'note' ? 'rounded-md bg-violet-50 px-2 py-1' : 'text-ink-600'}`}>{e.text}</p> : null}
        </li>
      ))}
    </ol>
  )
}
