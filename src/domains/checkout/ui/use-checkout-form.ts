'use client'

import { useCallback, useRef, useState } from 'react'
import {
  NEW_LEDGER,
  answerFields,
  changedFields,
  formFromOrder,
  isLatest,
  mergeAnswer,
  noteEdits,
  nextAttempt,
  noteRequest,
  type FormState,
} from '../checkout-form'
import type { OrderState } from '../checkout-wire'
import { storeForm } from './checkout-client'

/**
 * The checkout form with its request ledger (ADR 035). The ref is the source of truth: handlers that
 * run after an await (a location confirmed by the server, a coupon answer) read the form as it is now,
 * never the copy their render closed over.
 */
export function useCheckoutForm(initialOrder: OrderState) {
  const [form, setForm] = useState<FormState>(() => formFromOrder(initialOrder))
  const formRef = useRef(form)
  const ledgerRef = useRef(NEW_LEDGER)

  const commit = useCallback((next: FormState) => {
    formRef.current = next
    setForm(next)
    storeForm(next)
  }, [])

  /** The buyer changes the form; the changed fields are stamped so an answer already under way keeps them. */
  const edit = useCallback(
    (change: (current: FormState) => FormState): FormState => {
      const before = formRef.current
      const after = change(before)
      ledgerRef.current = noteEdits(ledgerRef.current, changedFields(before, after))
      commit(after)
      return after
    },
    [commit],
  )

  /** An order call leaves with the form as it is now; the ticket later tells whether its answer counts. */
  const send = useCallback((): { ticket: number; form: FormState } => {
    const { ledger, ticket } = noteRequest(ledgerRef.current)
    ledgerRef.current = ledger
    return { ticket, form: formRef.current }
  }, [])

  const stillLatest = useCallback((ticket: number) => isLatest(ledgerRef.current, ticket), [])

  /** The latest answer: the server's verdict, except on fields the buyer edited after the request left. */
  const accept = useCallback(
    (order: OrderState, ticket: number): FormState => {
      const merged = mergeAnswer(formRef.current, answerFields(order), ledgerRef.current, ticket)
      commit(merged)
      return merged
    },
    [commit],
  )

  /** The attempt is over (ADR 031): the form stays, under a new key, also in this tab's stored copy. */
  const endAttempt = useCallback(() => commit(nextAttempt(formRef.current)), [commit])

  return { form, formRef, edit, send, stillLatest, accept, endAttempt }
}
