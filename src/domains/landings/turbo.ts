/**
 * Rules of the weight-loss programme 'Турбослим' and its meal plan that need no I/O: the test, the
 * stage chosen by goal, field validation, recipe calories. Texts match the spec word for word.
 */

export type TurboStage = 1 | 2 | 3

export const TEST_SLIDE_DELAY_MS = 1500
export const MIN_AGE = 18
export const MIN_WEIGHT = 40

export const QUESTION_NAMES = ['target', 'day', 'sleep', 'feed', 'active'] as const
export type QuestionName = (typeof QUESTION_NAMES)[number]

export interface TestQuestion {
  name: QuestionName
  title: string
  options: { value: string; label: string }[]
}

/** Five questions, three options each (spec §9). The goal's values drive the stage. */
export const TEST_QUESTIONS: readonly TestQuestion[] = [
  {
    name: 'target',
    title: 'Какая у вас цель?',
    options: [
      { value: 'keep', label: 'Сохранить вес' },
      { value: 'lose-3', label: 'Сбросить 1–3 кг' },
      { value: 'lose-5', label: 'Сбросить 5 кг и более' },
    ],
  },
  {
    name: 'day',
    title: 'Какой у вас распорядок дня?',
    options: [
      { value: 'office', label: 'Офис, сидячая работа' },
      { value: 'mixed', label: 'То сижу, то на ногах' },
      { value: 'moving', label: 'Весь день в движении' },
    ],
  },
  {
    name: 'sleep',
    title: 'Сколько вы спите?',
    options: [
      { value: 'lt6', label: 'Меньше 6 часов' },
      { value: '6-8', label: '6–8 часов' },
      { value: 'gt8', label: 'Больше 8 часов' },
    ],
  },
  {
    name: 'feed',
    title: 'Как вы питаетесь?',
    options: [
      { value: 'irregular', label: 'Нерегулярно, перекусы' },
      { value: 'regular', label: '3 раза в день' },
      { value: 'diet', label: 'Слежу за питанием' },
    ],
  },
  {
    name: 'active',
    title: 'Насколько вы активны?',
    options: [
      { value: 'none', label: 'Спорт — не моё' },
      { value: 'sometimes', label: '1–2 тренировки в неделю' },
      { value: 'often', label: '3 и больше тренировок' },
    ],
  },
]

/** Mobile steps: the five questions, then age and weight together as the sixth. */
export const MOBILE_STEPS = TEST_QUESTIONS.length + 1

export type TestAnswers = Partial<Record<QuestionName, string>> & { age?: string; weight?: string }

export const INVALID_VALUE = 'Недопустимое значение'

/** 'empty' (nothing or zero: neither valid nor marked), 'invalid' (shows 'Недопустимое значение'), 'valid'. */
export type FieldState = 'empty' | 'invalid' | 'valid'

function numberState(raw: string | undefined, digits: number, min: number): FieldState {
  const value = (raw ?? '').trim()
  if (value === '' || /^0+$/.test(value)) return 'empty'
  if (!/^\d+$/.test(value) || value.length > digits) return 'invalid'
  return Number(value) >= min ? 'valid' : 'invalid'
}

/** Age: a 2-digit field, at least 18. */
export const ageState = (raw: string | undefined) => numberState(raw, 2, MIN_AGE)
/** Weight: a 3-digit field, at least 40. */
export const weightState = (raw: string | undefined) => numberState(raw, 3, MIN_WEIGHT)

/** What the field accepts while typing: digits only, cut to its length. */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max)
}

/** The submit link is enabled only when all five answers are given and age and weight are valid. */
export function isTestComplete(answers: TestAnswers): boolean {
  return (
    TEST_QUESTIONS.every((q) => q.options.some((o) => o.value === answers[q.name])) &&
    ageState(answers.age) === 'valid' &&
    weightState(answers.weight) === 'valid'
  )
}

/** Keep weight → stage 3; lose 1–3 kg → stage 1; lose 5 kg or more → stage 2. */
export function stageForTarget(target: string | undefined): TurboStage | null {
  if (target === 'keep') return 3
  if (target === 'lose-3') return 1
  if (target === 'lose-5') return 2
  return null
}

export interface StageInfo {
  stage: TurboStage
  /** The steps section's tab title. */
  tab: string
  claim: string
  image: string
}

export const STAGES: readonly StageInfo[] = [
  { stage: 1, tab: 'мягкое очищение', claim: 'до -3 кг за 2 недели', image: '/images/turbo/stage-1.svg' },
  { stage: 2, tab: 'Сжигание жиров', claim: 'до -5 кг за месяц', image: '/images/turbo/stage-2.svg' },
  { stage: 3, tab: 'Сохранение результатов', claim: 'удержание результата', image: '/images/turbo/stage-3.svg' },
]

export function stageInfo(stage: TurboStage): StageInfo {
  return STAGES[stage - 1] as StageInfo
}

/** Meal-plan subscription text by step: 1 a 2-week programme, 2 a monthly one, 3 the full one. */
export function subscriptionText(step: TurboStage): string {
  if (step === 1) return 'Пришлём меню двухнедельной программы на почту'
  if (step === 2) return 'Пришлём меню месячной программы на почту'
  return 'Пришлём меню полной программы на почту'
}

export interface RecipeInfoRow {
  name: string
  weight: string
  cal: number
}

/** Total calories of a recipe: the sum of its rows, rounded down. */
export function totalCalories(rows: readonly Pick<RecipeInfoRow, 'cal'>[]): number {
  return Math.floor(rows.reduce((sum, r) => sum + (Number.isFinite(r.cal) ? r.cal : 0), 0))
}

/** Meal-plan form: nothing is sent when the e-mail is empty or only spaces. */
export function shouldSendEmail(email: string): boolean {
  return email.trim() !== ''
}

/** Next expert (wraps to the first after the last). */
export function nextIndex(current: number, length: number): number {
  return length === 0 ? 0 : (current + 1) % length
}
