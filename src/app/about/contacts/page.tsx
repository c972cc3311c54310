import type { Metadata } from 'next'
import { ContactForm } from '@/domains/forms/ui/question-form'
import { SHOP } from '@/domains/layout/shop'

export const metadata: Metadata = { title: 'Контакты', description: `Как связаться с ${SHOP.name}: телефон, e-mail, адрес и форма обратной связи.` }

export default function ContactsPage() {
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Контакты</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[1fr_2fr]">
        <div className="space-y-3 text-ink-600">
          <p>
            <a href={SHOP.phoneHref} className="text-xl font-bold text-ink-900">
              {SHOP.phone}
            </a>
            <br />
            {SHOP.hours}
          </p>
          <p>
            <a href={`mailto:${SHOP.email}`} className="text-brand-700">
              {SHOP.email}
            </a>
          </p>
          <p>{SHOP.address}</p>
          <p className="text-sm">
            {SHOP.legalName}, ИНН {SHOP.inn}, ОГРН {SHOP.ogrn}
          </p>
        </div>
        <ContactForm />
      </div>
    </div>
  )
}
