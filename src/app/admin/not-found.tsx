import Link from 'next/link'

export default function NotFound() {
  return (
    <div className="py-16 text-center">
      <p className="text-5xl font-bold text-ink-400">404</p>
      <h1 className="mt-3 text-xl font-bold">Не найдено</h1>
      <p className="mt-2 text-ink-600">Такой записи нет: её удалили или в адресе опечатка.</p>
      <Link href="/admin/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        На главную панели
      </Link>
    </div>
  )
}
