import { AjaxCallError } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M } from '../account'

/** The spec's answers of POST /ajax/auth/ by status (section 8). */
export function loginErrorText(error: unknown): string {
  if (error instanceof AjaxCallError && error.status === 403) return M.loginWrong
  if (error instanceof AjaxCallError && error.status === 400) return M.loginEmpty
  return M.generic
}

/** After signing in: back to the product's reviews when the visitor came from there, else reload. */
export function goOn(backUrl: string | null): void {
  if (backUrl) window.location.assign(backUrl)
  else window.location.reload()
}

/** 400 and 403 carry a message for the person (spec 8); other failures are only logged. */
export function shownError(error: unknown): string | null {
  if (error instanceof AjaxCallError && (error.status === 400 || error.status === 403 || error.status === 404 || error.status === 429)) {
    return error.message
  }
  console.warn('account call failed', error)
  return null
}
