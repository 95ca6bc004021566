// The golden bodies of frame-host's routes (fixtures/http, which `cargo test -p oriel-protocol`
// reads and writes back too) against the checks generated from the same Rust types: every
// valid body passes its route's check, every invalid one is refused. A change of either side
// that the other does not follow fails here or there.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Check, ShapeError } from './check'

const fixtures = `${join(import.meta.dirname, '../../../../fixtures/http')}/`

type Route = { route: string; method: string; path: string; query: string | null; request: string | null; reply: string | null }
const table = JSON.parse(readFileSync(`${fixtures}routes.json`, 'utf8')) as { routes: Route[]; types: Record<string, string> }

/** The generated check of the body `name` (from the `.gen.ts` file of its area). */
async function checkOf(name: string): Promise<Check<unknown>> {
  const module = (await import(`./${table.types[name]}.gen.ts`)) as Record<string, Check<unknown>>
  const check = module[`check${name}`]
  if (!check) throw new Error(`no check${name} in ${table.types[name]}.gen.ts`)
  return check
}

/** The fixture files of `dir` with the body each holds: `reply-empty.json` holds the route's reply. */
function bodies(route: Route, dir: 'valid' | 'invalid'): [string, string][] {
  let files: string[]
  try {
    files = readdirSync(`${fixtures}${route.route}/${dir}`)
  } catch {
    return []
  }
  return files.map((file) => {
    const kind = file.replace(/\.json$/, '').split('-')[0] as 'query' | 'request' | 'reply'
    const body = route[kind]
    if (!body) throw new Error(`${route.route}/${dir}/${file}: the route has no ${kind}`)
    return [file, body]
  })
}

const read = (route: Route, dir: string, file: string): unknown => JSON.parse(readFileSync(`${fixtures}${route.route}/${dir}/${file}`, 'utf8'))

describe('the generated checks of frame-host bodies', () => {
  it('cover every route the SDK calls, each with a golden reply', () => {
    expect(table.routes.length).toBeGreaterThan(25)
    for (const route of table.routes) {
      if (route.reply) expect(bodies(route, 'valid').some(([, body]) => body === route.reply), route.route).toBe(true)
    }
  })

  describe.each(table.routes.map((route) => [route.route, route] as const))('%s', (_, route) => {
    it.each(bodies(route, 'valid'))('accepts valid/%s (%s) as it is', async (file, body) => {
      const json = read(route, 'valid', file)
      expect((await checkOf(body))(json, '')).toBe(json)
    })

    it.each(bodies(route, 'invalid'))('refuses invalid/%s (%s)', async (file, body) => {
      const check = await checkOf(body)
      expect(() => check(read(route, 'invalid', file), '')).toThrow(ShapeError)
    })
  })
})
