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

/** Formats as typed: "+7 (912) 345-67-89", partial input gives a partial mask. */
export function formatPhone(input: string): string {
  let digits = input.replace(/\D/g, '')
  if (digits.startsWith('8')) digits = `7${digits.slice(1)}`
  if (!digits.startsWith('7')) digits = `7${digits}`
  digits = digits.slice(0, 11)
  const d = digits.slice(1)
  let out = '+7'
  if (d.length > 0) out += ` (${d.slice(0, 3)}`
  if (d.length >= 3) out += ')'
  if (d.length > 3) out += ` ${d.slice(3, 6)}`
  if (d.length > 6) out += `-${d.slice(6, 8)}`
  if (d.length > 8) out += `-${d.slice(8, 10)}`
  return out
}
