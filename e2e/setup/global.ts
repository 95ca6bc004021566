import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { DevnetContracts } from '../../devnet/deploy.mjs'
import { startDevnet } from '../support/devnet.mjs'
import { PORTS, startAll, urls } from '../support/servers.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    urls: typeof urls
    /** The devnet contracts' addresses (devnet/deploy.mjs), deployed before any test. */
    devnetContracts: DevnetContracts
    /** The demo's production build, as the browser tests load it. */
    demoDir: string
  }
}

export default async function setup(project: TestProject) {
  // The contracts file frame-host reads (its tokens and POST /dev/faucet).
  const contractsFile = join(mkdtempSync(join(tmpdir(), 'oriel-devnet-')), 'devnet-contracts.json')
  const devnet = await startDevnet({ port: PORTS.devnet, contractsFile })
  let servers: Awaited<ReturnType<typeof startAll>>
  try {
    servers = await startAll({ devnetContracts: contractsFile })
  } catch (error) {
    await devnet.stop()
    throw error
  }
  project.provide('urls', { ...urls, devnet: devnet.url })
  project.provide('devnetContracts', devnet.contracts!)
  project.provide('demoDir', servers.demoDir)
  return async () => {
    await servers.stop()
    await devnet.stop()
  }
}
