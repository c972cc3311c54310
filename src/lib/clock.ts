/** Every rule that depends on time asks this clock, so tests move time instead of sleeping. */
let override: (() => Date) | null = null

export function now(): Date {
  return override ? override() : new Date()
}

export function setClockForTests(fn: (() => Date) | null): void {
  override = fn
}
