import Link from 'next/link'

export default function Forbidden() {
  return (
    <div className="py-16 text-center">
      <p className="text-5xl font-bold text-ink-400">403</p>
      <h1 className="mt-3 text-xl font-bold">Недостаточно прав</h1>
      <p className="mt-2 text-ink-600">Этот раздел недоступен вашей роли. Если он нужен для работы, попросите владельца магазина.</p>
      <Link href="/admin/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        На главную панели
      </Link>
    </div>
  )
}
