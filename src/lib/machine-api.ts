import type { z } from 'zod'
import { PayloadTooLarge, answerForError, invalidAnswer, json, readCapped } from './ajax'

/**
 * The wrapper of machine-to-machine calls: a payment provider's notification, the back office's
 * token API. No cookie session and no `sessid`; the caller proves itself by a credential checked
 * before the body is read (`authorize`) or by a signature the use-case checks. The body is read up to
 * `maxBytes` and no further, parsed once and validated by one zod schema; refusals by kind become
 * statuses in one place (answerForError), and nothing unexpected leaks a stack.
 */
export interface MachineApiOptions<S extends z.ZodType> {
  schema: S
  maxBytes: number
  /** 'json': anything else is refused with 415. 'json-or-form': what payment providers send. */
  body: 'json' | 'json-or-form'
  /** Runs before anything is read; a refusal here is the whole answer. */
  authorize?: (request: Request) => Response | null
  /** The answer to a body that fails the schema; default 400 `{ error, errors }`. */
  invalid?: (error: z.ZodError | null) => Response
}

export const MACHINE_API_MESSAGES = {
  notJson: 'Тело запроса должно быть в формате JSON (Content-Type: application/json).',
  badJson: 'Не удалось прочитать JSON.',
} as const

type Params = Record<string, string | string[]>
type Handler<S extends z.ZodType> = (input: z.output<S>, params: Params) => Promise<unknown>

export function machineApi<S extends z.ZodType>(options: MachineApiOptions<S>, handler: Handler<S>) {
  const invalid = options.invalid ?? ((error) => json(error ? invalidAnswer(error) : { error: MACHINE_API_MESSAGES.badJson }, 400))
  return async function handle(request: Request, params: Params = {}): Promise<Response> {
    const refusal = options.authorize?.(request)
    if (refusal) return refusal
    const type = (request.headers.get('content-type') ?? '').toLowerCase()
    const isJson = type.startsWith('application/json')
    if (options.body === 'json' && !isJson) return json({ error: MACHINE_API_MESSAGES.notJson }, 415)
    try {
      if (Number(request.headers.get('content-length') ?? '0') > options.maxBytes) throw new PayloadTooLarge()
      const bytes = await readCapped(request, options.maxBytes)
      let fields: unknown
      try {
        // Broken UTF-8 is refused like broken JSON.
        const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        fields = isJson ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text))
      } catch {
        return invalid(null)
      }
      const parsed = options.schema.safeParse(fields)
      if (!parsed.success) return invalid(parsed.error)
      const result = await handler(parsed.data, params)
      return result instanceof Response ? result : json(result)
    } catch (error) {
      return answerForError(error, request)
    }
  }
}
