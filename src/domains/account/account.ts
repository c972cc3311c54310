/**
 * Rules of login, registration, the personal account and passwords: messages of the spec
 * (section 5 and 8) and pure checks shared by the forms and the server.
 */

export const ACCOUNT_MESSAGES = {
  // Login (spec 8). The spec's 'Поизошла' is a typo (ADR 050).
  loginWrong: 'Неверный логин или пароль.',
  loginEmpty: 'Не введен логин или пароль.',
  generic: 'Произошла ошибка, попробуйте повторить попытку позже.',
  // Field rules (spec 5)
  email: 'Проверьте правильность ввода e-mail адреса',
  passwordShort: 'Пароль должен содержать по меньшей мере 8 символов',
  // The spec's 'сореждать повторяющиеся символов' is a typo (ADR 050).
  passwordRepeats: 'Пароль не должен содержать повторяющиеся символы больше 3 раз',
  passwordsDiffer: 'Пароли не совпадают',
  nameEmptyRegister: 'Поле Имя не заполнено',
  nameEmptyProfile: 'Поле Имя должно быть заполнено!',
  // Change password (spec 5)
  changeAllRequired: 'Все поля с паролем должны быть заполнены!',
  changeShort: 'Пароль должен содержать по меньшей мере 8 символов!',
  changeSame: 'Старый и новый пароль совпадают!',
  changeRepeatDiffers: 'Новые пароли не совпадают!',
  changeDone: 'Пароль успешно изменен',
  profileSaved: 'Данные успешно изменены',
  // Our own texts where the spec gives none (ADR 050)
  changeOldWrong: 'Текущий пароль указан неверно.',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован. Войдите или восстановите пароль.',
  emailTakenProfile: 'Этот e-mail уже используется другим пользователем.',
  passwordLong: 'Пароль слишком длинный.',
  fieldLong: 'Слишком длинное значение.',
  phone: 'Введите телефон в формате +7 (xxx) xxx-xx-xx',
  birthdayFuture: 'Дата рождения не может быть позже сегодняшнего дня',
  birthdayInvalid: 'Проверьте дату рождения',
  birthdayLocked: 'Дату рождения можно изменить только через контакт-центр: 8 800 200-52-52.',
  addressesTooMany: 'Можно сохранить не более 3 адресов доставки.',
  addressLong: 'Адрес слишком длинный.',
  addressesBroken: 'Не удалось прочитать список адресов.',
  notSignedIn: 'Войдите в личный кабинет.',
  notFound: 'Не найдено.',
  tooMany: 'Слишком много попыток. Повторите позже.',
  registerTooMany: 'Слишком много регистраций с этого адреса. Повторите позже.',
  recoverySent: 'Если этот e-mail зарегистрирован, мы отправили на него ссылку для восстановления пароля.',
  tokenInvalid: 'Ссылка недействительна или устарела. Запросите восстановление пароля ещё раз.',
  passwordSet: 'Пароль сохранён. Вы вошли в личный кабинет.',
  socialOff: 'Вход через социальные сети не настроен.',
  socialFailed: 'Не удалось войти через социальную сеть.',
} as const

export const PASSWORD_MIN = 8
/** Generous enough for any passphrase (S4: 70 Cyrillic letters fit easily); bounds hashing work. */
export const PASSWORD_MAX = 200
export const EMAIL_MAX = 254
export const NAME_MAX = 100
export const ADDRESS_MAX = 500
export const MAX_ADDRESSES = 3
export const BIRTHDAY_MAX_CHANGES = 2

/**
 * The "simple" e-mail pattern of the spec: word characters, @, a domain, a 2-4 letter ending.
 * Written without nested quantifiers so a long hostile input cannot make it backtrack for ages.
 */
const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-zА-Яа-яЁё]{2,4}$/

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value)
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

/** Names lose digits and '@' as they are typed (spec 5). */
export function stripName(value: string): string {
  return value.replace(/[\d@]/g, '')
}

/** Three equal characters in a row are refused ("aaa", "111"). */
export function hasTripleRepeat(password: string): boolean {
  const chars = Array.from(password)
  for (let i = 2; i < chars.length; i++) {
    if (chars[i] === chars[i - 1] && chars[i] === chars[i - 2]) return true
  }
  return false
}

export function passwordLength(password: string): number {
  return Array.from(password).length
}

