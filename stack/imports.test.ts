// The stack and the scripts never load test code: `make screenshots` once failed at its start
// ("Vitest failed to access its internal state") because a script imported a browser-test helper
// that imported vitest. This follows every import of stack/ and scripts/ through the checkout.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from './ports.mjs'

const SOURCE = /\.(mjs|js|cjs|ts|mts)$/

/** The source files under `dir`, tests and dependencies aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return SOURCE.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
  })
}

/** The file an import of `specifier` from `file` loads, if it is in the checkout. */
function resolveImport(file: string, specifier: string): string | undefined {
  const stack = /^@oriel\/stack(?:\/(.+))?$/.exec(specifier)
  const path = stack ? join(root, 'stack', `${stack[1] ?? 'index'}.mjs`) : specifier.startsWith('.') ? resolve(dirname(file), specifier) : undefined
  if (!path) return undefined
  return [path, `${path}.ts`, `${path}.mjs`].find((candidate) => existsSync(candidate) && SOURCE.test(candidate))
}

/** Every import of vitest, or of a file under e2e/, that loading `start` reaches (unless `seen`
 * already), as `importer -> import`. */
function testCodeReached(start: string, seen: Set<string>): string[] {
  if (seen.has(start)) return []
  seen.add(start)
  const found: string[] = []
  const text = readFileSync(start, 'utf8')
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = match[1] ?? match[2]
    if (!specifier) continue
    const where = `${relative(root, start)} -> ${specifier}`
    if (specifier === 'vitest' || specifier.startsWith('vitest/')) found.push(where)
    const file = resolveImport(start, specifier)
    if (!file) continue
    if (relative(root, file).startsWith('e2e/')) found.push(where)
    else found.push(...testCodeReached(file, seen))
  }
  return found
}

describe('the stack and the scripts', () => {
  it('import neither vitest nor the browser tests, directly or through what they import', () => {
    const files = [...sources(join(root, 'stack')), ...sources(join(root, 'scripts'))]
    expect(files.length).toBeGreaterThan(20)
    const seen = new Set<string>()
    expect(files.flatMap((file) => testCodeReached(file, seen))).toEqual([])
  })
})
