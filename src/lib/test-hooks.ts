/**
 * The one way tests reach into production modules (ADR 151): a guard a negative control switches off,
 * a stand-in mail transport, a moved clock. A module declares its hook and reads it; only
 * tests/support/test-hooks.ts sets it. Outside a test run set() and reset() throw, so nothing in
 * production can turn a guard off.
 */
export interface TestHook<T> {
  /** The value in force: the initial one unless a test has set another. */
  (): T
  set(value: T): void
  reset(): void
}

/**
 * NODE_ENV is read raw rather than through env(): the check must not depend on the env cache that a
 * hook itself resets, and Next inlines process.env.NODE_ENV at build time, so in a production build
 * this is a constant.
 */
function refuseOutsideTests(name: string): void {
  if (process.env.NODE_ENV !== 'test') throw new Error(`test hook "${name}" can only be changed in tests`)
}

export function testHook<T>(name: string, initial: T): TestHook<T> {
  let value = initial
  const read = () => value
  return Object.assign(read, {
    set(next: T) {
      refuseOutsideTests(name)
      value = next
    },
    reset() {
      refuseOutsideTests(name)
      value = initial
    },
  })
}
