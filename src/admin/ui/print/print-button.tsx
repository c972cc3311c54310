'use client'

import { ui } from '../styles'

/** The browser's print dialog; «Сохранить как PDF» there gives the same pages as the HTML. */
export function PrintButton() {
  return (
    <button type="button" className={ui.button} onClick={() => window.print()} data-testid="print-button">
      Печать
    </button>
  )
}
