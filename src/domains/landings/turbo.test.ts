import { describe, expect, it } from 'vitest'
import {
  INVALID_VALUE,
  MOBILE_STEPS,
  TEST_QUESTIONS,
  ageState,
  digitsOnly,
  isTestComplete,
  nextIndex,
  shouldSendEmail,
  stageForTarget,
  stageInfo,
  totalCalories,
  weightState,
} from './turbo'

const fullAnswers = { target: 'keep', day: 'office', sleep: '6-8', feed: 'regular', active: 'often', age: '30', weight: '75' }

describe('programme test', () => {
  it('has five questions of three options and six mobile steps', () => {
    expect(TEST_QUESTIONS).toHaveLength(5)
    for (const q of TEST_QUESTIONS) expect(q.options).toHaveLength(3)
    expect(MOBILE_STEPS).toBe(6)
    expect(INVALID_VALUE).toBe('Недопустимое значение')
  })

  it('accepts age from 18 with two digits, empty and zero are neither valid nor wrong', () => {
    expect(ageState('')).toBe('empty')
    expect(ageState('0')).toBe('empty')
    expect(ageState('17')).toBe('invalid')
    expect(ageState('18')).toBe('valid')
    expect(ageState('99')).toBe('valid')
    expect(ageState('100')).toBe('invalid')
  })

  it('accepts weight from 40 with up to three digits', () => {
    expect(weightState('39')).toBe('invalid')
    expect(weightState('40')).toBe('valid')
    expect(weightState('250')).toBe('valid')
    expect(weightState('1000')).toBe('invalid')
    expect(weightState('00')).toBe('empty')
    expect(digitsOnly('1a2b3c4', 3)).toBe('123')
  })

  it('is complete only with all five answers and valid age and weight', () => {
    expect(isTestComplete(fullAnswers)).toBe(true)
    expect(isTestComplete({ ...fullAnswers, sleep: undefined })).toBe(false)
    expect(isTestComplete({ ...fullAnswers, feed: 'pizza' })).toBe(false)
    expect(isTestComplete({ ...fullAnswers, age: '17' })).toBe(false)
    expect(isTestComplete({ ...fullAnswers, weight: '' })).toBe(false)
  })

  it('maps the goal to the stage: keep → 3, lose 1–3 kg → 1, lose 5 kg → 2', () => {
    expect(stageForTarget('keep')).toBe(3)
    expect(stageForTarget('lose-3')).toBe(1)
    expect(stageForTarget('lose-5')).toBe(2)
    expect(stageForTarget(undefined)).toBeNull()
    expect(stageInfo(1).claim).toBe('до -3 кг за 2 недели')
    expect(stageInfo(2).claim).toBe('до -5 кг за месяц')
    expect(stageInfo(3).image).toBe('/images/turbo/stage-3.svg')
  })
})

describe('meal plan rules', () => {
  it('rounds the total calories down', () => {
    expect(totalCalories([{ cal: 120.7 }, { cal: 80.6 }])).toBe(201)
    expect(totalCalories([])).toBe(0)
  })

  it('sends nothing for an empty or blank e-mail', () => {
    expect(shouldSendEmail('')).toBe(false)
    expect(shouldSendEmail('   ')).toBe(false)
    expect(shouldSendEmail('a@b.ru')).toBe(true)
  })

  it('wraps the next-expert link around', () => {
    expect(nextIndex(0, 3)).toBe(1)
    expect(nextIndex(2, 3)).toBe(0)
    expect(nextIndex(0, 0)).toBe(0)
  })
})
