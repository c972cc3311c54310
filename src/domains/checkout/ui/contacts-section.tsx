'use client'

import { PhoneInput } from '@/ui/phone-input'
import { propertyError, stripNameInput } from '../checkout'
import type { CheckoutEvent, CheckoutPageState } from '../checkout-page'
import { contactProperties } from '../checkout-page'
import type { OrderView, PropertyView } from '../checkout-view'
import { NumberedSection } from './numbered-section'

const NAME_CODES = new Set(['PROP_NAME', 'PROP_SECONDNAME', 'PROP_LASTNAME'])

interface ContactsProps {
  state: CheckoutPageState
  view: OrderView
  dispatch: (e: CheckoutEvent) => void
  /** A choice the server must price: the event, then a refresh. */
  choose: (e: CheckoutEvent) => void
}

/** The person type, the profile and the contact fields (block 1). */
export function ContactsSection({ state, view, dispatch, choose }: ContactsProps) {
  const { form, fieldErrors } = state
  return (
    <>
      {view.personTypes.length > 1 && (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Тип плательщика</legend>
          {view.personTypes.map((pt) => (
            <label key={pt.id} className="flex items-center gap-2">
              <input type="radio" name="PERSON_TYPE" checked={form.personType === pt.id} onChange={() => choose({ type: 'personTypeChosen', id: pt.id })} />
              {pt.name}
            </label>
          ))}
        </fieldset>
      )}

      <NumberedSection title="Покупатель" n={1}>
        {view.profiles.length > 0 && (
          <label className="mb-3 flex flex-col gap-1 text-sm">
            Профиль
            <select
              className="rounded-lg border border-line px-3 py-2"
              value={form.profileId}
              onChange={(e) => choose({ type: 'profileChosen', id: e.target.value })}
            >
              {view.profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          {contactProperties(view).map((p) => (
            <ContactField
              key={p.id}
              prop={p}
              value={form.values[p.code] ?? ''}
              error={fieldErrors[p.code]}
              country={view.countryCode}
              onChange={(code, value) => dispatch({ type: 'valueTyped', code, value })}
            />
          ))}
        </div>
      </NumberedSection>
    </>
  )
}

function ContactField({
  prop,
  value,
  error,
  country,
  onChange,
}: {
  prop: PropertyView
  value: string
  error: string | undefined
  country: string
  onChange: (code: string, value: string) => void
}) {
  const { code, isPhone, isEmail } = prop
  const isName = NAME_CODES.has(code)
  const rule = { NAME: prop.name, CODE: code, REQUIRED: prop.required ? 'Y' : 'N', IS_EMAIL: isEmail ? 'Y' : 'N', IS_PHONE: isPhone ? 'Y' : 'N' } as const
  // The phone is checked live once it has all its digits.
  const live = isPhone && value.replace(/\D/g, '').length >= 11 ? propertyError(rule, value, country) : null
  const shown = error || live
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>
        {prop.name}
        {prop.required && <span className="text-sale-500"> *</span>}
      </span>
      {isPhone ? (
        <PhoneInput name={code} value={value} aria-invalid={Boolean(shown)} onValueChange={(v) => onChange(code, v)} className={`rounded-lg border px-3 py-2 ${shown ? 'border-sale-500' : 'border-line'}`} />
      ) : (
        <input
          name={code}
          type={isEmail ? 'email' : 'text'}
          autoComplete={isEmail ? 'email' : code === 'PROP_NAME' ? 'given-name' : code === 'PROP_LASTNAME' ? 'family-name' : 'off'}
          value={value}
          aria-invalid={Boolean(shown)}
          onChange={(e) => {
            const raw = e.target.value
            onChange(code, isName ? stripNameInput(raw) : raw)
          }}
          className={`rounded-lg border px-3 py-2 ${shown ? 'border-sale-500' : 'border-line'}`}
        />
      )}
      {shown && <span className="text-sale-500">{shown}</span>}
    </label>
  )
}
