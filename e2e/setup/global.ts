import type { TestProject } from 'vitest/node'
import { startAll, urls } from '../support/servers.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    urls: typeof urls
  }
}

export default async function setup(project: TestProject) {
  const servers = await startAll()
  project.provide('urls', urls)
  return () => servers.stop()
}
