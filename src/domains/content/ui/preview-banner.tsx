import { DRAFT_LABELS, formatDate, type DraftMark } from '../content'
import { PREVIEW_EXIT_ACTION } from '../preview'

const TEXTS: Record<DraftMark | 'published' | 'list', string> = {
  published: 'Страница опубликована: покупатели видят её так же.',
  draft: 'Черновик: покупатели этой страницы не видят.',
  scheduled: 'Публикация запланирована: покупатели увидят страницу',
  list: 'В списке видны черновики и запланированные материалы с пометкой; покупатели их не видят.',
}

/**
 * The strip an editor sees on a storefront page in preview (ADR 201, 208): whether the item is
 * published (or scheduled), or, on a list, that drafts are shown marked; and a way out of draft mode.
 * A server component, a plain form: no script reaches buyers' bundles.
 */
export function PreviewBanner({
  published = true,
  mark = published ? null : 'draft',
  path,
  publishedAt,
  list = false,
}: {
  published?: boolean
  /** The item's own page: why buyers do not see it (null: they do); by default from `published`. */
  mark?: DraftMark | null
  path: string
  publishedAt?: string
  /** A list page (articles, news, encyclopedia). */
  list?: boolean
}) {
  const text = list
    ? TEXTS.list
    : mark === 'scheduled'
      ? `${TEXTS.scheduled} ${publishedAt ? `${formatDate(publishedAt)}, ${timeFormat.format(new Date(publishedAt))}` : ''}.`
      : TEXTS[mark ?? 'published']
  return (
    <div
      role="status"
      data-preview-banner
      className="border-b border-amber-300 bg-amber-50 text-sm text-amber-900"
    >
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2">
        <p>
          <strong>Предпросмотр.</strong>{' '}
          {text}
        </p>
        <form method="post" action={`${PREVIEW_EXIT_ACTION}?path=${encodeURIComponent(path)}`}>
          <button
            type="submit"
            className="rounded border border-amber-400 px-3 py-1 font-semibold hover:bg-amber-100"
          >
            Выйти из предпросмотра
          </button>
        </form>
      </div>
    </div>
  )
}

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' })

/** The mark on a card in an editor's preview list (ADR 208). */
export function DraftBadge({ mark }: { mark?: DraftMark | null }) {
  if (!mark) return null
  return (
    <span data-draft-mark={mark} className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {DRAFT_LABELS[mark]}
    </span>
  )
}
