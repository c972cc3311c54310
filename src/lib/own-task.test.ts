import { describe, expect, it } from 'vitest'
import { inOwnTask } from './own-task'

describe('inOwnTask', () => {
  it('runs the work after the current task and its microtasks, each call in a task of its own', async () => {
    const order: string[] = []
    const first = inOwnTask(async () => {
      order.push('first')
      queueMicrotask(() => order.push('first’s microtask'))
      return 1
    })
    const second = inOwnTask(async () => {
      order.push('second')
      return 2
    })
    queueMicrotask(() => order.push('caller’s microtask'))
    order.push('caller')
    expect(await Promise.all([first, second])).toEqual([1, 2])
    // The first call's microtask runs before the second call: a checkpoint lies between them.
    expect(order).toEqual(['caller', 'caller’s microtask', 'first', 'first’s microtask', 'second'])
  })

  it('passes the work’s refusal on', async () => {
    await expect(inOwnTask(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
  })
})
