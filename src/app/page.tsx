import Link from 'next/link'
import { connection } from 'next/server'
import { homePurposes } from '@/domains/content/home.server'

export default async function HomePage() {
  await connection()
  const purposes = await homePurposes()
  return (
    <div className="container-page py-8">
      <section className="rounded-2xl bg-brand-50 px-6 py-10 sm:px-10">
        <h1 className="max-w-2xl text-3xl font-bold leading-tight sm:text-4xl">
          Витамины и БАД для всей семьи с доставкой по России
        </h1>
        <p className="mt-3 max-w-xl text-ink-600">
          Более 120 товаров от проверенных производителей. Пункты выдачи, курьер и оплата долями.
        </p>
        <Link
          href="/catalog/"
          className="mt-6 inline-block rounded-lg bg-brand-500 px-6 py-3 font-semibold text-white hover:bg-brand-600"
        >
          Перейти в каталог
        </Link>
      </section>
      <section id="purpose" className="mt-10">
        <h2 className="text-2xl font-bold">Назначения</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {purposes.map((p) => (
            <li key={p.code}>
              <Link href={`/catalog/${p.code}/`} className="block h-full rounded-xl border border-line p-4 hover:border-brand-500">
                <span className="font-semibold">{p.name}</span>
                <span className="mt-1 line-clamp-2 block text-sm text-ink-600">{p.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
