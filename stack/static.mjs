// Serves a built page (or any directory) on its own origin, as a static host would.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** A static file server for `dir` on 127.0.0.1:`port`; `/` serves index.html, and so do
 * unknown paths when `spa` is set. Anything else missing is a 404.
 * @param {string} dir
 * @param {number} port
 * @returns {Promise<{ stop: () => Promise<void> }>} */
export function serveStatic(dir, port, { spa = false } = {}) {
  const server = createServer((req, res) => {
    let file
    try {
      file = join(dir, normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
    } catch {
      res.writeHead(400).end()
      return
    }
    const isFile = (f) => f.startsWith(dir) && existsSync(f) && statSync(f).isFile()
    if (!isFile(file)) {
      const index = join(file, 'index.html')
      file = isFile(index) ? index : spa ? join(dir, 'index.html') : null
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
  })
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => ok({ stop: () => new Promise((done) => server.close(() => done(undefined))) }))
  })
}
