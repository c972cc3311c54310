import { describe, expect, it } from 'vitest'
import { editPhone, formatPhone, hasMobileOperatorCode, isValidPhone, nationalDigits, phoneDigits, type PhoneEdit } from './phone'

describe('Russian phone numbers', () => {
  it('normalises 8 and 10-digit forms to 7XXXXXXXXXX', () => {
    expect(phoneDigits('8 (912) 345-67-89')).toBe('79123456789')
    expect(phoneDigits('9123456789')).toBe('79123456789')
  })
  it('needs exactly 11 digits', () => {
    expect(isValidPhone('+7 (912) 345-67-89')).toBe(true)
    expect(isValidPhone('+7 (912) 345-67')).toBe(false)
  })
  it('checks the mobile operator code', () => {
    expect(hasMobileOperatorCode('+7 (912) 345-67-89')).toBe(true)
    expect(hasMobileOperatorCode('+7 (495) 345-67-89')).toBe(false)
  })
  it('masks as typed', () => {
    expect(formatPhone('9')).toBe('+7 (9')
    expect(formatPhone('912345')).toBe('+7 (912) 345')
    expect(formatPhone('89123456789')).toBe('+7 (912) 345-67-89')
    expect(formatPhone('+7 (912) 345-67-8999')).toBe('+7 (912) 345-67-89')
  })
})

/** What the browser does to a field before the mask sees it: the text and caret after one key or paste. */
type Action = { type: string } | { paste: string } | { key: 'Backspace' | 'Delete' }
function browser(value: string, selStart: number, selEnd: number, action: Action): { next: string; caret: number; inputType: string } {
  if ('type' in action || 'paste' in action) {
    const text = 'type' in action ? action.type : action.paste
    return { next: value.slice(0, selStart) + text + value.slice(selEnd), caret: selStart + text.length, inputType: 'type' in action ? 'insertText' : 'insertFromPaste' }
  }
  if (selStart !== selEnd) {
    return { next: value.slice(0, selStart) + value.slice(selEnd), caret: selStart, inputType: action.key === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward' }
  }
  if (action.key === 'Backspace') return { next: value.slice(0, selStart - 1) + value.slice(selStart), caret: selStart - 1, inputType: 'deleteContentBackward' }
  return { next: value.slice(0, selStart) + value.slice(selStart + 1), caret: selStart, inputType: 'deleteContentForward' }
}
function act(field: PhoneEdit, action: Action, selection: [number, number] = [field.caret, field.caret]): PhoneEdit {
  const { next, caret, inputType } = browser(field.value, selection[0], selection[1], action)
  return editPhone(field.value, next, caret, inputType)
}
const typeAll = (text: string, from: PhoneEdit = { value: '', caret: 0 }) => [...text].reduce((f, ch) => act(f, { type: ch }), from)
const FULL = '+7 (999) 123-45-67'

describe('the phone mask (editPhone)', () => {
  it('masks digits as they are typed, with or without the 8 or +7 in front', () => {
    expect(typeAll('9991234567')).toEqual({ value: FULL, caret: FULL.length })
    expect(typeAll('89991234567').value).toBe(FULL)
    expect(typeAll('+79991234567').value).toBe(FULL)
    expect(typeAll('8')).toEqual({ value: '+7 (', caret: 4 })
    expect(typeAll('999')).toEqual({ value: '+7 (999)', caret: 8 })
  })

  it('keeps an 8 typed after the prefix as the first digit of the code', () => {
    expect(typeAll('88123456789').value).toBe('+7 (812) 345-67-89')
  })

  it('deletes a whole number with Backspace, one digit per press, through every bracket, space and dash', () => {
    let field: PhoneEdit = { value: FULL, caret: FULL.length }
    const seen = [field.value]
    for (let press = 0; press < 30 && field.value !== ''; press++) {
      field = act(field, { key: 'Backspace' })
      seen.push(field.value)
    }
    expect(field).toEqual({ value: '', caret: 0 })
    expect(seen).toContain('+7 (999)')
    expect(seen).toContain('+7 (99')
    expect(seen.length).toBe(11)
  })

  it('Backspace right after ")" removes the digit before it, not nothing', () => {
    expect(act({ value: '+7 (999)', caret: 8 }, { key: 'Backspace' })).toEqual({ value: '+7 (99', caret: 6 })
    expect(act({ value: '+7 (999) 123', caret: 8 }, { key: 'Backspace' })).toEqual({ value: '+7 (991) 23', caret: 6 })
  })

  it('Delete before a dash removes the digit after it, and the caret stays', () => {
    expect(act({ value: FULL, caret: 12 }, { key: 'Delete' })).toEqual({ value: '+7 (999) 123-56-7', caret: 12 })
  })

  it('deletes a digit in the middle and keeps the caret where it was', () => {
    expect(act({ value: FULL, caret: 11 }, { key: 'Backspace' })).toEqual({ value: '+7 (999) 134-56-7', caret: 10 })
  })

  it('selecting and deleting removes exactly the selected digits', () => {
    expect(act({ value: FULL, caret: 0 }, { key: 'Backspace' }, [0, FULL.length])).toEqual({ value: '', caret: 0 })
    expect(act({ value: FULL, caret: 0 }, { key: 'Backspace' }, [9, 12])).toEqual({ value: '+7 (999) 456-7', caret: 9 })
    // Only mask characters selected: nothing to delete, the mask stays.
    expect(act({ value: FULL, caret: 0 }, { key: 'Backspace' }, [7, 9]).value).toBe(FULL)
  })

  it.each(['+7 (999) 123-45-67', '89991234567', '9991234567', '+79991234567', '8 999 123 45 67'])('pasting %s gives the whole number', (text) => {
    expect(act({ value: '', caret: 0 }, { paste: text })).toEqual({ value: FULL, caret: FULL.length })
    // Over a selected old number, and into a field that already holds a part of a number.
    expect(act({ value: '+7 (912) 345-67-89', caret: 0 }, { paste: text }, [0, 18]).value).toBe(FULL)
    expect(act({ value: '+7 (91', caret: 6 }, { paste: text }).value).toBe(FULL)
  })

  it('pastes a few digits where the caret is', () => {
    expect(act({ value: '+7 (999) 45', caret: 9 }, { paste: '123' })).toEqual({ value: '+7 (999) 123-45', caret: 12 })
  })

  it('a full number refuses another digit and keeps the caret', () => {
    expect(act({ value: FULL, caret: FULL.length }, { type: '1' })).toEqual({ value: FULL, caret: FULL.length })
    expect(act({ value: FULL, caret: 5 }, { type: '1' })).toEqual({ value: FULL, caret: 5 })
  })

  it('ignores letters and keeps the caret', () => {
    expect(act({ value: '+7 (99', caret: 6 }, { type: 'a' })).toEqual({ value: '+7 (99', caret: 6 })
  })

  it('typing over a selection replaces it', () => {
    expect(act({ value: FULL, caret: 0 }, { type: '5' }, [4, 7])).toEqual({ value: '+7 (512) 345-67', caret: 5 })
  })

  it('formats any stored spelling the same way', () => {
    expect(nationalDigits('8 (912) 345-67-89')).toBe('9123456789')
    expect(formatPhone('+7 912 345 67 89')).toBe('+7 (912) 345-67-89')
    expect(formatPhone('')).toBe('')
  })
})
