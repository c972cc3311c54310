import { afterEach, beforeEach, expect, vi } from 'vitest'

/** An unexpected console.error fails the test that caused it. */
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  expect(errors, 'console.error was called').toEqual([])
})
