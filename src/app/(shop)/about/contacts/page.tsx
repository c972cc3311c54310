import type { Metadata } from 'next'
import { connection } from 'next/server'
import { ContactForm } from '@/domains/forms/ui/question-form'
import { EXAMPLE_NOTE_SHORT, phoneHref, SHOP } from '@/domains/layout/shop'
import { shopDetails } from '@/domains/layout/shop.server'

export const metadata: Metadata = { title: 'Контакты', description: `Как связаться с ${SHOP.name}: телефон, e-mail, адрес и форма обратной связи.` }

/** Rendered per request: the contacts are the configured company details (ADR 110). */
export default async function ContactsPage() {
  await connection()
  const details = await shopDetails()
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Контакты</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[1fr_2fr]">
        <div className="space-y-3 text-ink-600">
          <p>
            <a href={phoneHref(details.phone)} className="text-xl font-bold text-ink-900">
              {details.phone}
            </a>
            <br />
            {details.hours}
          </p>
          <p>
            <a href={`mailto:${details.email}`} className="text-brand-700">
              {details.email}
            </a>
          </p>
          <p>{details.address}</p>
          <p className="text-sm">
            {details.legalName}, ИНН {details.inn}, ОГРН {details.ogrn}
            {details.example && <span className="ml-1 font-semibold text-ink-900">{EXAMPLE_NOTE_SHORT}</span>}
          </p>
        </div>
        <ContactForm />
      </div>
    </div>
  )
}
