/**
 * An expected refusal of a use-case, by kind. Domains know no HTTP: they throw a Refusal with a
 * Russian message for the buyer, and the edge (src/lib/ajax.ts) alone turns the kind into a status.
 * `body` replaces the default `{ error }` answer where the spec gives a refusal its own shape.
 */
export type RefusalKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'limited'

export class Refusal extends Error {
  override name = 'Refusal'
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly body?: unknown,
  ) {
    super(message)
  }
}
