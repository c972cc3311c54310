import { afterEach, describe, expect, it, vi } from 'vitest'
import { testHook } from './test-hooks'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('testHook', () => {
  it('reads its initial value until a test sets another, and reset brings the initial one back', () => {
    const guard = testHook('some guard', true)
    expect(guard()).toBe(true)
    guard.set(false)
    expect(guard()).toBe(false)
    guard.reset()
    expect(guard()).toBe(true)
  })

  it.each(['production', 'development'])('refuses to change outside tests (NODE_ENV=%s), so production keeps its guards', (mode) => {
    const guard = testHook('some guard', true)
    vi.stubEnv('NODE_ENV', mode)
    expect(() => guard.set(false)).toThrow('test hook "some guard" can only be changed in tests')
    expect(() => guard.reset()).toThrow(/only be changed in tests/)
    expect(guard()).toBe(true)
  })
})
