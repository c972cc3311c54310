import { z } from 'zod'

/** POST /payment/yookassa/pay/: the order's payment link token (the capability). */
export const yookassaPayInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Ссылка на оплату недействительна.'),
})
export type YookassaPayInput = z.output<typeof yookassaPayInput>
