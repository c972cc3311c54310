import { z } from 'zod'

/** POST /payment/<gateway>/pay/: the order's payment link token (the capability). */
export const gatewayPayInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Ссылка на оплату недействительна.'),
})
export type GatewayPayInput = z.output<typeof gatewayPayInput>
