import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { EcoActionsSlider } from '@/domains/eco/ui/eco-views'
import { EcoNewsletterBlock } from '@/domains/forms/ui/newsletter'

export const metadata: Metadata = { title: 'Эко-проекты', alternates: { canonical: '/eco/' } }

export default function EcoPage() {
  return (
    <div data-eco>
      <section className="bg-brand-50">
        <div className="container-page grid items-center gap-6 py-10 md:grid-cols-2 md:py-14">
          <div>
            <h1 className="text-3xl font-bold sm:text-5xl">Эко-проекты</h1>
            <p className="mt-4 text-lg text-ink-600">
              Забота о здоровье начинается с заботы о природе. Мы собираем упаковку на переработку, сажаем леса и помогаем редким животным.
            </p>
            <Link href="/eco/eco-box/" className="mt-6 inline-flex h-12 items-center rounded-xl bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600">
              Найти эко-бокс
            </Link>
          </div>
          <img src="/images/eco/eco-hero.svg" alt="" className="w-full rounded-3xl" />
        </div>
      </section>
      <section className="container-page py-10">
        <h2 className="mb-4 text-2xl font-bold sm:text-3xl">Эко-акции</h2>
        <EcoActionsSlider />
      </section>
      <section className="container-page pb-10">
        <EcoNewsletterBlock />
      </section>
    </div>
  )
}
