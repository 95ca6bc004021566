import type { TestProject } from 'vitest/node'
import type { DevnetContracts } from '../../devnet/deploy.mjs'
import { startDevnet } from '../support/devnet.mjs'
import { PORTS, startAll, urls } from '../support/servers.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    urls: typeof urls
    /** The devnet contracts' addresses (devnet/deploy.mjs), deployed before any test. */
    devnetContracts: DevnetContracts
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
  project.provide('devnetContracts', devnet.contracts!)
  return async () => {
    await servers.stop()
    await devnet.stop()
  }
}
