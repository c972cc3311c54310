/** The back office's few recurring looks, as class lists, so every page's buttons and fields match. */
export const ui = {
  button: 'inline-flex items-center justify-center gap-2 rounded-md bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-50',
  buttonSecondary: 'inline-flex items-center justify-center gap-2 rounded-md border border-line bg-white px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-surface disabled:opacity-50',
  buttonDanger: 'inline-flex items-center justify-center gap-2 rounded-md border border-sale-500 bg-white px-4 py-2 text-sm font-semibold text-sale-500 hover:bg-red-50 disabled:opacity-50',
  input: 'w-full rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-sale-500',
  label: 'mb-1 block text-sm font-medium text-ink-900',
  card: 'rounded-lg border border-line bg-white',
  link: 'font-medium text-brand-600 hover:underline',
} as const
