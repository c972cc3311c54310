/** A numbered block of the checkout form ('1 Покупатель', '2 Доставка', '3 Оплата'). */
export function NumberedSection({ title, n, children }: { title: string; n: number; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm text-white">{n}</span>
        {title}
      </h2>
      {children}
    </section>
  )
}
