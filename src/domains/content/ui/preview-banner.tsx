import { PREVIEW_EXIT_ACTION } from '../preview'

/**
 * The strip an editor sees on a storefront page in preview (ADR 201): whether the item is published,
 * and a way out of draft mode. A server component, a plain form: no script reaches buyers' bundles.
 */
export function PreviewBanner({ published, path }: { published: boolean; path: string }) {
  return (
    <div
      role="status"
      data-preview-banner
      className="border-b border-amber-300 bg-amber-50 text-sm text-amber-900"
    >
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2">
        <p>
          <strong>Предпросмотр.</strong>{' '}
          {published
            ? 'Страница опубликована: покупатели видят её так же.'
            : 'Черновик: покупатели этой страницы не видят.'}
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
