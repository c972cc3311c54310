import { describe, expect, it } from 'vitest'
import { publicationTimer, type Timers } from './publication-timer.server'

const noTimers: Timers = { set: () => 0, clear: () => undefined }

describe('publicationTimer.rearm', () => {
  it('a look that a newer one overtook resolves once the newer one has set the timer', async () => {
    const answers: ((next: Date | null) => void)[] = []
    const timer = publicationTimer({
      nextAt: () => new Promise((answer) => answers.push(answer)),
      now: () => new Date('2032-05-01T09:00:00Z'),
      announce: () => undefined,
      timers: noTimers,
      subscribe: () => () => undefined,
    })
    let firstDone = false
    const first = timer.rearm().then(() => (firstDone = true))
    const second = timer.rearm()
    answers[0]!(new Date('2032-05-01T12:00:00Z'))
    // Every pending callback has run once a macrotask has passed.
    await new Promise((resolve) => setImmediate(resolve))
    expect(firstDone).toBe(false)
    expect(timer.planned()).toBeNull()
    answers[1]!(new Date('2032-05-01T09:30:00Z'))
    await first
    expect(timer.planned()).toEqual(new Date('2032-05-01T09:30:00Z'))
    await second
    timer.stop()
  })
})
