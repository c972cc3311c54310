import { z } from 'zod'

/** POST /payment/callback/: what a provider sends; the signature is the only credential. */
export const paymentCallbackInput = z.object({
  paymentId: z.string().trim().min(1).max(64),
  status: z.enum(['succeeded', 'failed']),
  amount: z.string().regex(/^\d{1,12}$/),
  signature: z.string().max(128),
})
export type PaymentCallbackInput = z.output<typeof paymentCallbackInput>

/** POST /payment/sandbox/pay/: the buyer's choice on the sandbox page. */
export const sandboxInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Ссылка на оплату недействительна.'),
  outcome: z.enum(['pay', 'fail']),
})
export type SandboxInput = z.output<typeof sandboxInput>
