// frame-host's login path under load, driven by autocannon over loopback against the release
// binary (`cargo build --release -p oriel-frame-host` first), on SQLite and on PostgreSQL:
//   - email login: start, the sign-up link from the dev mailbox, its page and its Approve, the
//     device status (which mails the code), the code from the mailbox, verify. Every login is a new
//     email and a new device, and comes from its own client address (X-Forwarded-For from a
//     trusted proxy), so the designed per-email and per-address limits never apply;
//   - session refresh: each connection rotates its own refresh token, one after the other.
// It prints logins (or refreshes) per second, each request's p50/p99, and each login's p50/p99
// (start to verified) beside the targets. It fails on any answer that is not 200.
// Its port is the port table's (stack/ports.mjs; ORIEL_PORT_OFFSET shifts it);
// ORIEL_BENCH_SECONDS sets the duration of each run (default 10); ORIEL_TEST_POSTGRES_URL names
// the PostgreSQL server;
// ORIEL_BENCH_BACKENDS=sqlite (or postgres) runs one backend only, for turn-by-turn comparisons.
// ORIEL_FRAME_HOST_PROFILE=debug runs the debug build. `--smoke` (CI: scripts/bench.sh --smoke)
// runs each 1 s over 8 connections and keeps no figures.
// Each figure is printed beside the previous run's (kept in $CARGO_TARGET_DIR/bench-login.json),
// and each run's CPU use is split between frame-host, this client and the rest of the machine
// (the database server, other work), in cores, so a saturated client shows.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { frameHostBinary } from '@oriel/stack/frameHost'
import { TEST_PORTS } from '@oriel/stack/ports'
import autocannon from 'autocannon'

const smoke = process.argv.includes('--smoke')
const CONNECTIONS = smoke ? 8 : 64
const SECONDS = smoke ? 1 : Number(process.env.ORIEL_BENCH_SECONDS ?? 10)
const PROFILE = process.env.ORIEL_FRAME_HOST_PROFILE ?? 'release'
const TARGET = { loginsPerSecond: 1000, p99: 50 }
const PORT = TEST_PORTS.benchLoginFrameHost
const PG_URL = process.env.ORIEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const base = `http://127.0.0.1:${PORT}`
const work = mkdtempSync(join(tmpdir(), 'oriel-bench-login-'))
const target = process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/oriel/target')
const lastRunFile = join(target, 'bench-login.json')
const lastRun = existsSync(lastRunFile) ? JSON.parse(readFileSync(lastRunFile, 'utf8')) : {}
const thisRun = {}
const backends = (process.env.ORIEL_BENCH_BACKENDS ?? 'sqlite,postgres').split(',')

