import type { Metadata } from 'next'
import { connection } from 'next/server'
import { loadProgrammes, loadUpcomingEvents } from '@/domains/b2b/b2b.server'
import { ProgrammeRequestForm } from '@/domains/b2b/ui/programme-request-form'
import { WebinarCalendar } from '@/domains/b2b/ui/webinar-calendar'

export const metadata: Metadata = {
  title: 'Для бизнеса: программы здоровья сотрудников',
  alternates: { canonical: '/b2b/' },
}

export default async function B2bPage() {
  await connection()
  const [programmes, events] = await Promise.all([loadProgrammes(), loadUpcomingEvents()])
  return (
    <div data-b2b>
      <section className="bg-ink-900 text-white">
        <div className="container-page py-10 md:py-16">
          <h1 className="text-3xl font-bold sm:text-5xl">Здоровье сотрудников — забота компании</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/80">Корпоративные программы, лекции нутрициологов и подарочные наборы для команд любого размера.</p>
        </div>
      </section>
      <section className="container-page py-10" aria-labelledby="b2b-programmes">
        <h2 id="b2b-programmes" className="mb-6 text-2xl font-bold sm:text-3xl">
          Программы
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {programmes.map((p) => (
            <div key={p.code} className="rounded-2xl border-t-4 bg-surface p-5 break-words hyphens-auto" style={{ borderTopColor: p.color }} data-card="b2b-programme" data-programme-card={p.code}>
              <h3 className="text-xl font-bold">{p.name}</h3>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-ink-600">
                {p.options.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <section className="container-page py-10" aria-labelledby="b2b-request">
        <h2 id="b2b-request" className="mb-6 text-2xl font-bold sm:text-3xl">
          Оставить заявку
        </h2>
        <ProgrammeRequestForm programmes={programmes} />
      </section>
      <section className="container-page py-10" aria-labelledby="b2b-webinars">
        <h2 id="b2b-webinars" className="mb-6 text-2xl font-bold sm:text-3xl">
          Календарь вебинаров
        </h2>
        <WebinarCalendar events={events} />
      </section>
    </div>
  )
}
