'use client'

import { useLayoutEffect, useRef, type InputHTMLAttributes, type Ref } from 'react'
import { editPhone } from '@/lib/phone'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength'> & {
  value: string
  /** Gets the masked value ('' for an emptied field). */
  onValueChange: (value: string) => void
  ref?: Ref<HTMLInputElement>
}

/**
 * Every phone field of the shop: the +7 mask with the one editing rule of `editPhone` (Backspace and
 * Delete step over the mask's characters, selections delete, pasted numbers in any spelling fit).
 * No maxLength: the browser would cut a pasted "8 (999) 123-45-67" before the mask could read it.
 */
export function PhoneInput({ value, onValueChange, ref, ...input }: Props) {
  const own = useRef<HTMLInputElement | null>(null)
  const caret = useRef<number | null>(null)

  // The parent renders the new value after the handler; put the caret back where the rule left it.
  useLayoutEffect(() => {
    const el = own.current
    if (el && caret.current !== null && el.value === value && document.activeElement === el) el.setSelectionRange(caret.current, caret.current)
    caret.current = null
  }, [value])

  return (
    <input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      {...input}
      ref={(el) => {
        own.current = el
        if (typeof ref === 'function') ref(el)
        else if (ref) ref.current = el
      }}
      value={value}
      onChange={(e) => {
        const el = e.currentTarget
        const inputType = (e.nativeEvent as Partial<InputEvent>).inputType ?? ''
        const edit = editPhone(value, el.value, el.selectionStart ?? el.value.length, inputType)
        caret.current = edit.caret
        // Also written now: when the value does not change (a refused digit) nothing re-renders.
        el.value = edit.value
        el.setSelectionRange(edit.caret, edit.caret)
        if (edit.value !== value) onValueChange(edit.value)
      }}
    />
  )
}
