/**
 * Resolves after `ms` (at once when not positive); rejects with the signal's reason when
 * `signal` aborts meanwhile. The waits between polls and retries.
 *
 * @example
 * await sleep(1000, controller.signal)
 */
export function sleep(ms: number, signal?: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
