import { join } from 'node:path'
import { startStack } from '@oriel/stack'
import { root, type TEST_URLS } from '@oriel/stack/ports'
import type { TestProject } from 'vitest/node'
import type { DevnetContracts } from '../../devnet/deploy.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    urls: typeof TEST_URLS
    /** The devnet contracts' addresses (devnet/deploy.mjs), deployed before any test. */
    devnetContracts: DevnetContracts
    /** The demo's production build, as the browser tests load it. */
    demoDir: string
  }
}

/** The local stack (stack/) on the test profile's ports, with e2e/pages on the `other` origin. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ otherDir: join(root, 'e2e/pages') })
  project.provide('urls', stack.urls)
  project.provide('devnetContracts', stack.contracts!)
  project.provide('demoDir', stack.demoDir!)
  return stack.stop
}
