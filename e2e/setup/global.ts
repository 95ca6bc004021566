import type { TestProject } from 'vitest/node'
import { startDevnet } from '../support/devnet.mjs'
import { PORTS, startAll, urls } from '../support/servers.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    urls: typeof urls
  }
}

export default async function setup(project: TestProject) {
  const devnet = await startDevnet({ port: PORTS.devnet })
  let servers: Awaited<ReturnType<typeof startAll>>
  try {
    servers = await startAll()
  } catch (error) {
    await devnet.stop()
    throw error
  }
  project.provide('urls', { ...urls, devnet: devnet.url })
  return async () => {
    await servers.stop()
    await devnet.stop()
  }
}
