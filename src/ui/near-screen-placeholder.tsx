import type { RefObject } from 'react'

/** Where a block loaded near the screen will be: a spinner of the block's height, or a retry. */
export function NearScreenPlaceholder({
  placeholderRef,
  failed,
  retry,
  className = 'min-h-96',
}: {
  placeholderRef: RefObject<HTMLDivElement | null>
  failed: boolean
  retry: () => void
  className?: string
}) {
  return (
    <div
      ref={placeholderRef}
      className={`flex items-center justify-center rounded-2xl bg-surface ${className}`}
      data-near-screen={failed ? 'failed' : 'loading'}
    >
      {failed ? (
        <p className="text-center text-ink-600">
          Не удалось загрузить.{' '}
          <button type="button" className="font-semibold text-brand-600 underline" onClick={retry}>
            Повторить
          </button>
        </p>
      ) : (
        <span
          className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-500"
          role="status"
          aria-label="Загрузка…"
        />
      )}
    </div>
  )
}
