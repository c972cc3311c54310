/**
 * Runs `work` in a task of its own, queued behind the current one. The calls a page makes at start
 * come from effects, which React runs in the task of the hydration commit; each `fetch` costs Chrome's
 * main thread a few milliseconds (more on a phone), and together they made that task one of the
 * longest of the page's start (ADR 217). A message, not a timer: no 4 ms clamp, and a test's paused
 * fake clock does not hold it back.
 */
export function inOwnTask<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      work().then(resolve, reject)
    }
    channel.port2.postMessage(null)
  })
}
