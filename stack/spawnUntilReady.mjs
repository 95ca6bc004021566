// Starts a local server process for the tests and the demo, and waits until it is ready.
import { spawn } from 'node:child_process'
import { root } from './ports.mjs'

/**
 * Spawns `bin` with `args` from the repository root and polls `ready()` every `pollMs` until it
 * is true. Fails, with the process stopped, if the process exits first or `timeoutMs` passes;
 * `name` and `what` say which process and what it did not do in time. The process is killed when
 * this one exits, however it ends, so none is left holding its port.
 * @param {{ bin: string, args: string[], env?: Record<string, string>, log?: boolean, name: string, what: string, ready: () => Promise<boolean>, timeoutMs: number, pollMs: number }} options
 * @returns {Promise<() => Promise<void>>} the stop function
 */
export async function spawnUntilReady({ bin, args, env = {}, log = false, name, what, ready, timeoutMs, pollMs }) {
  const child = spawn(bin, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log ? 'inherit' : 'ignore', 'inherit'],
  })
  const killChild = () => child.kill('SIGTERM')
  process.once('exit', killChild)
  /** @type {() => Promise<void>} */
  const stop = () =>
    new Promise((done) => {
      process.off('exit', killChild)
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
    })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await ready()) return stop
    if (exited) throw new Error(`${name} exited early with code ${child.exitCode}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${name} did not ${what} within ${timeoutMs} ms`)
    }
    await new Promise((r) => setTimeout(r, pollMs))
  }
}
