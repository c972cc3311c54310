import 'altcha/external'
import { CAPTCHA_ALGORITHM } from '../captcha'

// Imported on demand by use-captcha, so the widget, its worker glue and Turbopack's worker loader stay
// out of the first load of every page that shows a form.
globalThis.$altcha.algorithms.set(CAPTCHA_ALGORITHM, () => new Worker(new URL('./altcha-worker.ts', import.meta.url)))
