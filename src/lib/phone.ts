/** Russian phones: 11 digits starting with 7 (a leading 8 is the domestic form of the same number). */
export function phoneDigits(input: string): string {
  let digits = input.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`
  if (digits.length === 10) digits = `7${digits}`
  return digits
}

export function isValidPhone(input: string): boolean {
  return phoneDigits(input).length === 11
}

/** Mobile operators' codes start with 9: +7 (9xx). */
export function hasMobileOperatorCode(input: string): boolean {
  const digits = phoneDigits(input)
  return digits.length === 11 && digits[1] === '9'
}

/** A national number has 10 digits after the country code +7. */
const NATIONAL_LENGTH = 10
/** What a masked value starts with; also shown alone once the buyer has typed just '+', '7' or '8'. */
export const PHONE_PREFIX = '+7 ('

/**
 * The national digits of any spelling: after a leading '+7'; else an 11-digit 7/8 form loses its
 * first digit; else the digits themselves. At most 10.
 */
export function nationalDigits(input: string): string {
  return nationalPositions(input)
    .map((i) => input[i])
    .join('')
}

/** Where the national digits of `value` stand (indices into it), by the rule of nationalDigits. */
function nationalPositions(value: string): number[] {
  const plus = value.search(/\S/)
  const from = plus >= 0 && value.startsWith('+7', plus) ? plus + 2 : 0
  const positions: number[] = []
  for (let i = from; i < value.length; i++) if (/\d/.test(value.charAt(i))) positions.push(i)
  const first = value.charAt(positions[0] ?? -1)
  if (from === 0 && positions.length > NATIONAL_LENGTH && (first === '7' || first === '8')) positions.shift()
  return positions.slice(0, NATIONAL_LENGTH)
}

/** The mask: '' stays '', otherwise "+7 (912) 345-67-89" or as much of it as there are digits. */
export function maskNational(digits: string): string {
  const d = digits.slice(0, NATIONAL_LENGTH)
  if (d === '') return ''
  let out = `${PHONE_PREFIX}${d.slice(0, 3)}`
  if (d.length >= 3) out += ')'
  if (d.length > 3) out += ` ${d.slice(3, 6)}`
  if (d.length > 6) out += `-${d.slice(6, 8)}`
  if (d.length > 8) out += `-${d.slice(8, 10)}`
  return out
}

/** Formats any spelling of a Russian number: "+7 (912) 345-67-89", partial input gives a partial mask. */
export function formatPhone(input: string): string {
  return maskNational(nationalDigits(input))
}

export interface PhoneEdit {
  value: string
  caret: number
}

/** The browser's InputEvent.inputType values that delete towards the end of the text. */
const FORWARD = new Set(['deleteContentForward', 'deleteWordForward', 'deleteSoftLineForward', 'deleteHardLineForward'])

/**
 * The one rule of every phone field. The browser has turned `prev` into `next` (typing, deleting,
 * selecting and deleting, pasting, autofill) and left the caret at `caret`; the answer is the masked
 * value and where the caret goes. The edit is worked out on the national digits, so the mask's own
 * characters never stand in the way:
 * - deleting one mask character ('(' ')' ' ' '-') deletes the digit beside it, in the direction of the
 *   key: otherwise the mask would put the character back and Backspace would be stuck at ')';
 * - pasting or autofilling a whole number (10 or more digits) replaces the field: '+7 (999) 123-45-67',
 *   '89991234567' and '9991234567' give the same value;
 * - into an empty field a leading 7 or 8 (or '+') is the country prefix, so typing 8 999… works;
 * - a full number takes no more digits (the typed digit is refused, the caret stays).
 */
export function editPhone(prev: string, next: string, caret: number, inputType = ''): PhoneEdit {
  // The text after the caret is what the edit kept of prev's end; what differs before it was replaced.
  let suffix = next.length - caret
  if (suffix > prev.length || next.slice(caret) !== prev.slice(prev.length - suffix)) suffix = -1
  let start = 0
  let removedEnd = prev.length
  let inserted = next
  if (suffix >= 0) {
    removedEnd = prev.length - suffix
    const limit = Math.min(caret, removedEnd)
    while (start < limit && prev[start] === next[start]) start++
    inserted = next.slice(start, caret)
  }

  const positions = nationalPositions(prev)
  const digits = positions.map((p) => prev[p]).join('')
  let from = positions.filter((p) => p < start).length
  let to = positions.filter((p) => p < removedEnd).length
  let typed = inserted.replace(/\D/g, '')

  if (typed.length >= NATIONAL_LENGTH) {
    const whole = nationalDigits(inserted)
    return { value: maskNational(whole), caret: maskNational(whole).length }
  }
  if (inserted === '' && from === to && removedEnd - start === 1) {
    if (FORWARD.has(inputType)) to = Math.min(to + 1, digits.length)
    else from = Math.max(from - 1, 0)
  }
  const keptDigits = digits.length - (to - from)
  const prefixKept = /7/.test(prev.slice(0, Math.min(start, positions[0] ?? start)))
  let prefixOnly = false
  if (keptDigits === 0 && !prefixKept && /^[78]/.test(typed)) {
    typed = typed.slice(1)
    prefixOnly = typed === ''
  }
  // A lone '+' waits for its 7, so that typing '+7 9…' gives the prefix once.
  if (keptDigits === 0 && typed === '' && !prefixKept && inserted.trim() === '+') return { value: '+', caret: 1 }

  const result = digits.slice(0, from) + typed + digits.slice(to)
  if (result.length > NATIONAL_LENGTH && to === from) return { value: prev, caret: start }
  const national = result.slice(0, NATIONAL_LENGTH)
  if (national === '') return prefixOnly ? { value: PHONE_PREFIX, caret: PHONE_PREFIX.length } : { value: '', caret: 0 }
  const value = maskNational(national)
  // Any place between the last digit before the caret and the next digit is right; the one nearest to
  // where the browser left the caret keeps it from jumping over a bracket or dash.
  const at = nationalPositions(value)
  const before = Math.min(from + typed.length, national.length)
  const lo = before === 0 ? PHONE_PREFIX.length : (at[before - 1] ?? value.length) + 1
  const hi = before === national.length ? value.length : (at[before] ?? value.length)
  // Typing at the end goes on after the mask's ')' or '-', as the eye expects.
  if (before === national.length && typed !== '') return { value, caret: value.length }
  return { value, caret: Math.min(Math.max(caret, lo), hi) }
}
