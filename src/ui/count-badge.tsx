/** The number on a header icon (cart, favourites); read by screen readers from the link's label instead. */
export function CountBadge({ count, tone, testAttr }: { count: number; tone: 'accent' | 'sale'; testAttr: `data-${string}` }) {
  if (count <= 0) return null
  const bg = tone === 'accent' ? 'bg-accent-500' : 'bg-sale-500'
  return (
    <span
      aria-hidden="true"
      {...{ [testAttr]: '' }}
      className={`absolute -right-0.5 -top-0.5 min-w-5 rounded-full ${bg} px-1 text-center text-[11px] font-bold leading-5 text-white`}
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}
