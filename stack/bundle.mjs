// What a dapp ships, read from a Vite build's manifest (`build.manifest: true`): the chunks
// loaded with the page (the entry and its static imports) and the lazy ones, in gzip -9 bytes,
// with React's own chunk apart. `make bench` prints these; bundle-size.e2e.ts holds budgets.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** gzip -9 bytes of a file. */
export const gzipBytes = (path) => gzipSync(readFileSync(path), { level: 9 }).length

/**
 * The build in `dist`: `initial` (each chunk and stylesheet loaded with the page: `{ file,
 * bytes, react }`), `lazy` (every other chunk: `{ file, bytes }`) and `overReact`, the initial
 * bytes that are not React (the SDK and the app).
 */
export function readBundle(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const initialKeys = new Set()
  const visit = (key) => {
    if (initialKeys.has(key)) return
    initialKeys.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  visit(entry)
  const isReact = (key) => /react|scheduler/.test(manifest[key].name ?? '') && !manifest[key].isEntry
  const initial = []
  for (const key of initialKeys) {
    const chunk = manifest[key]
    initial.push({ file: chunk.file, bytes: gzipBytes(join(dist, chunk.file)), react: isReact(key) })
    for (const css of chunk.css ?? []) initial.push({ file: css, bytes: gzipBytes(join(dist, css)), react: false })
  }
  const lazy = Object.entries(manifest)
    .filter(([key]) => !initialKeys.has(key))
    .map(([key, chunk]) => ({ file: chunk.file, src: key, bytes: gzipBytes(join(dist, chunk.file)) }))
  const overReact = initial.filter((c) => !c.react).reduce((sum, c) => sum + c.bytes, 0)
  return { initial, lazy, overReact }
}