/** Registration and a new password from a recovery link: the first failing rule's message, or null. */
export function newPasswordProblem(password: string, confirm?: string): string | null {
  if (passwordLength(password) < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordShort
  if (passwordLength(password) > PASSWORD_MAX) return ACCOUNT_MESSAGES.passwordLong
  if (hasTripleRepeat(password)) return ACCOUNT_MESSAGES.passwordRepeats
  if (confirm !== undefined && confirm !== password) return ACCOUNT_MESSAGES.passwordsDiffer
  return null
}

/** Change password, in the spec's order; `repeat` exists only in the form. */
export function changePasswordProblem(oldPassword: string, newPassword: string, repeat?: string): string | null {
  if (!oldPassword || !newPassword || repeat === '') return ACCOUNT_MESSAGES.changeAllRequired
  const all = repeat === undefined ? [oldPassword, newPassword] : [oldPassword, newPassword, repeat]
  if (all.some((p) => passwordLength(p) < PASSWORD_MIN)) return ACCOUNT_MESSAGES.changeShort
  if (all.some((p) => passwordLength(p) > PASSWORD_MAX)) return ACCOUNT_MESSAGES.passwordLong
  if (oldPassword === newPassword) return ACCOUNT_MESSAGES.changeSame
  if (repeat !== undefined && repeat !== newPassword) return ACCOUNT_MESSAGES.changeRepeatDiffers
  return null
}

/** Login form, before sending (spec 5). */
export function loginFormProblem(login: string, password: string): string | null {
  if (!login.trim() || !password) return ACCOUNT_MESSAGES.loginEmpty
  if (!isValidEmail(login.trim())) return ACCOUNT_MESSAGES.email
  if (passwordLength(password) < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordShort
  return null
}

export interface RegisterFields {
  email: string
  name: string
  password: string
  confirm?: string
}

export function registerProblem(f: RegisterFields): { field: 'email' | 'name' | 'password' | 'confirm'; message: string } | null {
  if (!stripName(f.name).trim()) return { field: 'name', message: ACCOUNT_MESSAGES.nameEmptyRegister }
  if (stripName(f.name).trim().length > NAME_MAX) return { field: 'name', message: ACCOUNT_MESSAGES.fieldLong }
  if (!isValidEmail(f.email.trim())) return { field: 'email', message: ACCOUNT_MESSAGES.email }
  const pw = newPasswordProblem(f.password, f.confirm)
  if (pw) return { field: pw === ACCOUNT_MESSAGES.passwordsDiffer ? 'confirm' : 'password', message: pw }
  return null
}

/** 'YYYY-MM-DD' or 'DD.MM.YYYY' → 'YYYY-MM-DD'; null when it is not a real calendar date. */
export function parseBirthday(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value)
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : []
  if (!y || !m || !d) return null
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null
  if (Number(y) < 1900) return null
  return `${y}-${m}-${d}`
}

/** Today in Moscow, where the shop lives, as 'YYYY-MM-DD'. */
export function todayInMoscow(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

export function isBirthdayLocked(changeCount: number): boolean {
  return changeCount >= BIRTHDAY_MAX_CHANGES
}

/**
 * The address rows of the form: at most 3, a row is added only after the last one is filled, and
 * clearing the first row leaves an empty row instead of removing it.
 */
export function addressRows(addresses: readonly string[]): string[] {
  return addresses.length === 0 ? [''] : addresses.slice(0, MAX_ADDRESSES)
}

export function canAddAddressAfter(rows: readonly string[], index: number): boolean {
  return index === rows.length - 1 && rows.length < MAX_ADDRESSES && (rows[index] ?? '').trim() !== ''
}

export function removeAddressRow(rows: readonly string[], index: number): string[] {
  if (index === 0) return ['', ...rows.slice(1)]
  return rows.filter((_, i) => i !== index)
}

/** What the server stores: trimmed, non-empty rows. */
export function cleanAddresses(rows: readonly string[]): string[] {
  return rows.map((r) => r.trim()).filter((r) => r !== '')
}

/**
 * Where to go after signing in from a "leave a review" prompt: only a path on this site
 * (never "//host" or a scheme), kept with its #reviews anchor.
 */
export function safeBackUrl(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  if (/[\s\u0000-\u001f]/.test(value)) return null
  return value
}
