'use client'

import { useEffect, useRef, useState } from 'react'
import {
  INVALID_VALUE,
  MOBILE_STEPS,
  TEST_QUESTIONS,
  TEST_SLIDE_DELAY_MS,
  ageState,
  digitsOnly,
  isTestComplete,
  stageForTarget,
  weightState,
  type QuestionName,
  type TestAnswers,
} from '../turbo'
import { setTurboState, useTurboState } from './turbo-store'
import { useIsMobile } from './use-media'

/**
 * The programme test. Desktop shows every question; phones show one step at a time (5 questions, then
 * age and weight). Choosing an answer moves on after 1500 ms, and navigation is blocked meanwhile.
 */
export function TurboTest({ onDone }: { onDone: () => void }) {
  const shared = useTurboState()
  const isMobile = useIsMobile()
  const [answers, setAnswers] = useState<TestAnswers>(shared.answers)
  const [step, setStep] = useState(0)
  const [moving, setMoving] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  const complete = isTestComplete(answers)

  function choose(name: QuestionName, value: string, index: number) {
    if (moving) return
    setAnswers((a) => ({ ...a, [name]: value }))
    if (!isMobile || index >= MOBILE_STEPS - 1) return
    setMoving(true)
    timer.current = setTimeout(() => {
      setStep(index + 1)
      setMoving(false)
    }, TEST_SLIDE_DELAY_MS)
  }

  function go(to: number) {
    if (moving || to < 0 || to >= MOBILE_STEPS) return
    setStep(to)
  }

  function submit() {
    if (!complete) return
    const stage = stageForTarget(answers.target)
    if (!stage) return
    setTurboState({ answers, stage, done: true })
    onDone()
  }

  const ageS = ageState(answers.age)
  const weightS = weightState(answers.weight)
  const numbers = (
    <div className="grid gap-4 sm:grid-cols-2" data-test-step="numbers">
      <NumberField label="Возраст" unit="лет" name="age" value={answers.age ?? ''} max={2} invalid={ageS === 'invalid'} onChange={(v) => setAnswers((a) => ({ ...a, age: v }))} />
      <NumberField label="Вес" unit="кг" name="weight" value={answers.weight ?? ''} max={3} invalid={weightS === 'invalid'} onChange={(v) => setAnswers((a) => ({ ...a, weight: v }))} />
    </div>
  )
  const submitButton = (
    <button
      type="button"
      onClick={submit}
      disabled={!complete}
      aria-disabled={!complete}
      data-test-submit
      className="mt-6 inline-flex h-12 items-center justify-center rounded-xl bg-brand-500 px-8 font-semibold text-white transition hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-ink-400"
    >
      Узнать свою программу
    </button>
  )

  if (!isMobile) {
    return (
      <div data-turbo-test="desktop">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TEST_QUESTIONS.map((q, i) => (
            <Question key={q.name} index={i} question={q} value={answers[q.name]} onChoose={choose} disabled={false} />
          ))}
          <div className="rounded-2xl bg-white p-5">
            <p className="mb-3 font-semibold">Возраст и вес</p>
            {numbers}
          </div>
        </div>
        {submitButton}
      </div>
    )
  }

  const question = TEST_QUESTIONS[step]
  const canNext = step < MOBILE_STEPS - 1 && (question ? Boolean(answers[question.name]) : false)
  return (
    <div data-turbo-test="mobile" data-step={step + 1} data-moving={moving ? 'Y' : 'N'}>
      <p className="mb-3 text-sm text-ink-600" aria-live="polite">
        Шаг {step + 1} из {MOBILE_STEPS}
      </p>
      {question ? <Question index={step} question={question} value={answers[question.name]} onChoose={choose} disabled={moving} /> : <div className="rounded-2xl bg-white p-5">{numbers}</div>}
      <div className="mt-4 flex items-center justify-between">
        <button type="button" onClick={() => go(step - 1)} disabled={moving || step === 0} className="rounded-lg border border-line px-4 py-2 font-semibold disabled:opacity-40">
          Назад
        </button>
        <div className="flex gap-1.5">
          {Array.from({ length: MOBILE_STEPS }, (_, i) => (
            <span key={i} className={`h-2 w-2 rounded-full ${i === step ? 'bg-brand-500' : 'bg-line'}`} />
          ))}
        </div>
        <button type="button" onClick={() => go(step + 1)} disabled={moving || !canNext} className="rounded-lg border border-line px-4 py-2 font-semibold disabled:opacity-40">
          Далее
        </button>
      </div>
      {step === MOBILE_STEPS - 1 && submitButton}
    </div>
  )
}

function Question({
  question,
  index,
  value,
  onChoose,
  disabled,
}: {
  question: (typeof TEST_QUESTIONS)[number]
  index: number
  value: string | undefined
  onChoose: (name: QuestionName, value: string, index: number) => void
  disabled: boolean
}) {
  return (
    <fieldset className="rounded-2xl bg-white p-5" data-test-question={question.name}>
      <legend className="sr-only">{question.title}</legend>
      <p className="mb-3 font-semibold" aria-hidden="true">
        {index + 1}. {question.title}
      </p>
      <div className="flex flex-col gap-2">
        {question.options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 transition ${value === o.value ? 'border-brand-500 bg-brand-50' : 'border-line hover:border-brand-500'}`}
          >
            <input type="radio" name={question.name} value={o.value} checked={value === o.value} disabled={disabled} onChange={() => onChoose(question.name, o.value, index)} className="accent-brand-500" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function NumberField({
  label,
  unit,
  name,
  value,
  max,
  invalid,
  onChange,
}: {
  label: string
  unit: string
  name: string
  value: string
  max: number
  invalid: boolean
  onChange: (v: string) => void
}) {
  return (
    <label className="block">
      <span className="text-sm text-ink-600">{label}</span>
      <span className="mt-1 flex items-center gap-2">
        <input
          name={name}
          inputMode="numeric"
          autoComplete="off"
          maxLength={max}
          value={value}
          aria-invalid={invalid}
          onChange={(e) => onChange(digitsOnly(e.target.value, max))}
          className={`h-12 w-24 rounded-xl border px-3 text-lg ${invalid ? 'border-sale-500' : 'border-line'}`}
        />
        <span className="text-ink-600">{unit}</span>
      </span>
      {invalid && (
        <span className="mt-1 block text-sm text-sale-500" role="alert">
          {INVALID_VALUE}
        </span>
      )}
    </label>
  )
}