/** frame-host on `databaseUrl`, trusting 127.0.0.1 as its reverse proxy. Resolves to its stop. */
async function startFrameHost(databaseUrl) {
  const bin = frameHostBinary(PROFILE)
  const config = join(work, 'frame-host.toml')
  writeFileSync(
    config,
    `trusted_proxies = ["127.0.0.1"]\n\n[[projects]]\nid = "demo"\nname = "bench"\nallowed_origins = ["http://localhost:5173"]\n`,
  )
  const child = spawn(bin, [], {
    env: {
      ...process.env,
      ORIEL_CONFIG: config,
      // frame-host's dev mode (production is its default): the dev mailbox and loopback endpoints.
      ORIEL_MODE: 'dev',
      ORIEL_LISTEN: `127.0.0.1:${PORT}`,
      ORIEL_DATA_DIR: join(work, `data-${randomBytes(4).toString('hex')}`),
      ORIEL_FRAME_DIR: join(work, 'frame'),
      ORIEL_LOG: process.env.ORIEL_LOG ?? 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((done) => child.once('exit', done))
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`frame-host exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      if (i > 300) throw new Error('frame-host did not answer in 30 s')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  return { stop, pid: child.pid }
}

/** CPU seconds so far: the machine's busy time, frame-host's (`pid`) and this process's. */
function cpuSeconds(pid) {
  const tick = 100 // USER_HZ on Linux
  const all = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  const busy = all.reduce((a, b) => a + b, 0) - all[3] - all[4] // minus idle and iowait
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const host = Number(fields[11]) + Number(fields[12]) // utime, stime
  const own = process.cpuUsage()
  return { busy: busy / tick, host: host / tick, client: (own.user + own.system) / 1e6 }
}

/** Cores used between two `cpuSeconds` over `seconds`. */
function cpuShare(before, after, seconds) {
  const cores = (key) => (after[key] - before[key]) / seconds
  const rest = cores('busy') - cores('host') - cores('client')
  return `cpu (cores) frame-host ${cores('host').toFixed(2)}  client ${cores('client').toFixed(2)}  rest ${rest.toFixed(2)}`
}

/** A fresh PostgreSQL database for one run; resolves to its URL and its removal. */
function postgresDatabase() {
  const name = `oriel_bench_${randomBytes(4).toString('hex')}`
  const psql = (sql) => {
    const run = spawnSync('psql', [PG_URL, '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`psql ${sql}: ${run.stderr || run.error}`)
  }
  psql(`CREATE DATABASE ${name}`)
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => psql(`DROP DATABASE ${name} WITH (FORCE)`) }
}

let serial = 0
/** A client address no other login uses: 10.0.0.0/8 holds 16.7 million. */
const nextAddress = () => {
  const n = ++serial
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

const json = (body) => ({ 'content-type': 'application/json', body: JSON.stringify(body) })
const post = (path, setup, onResponse) => ({ method: 'POST', path, setupRequest: setup, onResponse })

/** Every answer must be 200: anything else stops the bench with the answer. */
function expect200(status, body, what) {
  if (status !== 200) throw new Error(`${what}: ${status} ${body}`)
}

/** The newest mail to `ctx.email`'s text, asked with the connection's client address. */
const mailbox = (onText) => ({
  method: 'GET',
  setupRequest: (req, ctx) => ({
    ...req,
    path: `/dev/mailbox?to=${encodeURIComponent(ctx.email)}`,
    headers: { ...req.headers, 'x-forwarded-for': ctx.address },
  }),
  onResponse: (status, body, ctx) => {
    expect200(status, body, 'mailbox')
    onText(JSON.parse(body)[0]?.text ?? '', ctx)
  },
})

/** A hidden field of the approval page's form. */
function field(page, name) {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(page)
  if (!value) throw new Error(`the approval page has no ${name}`)
  return value[1]
}

/**
 * The email login loop of one connection, as a new address goes through it (issue 38 L-1): start,
 * the sign-up link from the mailbox, its page, the page's Approve, the device's status (which
 * mails the code), the code from the mailbox, verify.
 */
function loginRequests(logins) {
  return [
    post(
      '/auth/v1/email/start',
      (req, ctx) => {
        ctx.begun = performance.now()
        ctx.address = nextAddress()
        ctx.email = `load-${ctx.address}-${randomBytes(3).toString('hex')}@bench.test`
        ctx.deviceId = randomBytes(16).toString('hex')
        const { body, ...headers } = json({ projectId: 'demo', email: ctx.email, deviceId: ctx.deviceId })
        return { ...req, headers: { ...req.headers, ...headers, 'x-forwarded-for': ctx.address }, body }
      },
      (status, body, ctx) => {
        expect200(status, body, 'email start')
        ctx.attemptId = JSON.parse(body).attemptId
      },
    ),
    mailbox((text, ctx) => {
      const link = /\/auth\/v1\/device\/approve\?token=[0-9a-f]+/.exec(text)
      if (!link) throw new Error(`no sign-up link in the mailbox for ${ctx.email}`)
      ctx.link = link[0]
    }),
    {
      method: 'GET',
      setupRequest: (req, ctx) => ({ ...req, path: ctx.link, headers: { ...req.headers, 'x-forwarded-for': ctx.address } }),
      onResponse: (status, body, ctx, headers) => {
        expect200(status, body, 'approval page')
        const cookie = [headers['set-cookie'] ?? headers['Set-Cookie']].flat()[0]
        if (!cookie) throw new Error('the approval page set no cookie')
        ctx.cookie = cookie.split(';')[0]
        ctx.form = new URLSearchParams({
          token: field(body, 'token'),
          nonce: field(body, 'nonce'),
          pageToken: field(body, 'pageToken'),
          decision: 'approve',
        }).toString()
      },
    },
    post(
      '/auth/v1/device/approve',
      (req, ctx) => ({
        ...req,
        headers: {
          ...req.headers,
          origin: base,
          cookie: ctx.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': ctx.address,
        },
        body: ctx.form,
      }),
      (status, body) => expect200(status, body, 'approve'),
    ),
    post(
      '/auth/v1/device/status',
      (req, ctx) => {
        const { body, ...headers } = json({ projectId: 'demo', attemptId: ctx.attemptId, deviceId: ctx.deviceId })
        return { ...req, headers: { ...req.headers, ...headers, 'x-forwarded-for': ctx.address }, body }
      },
      (status, body) => expect200(status, body, 'device status'),
    ),
    mailbox((text, ctx) => {
      const code = /\b(\d{6})\b/.exec(text)
      if (!code) throw new Error(`no code in the mailbox for ${ctx.email}`)
      ctx.otp = code[1]
    }),
    post(
      '/auth/v1/email/verify',
      (req, ctx) => {
        const { body, ...headers } = json({
          projectId: 'demo',
          attemptId: ctx.attemptId,
          deviceId: ctx.deviceId,
          otp: ctx.otp,
        })
        return { ...req, headers: { ...req.headers, ...headers, 'x-forwarded-for': ctx.address }, body }
      },
      (status, body, ctx) => {
        expect200(status, body, 'email verify')
        logins.push({
          ms: performance.now() - ctx.begun,
          refreshToken: JSON.parse(body).refreshToken,
          deviceId: ctx.deviceId,
          address: ctx.address,
        })
      },
    ),
  ]
}

/** The refresh loop: each request takes a session no other request holds (autocannon starts
 * every loop with a fresh context), rotates its token and gives it back. Reusing a token while
 * its rotation is in flight would end the session's family, as it should. */
function refreshRequests(sessions, refreshed) {
  const free = [...sessions]
  return [
    post(
      '/auth/v1/session/refresh',
      (req, ctx) => {
        ctx.session = free.pop()
        ctx.begun = performance.now()
        const { body, ...headers } = json({
          projectId: 'demo',
          refreshToken: ctx.session.refreshToken,
          deviceId: ctx.session.deviceId,
        })
        return { ...req, headers: { ...req.headers, ...headers, 'x-forwarded-for': ctx.session.address }, body }
      },
      (status, body, ctx) => {
        expect200(status, body, 'session refresh')
        ctx.session.refreshToken = JSON.parse(body).refreshToken
        free.push(ctx.session)
        refreshed.push(performance.now() - ctx.begun)
      },
    ),
  ]
}

/** Runs autocannon for SECONDS over CONNECTIONS connections, failing on the first error. */
function load(requests) {
  return new Promise((done, fail) => {
    const run = autocannon(
      { url: base, connections: CONNECTIONS, duration: SECONDS, requests, bailout: 1 },
      (error, result) => {
        if (error) fail(error)
        else if (result.non2xx || result.errors) fail(new Error(`${result.non2xx} non-2xx, ${result.errors} errors`))
        else done(result)
      },
    )
    run.on('reqError', fail)
  })
}

const percentile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const fmt = (n, digits = 1) => n.toFixed(digits).padStart(7)
const mark = (ok) => (ok ? 'ok  ' : 'MISS')
/** `value` under `key` of this run, printed with the previous run's. */
const was = (key, value, digits = 1) => {
  thisRun[key] = value
  const before = lastRun[key]
  return `(was ${before === undefined ? '   -' : before.toFixed(digits)})`
}

async function benchBackend(label, databaseUrl) {
  const { stop, pid } = await startFrameHost(databaseUrl)
  try {
    const logins = []
    const started = performance.now()
    const cpuBefore = cpuSeconds(pid)
    const login = await load(loginRequests(logins))
    const seconds = (performance.now() - started) / 1000
    const cpuLogin = cpuShare(cpuBefore, cpuSeconds(pid), seconds)
    const rate = logins.length / seconds
    const p99 = login.latency.p99
    const times = logins.map((l) => l.ms)
    const key = label.toLowerCase()
    console.log(`\n  ${label}`)
    console.log(
      `    email login   ${fmt(rate, 0)} logins/s ${was(`${key}.logins`, rate, 0)} (target ≥ ${TARGET.loginsPerSecond}) ${mark(rate >= TARGET.loginsPerSecond)}` +
        `   request p50 ${fmt(login.latency.p50)} ms  p99 ${fmt(p99)} ms ${was(`${key}.loginP99`, p99)} (target ≤ ${TARGET.p99}) ${mark(p99 <= TARGET.p99)}` +
        `   login p50 ${fmt(percentile(times, 0.5))} ms  p99 ${fmt(percentile(times, 0.99))} ms`,
    )
    console.log(`                  ${cpuLogin}`)
    const refreshed = []
    const refreshCpu = cpuSeconds(pid)
    const refresh = await load(refreshRequests(logins.slice(0, 2 * CONNECTIONS), refreshed))
    const cpuRefresh = cpuShare(refreshCpu, cpuSeconds(pid), SECONDS)
    const refreshRate = refreshed.length / SECONDS
    const refreshP99 = refresh.latency.p99
    console.log(
      `    refresh       ${fmt(refreshRate, 0)} refreshes/s ${was(`${key}.refreshes`, refreshRate, 0)}` +
        `   request p50 ${fmt(refresh.latency.p50)} ms  p99 ${fmt(refreshP99)} ms ${was(`${key}.refreshP99`, refreshP99)} (target ≤ ${TARGET.p99}) ${mark(refreshP99 <= TARGET.p99)}`,
    )
    console.log(`                  ${cpuRefresh}`)
  } finally {
    await stop()
  }
}

console.log(`\n  frame-host login path, ${PROFILE} build, ${CONNECTIONS} connections, ${SECONDS} s per run`)
// Other work on the machine skews every figure: say how busy it was.
console.log(`  load average before the run: ${loadavg()[0].toFixed(2)}`)
try {
  if (backends.includes('sqlite')) await benchBackend('SQLite')
  if (backends.includes('postgres')) {
    const pg = postgresDatabase()
    try {
      await benchBackend('PostgreSQL', pg.url)
    } finally {
      pg.drop()
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
if (!smoke) writeFileSync(lastRunFile, `${JSON.stringify({ ...lastRun, ...thisRun }, null, 2)}\n`)
