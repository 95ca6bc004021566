// A local identity provider for social login in `make demo` and the tests: the real
// `oidc-provider` package, one OAuth 2.0 / OpenID provider per social provider (google, apple,
// github, discord, x, facebook), each under its own path with its own issuer, client, keys
// and cookies. Google and Apple are OpenID providers (discovery, ID tokens); the other four
// are used as plain OAuth 2.0 servers, with user-info routes in the shape the real provider
// answers (GitHub's /user and /user/emails, Discord's /users/@me, X's /2/users/me,
// Facebook's /me?fields=…), authorized by the access token. Its page lets a tester pick or
// type a user, or deny access.
//
//   node stack/oidc.mjs [--port 8700] [--frame-host http://127.0.0.1:8787] [--toml FILE]
//
// prints its base URL once listening (port 0 picks a free port); with --toml it first writes
// frame-host's `[social.*]` tables for it to FILE. In code: `startOidcProvider` and
// `frameHostSocialToml(baseUrl)`. Clients are `oriel-{provider}` with the secret
// `oriel-{provider}-secret`; redirect URIs `{frameHost}/auth/v1/social/callback/{provider}`.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import Provider from 'oidc-provider'
import { escapeHtml, loginPage } from './oidcPages.mjs'
import { PROVIDERS } from './oidcProviders.mjs'
import { portsOf, urlsOf } from './ports.mjs'

/** The largest login form accepted, bytes. */
const MAX_FORM_BYTES = 8192
const USERNAME = /^[A-Za-z0-9_.-]{1,39}$/
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[A-Za-z]{2,}$/

/** The client id and secret of `name` at the local provider. */
export function clientOf(name) {
  return { clientId: `oriel-${name}`, clientSecret: `oriel-${name}-secret` }
}

/**
 * frame-host's `[social.*]` tables for a local provider at `baseUrl`: discovery for the OpenID
 * providers, the endpoints for the others.
 */
export function frameHostSocialToml(baseUrl) {
  return Object.entries(PROVIDERS)
    .map(([name, spec]) => {
      const { clientId, clientSecret } = clientOf(name)
      const base = `${baseUrl}/${name}`
      const lines = [`[social.${name}]`, `client_id = "${clientId}"`, `client_secret = "${clientSecret}"`]
      if (spec.oidc) {
        lines.push(`discovery_url = "${base}/.well-known/openid-configuration"`)
      } else {
        lines.push(`authorization_url = "${base}/auth"`, `token_url = "${base}/token"`)
        const info = Object.keys(spec.userInfo ?? {})
        lines.push(`userinfo_url = "${base}${userInfoUrl(name, info[0])}"`)
        if (name === 'github') lines.push(`emails_url = "${base}/user/emails"`)
      }
      return lines.join('\n')
    })
    .join('\n\n')
}

/** The user-info URL frame-host is configured with (the fields each provider is asked for). */
function userInfoUrl(name, path) {
  if (name === 'x') return `${path}?user.fields=confirmed_email`
  if (name === 'facebook') return `${path}?fields=id,name,email`
  return path
}

/** Reads a request body of at most `limit` bytes; `undefined` when larger. */
function readBody(req, limit) {
  return new Promise((ok, fail) => {
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > limit) {
        ok(undefined)
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body)
}

function sendJson(res, status, value) {
  send(res, status, 'application/json', JSON.stringify(value))
}

/** One provider: its oidc-provider instance, accounts (by subject) and route prefix. */
function makeProvider(name, spec, baseUrl, frameHosts) {
  /** @type {Map<string, import('./oidcProviders.mjs').Account>} */
  const accounts = new Map()
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `${name}-${randomBytes(4).toString('hex')}`, use: 'sig' }
  const { clientId, clientSecret } = clientOf(name)
  const oidc = new Provider(`${baseUrl}/${name}`, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: frameHosts.map((host) => `${host}/auth/v1/social/callback/${name}`),
        token_endpoint_auth_method: spec.tokenAuth,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      names: { session: `${name}_session`, interaction: `${name}_interaction`, resume: `${name}_resume` },
    },
    scopes: [...new Set(['openid', ...spec.scopes])],
    claims: {
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      name: ['name'],
    },
    // Google's and Apple's ID tokens carry the email and name themselves.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Like X, insist on PKCE: frame-host always sends it.
    pkce: { required: () => true },
    // Ask every time, so a tester can pick another user or deny: only the grant this sign-in
    // just made counts.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined
    },
    interactions: { url: async (_ctx, interaction) => `/${name}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: account.name,
          preferred_username: account.username,
          ...(account.email
            ? {
                email: account.email,
                // Apple writes the flag as a string.
                email_verified: name === 'apple' ? String(account.emailVerified) : account.emailVerified,
              }
            : {}),
        }),
      }
    },
  })
  oidc.on('server_error', (_ctx, error) => console.error(`oidc ${name}:`, error))

  /** The sign-in page and its form. */
  async function interaction(req, res, rest) {
    const [, , uid, step] = rest.split('/')
    const details = await oidc.interactionDetails(req, res).catch(() => undefined)
    if (!details || details.uid !== uid) {
      return send(res, 400, 'text/plain', 'This sign-in has expired or is finished: start again in the app.')
    }
    if (req.method === 'GET' && !step) {
      return send(res, 200, 'text/html; charset=utf-8', loginPage({ name, uid, clientId: details.params.client_id }))
    }
    if (req.method !== 'POST' || step !== 'login') return send(res, 404, 'text/plain', 'not found')
    const text = await readBody(req, MAX_FORM_BYTES)
    if (text === undefined) return send(res, 413, 'text/plain', 'The form is too large.')
    const form = new URLSearchParams(text)
    if (form.get('action') === 'deny') {
      return oidc.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User denied access' })
    }
    const username = (form.get('username') ?? '').trim()
    const email = (form.get('email') ?? '').trim().toLowerCase()
    const refuse = (error) =>
      send(res, 400, 'text/html; charset=utf-8', loginPage({ name, uid, clientId: details.params.client_id, error }))
    if (!USERNAME.test(username)) return refuse('A username is 1 to 39 letters, digits, dots, dashes or underscores.')
    if (email && !EMAIL.test(email)) return refuse(`${email} is not an email address.`)
    const sub = spec.subject(username)
    accounts.set(sub, {
      sub,
      username,
      name: (form.get('name') ?? '').trim().slice(0, 100) || username,
      email: email || undefined,
      emailVerified: Boolean(email) && form.get('email_verified') === 'on',
    })
    const grant = new oidc.Grant({ accountId: sub, clientId: details.params.client_id })
    grant.addOIDCScope(String(details.params.scope ?? ''))
    const grantId = await grant.save()
    return oidc.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } })
  }

  /** A user-info route: the access token's account in the provider's shape. */
  async function userInfo(req, res, url, answer) {
    const auth = req.headers.authorization ?? ''
    const token = /^Bearer (\S+)$/i.exec(auth)?.[1]
    const found = token ? await oidc.AccessToken.find(token) : undefined
    const account = found ? accounts.get(found.accountId) : undefined
    if (!account) return sendJson(res, 401, { message: 'Bad credentials' })
    return sendJson(res, 200, answer(account, url))
  }

  const callback = oidc.callback()
  return async (req, res, url, rest) => {
    if (rest.startsWith('/interaction/')) return interaction(req, res, rest)
    const route = spec.userInfo?.[rest]
    if (route && req.method === 'GET') return userInfo(req, res, url, route)
    // oidc-provider sees the path below the prefix and builds its URLs from originalUrl.
    req.originalUrl = req.url
    req.url = req.url.slice(name.length + 1) || '/'
    return callback(req, res)
  }
}

/**
 * Starts the provider on `host:port` (port 0 picks a free one) for frame-hosts at
 * `frameHosts` (their callbacks are the registered redirect URIs).
 *
 * @param {{ port?: number, host?: string, frameHosts: string[] }} options
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void> }>}
 */
export async function startOidcProvider({ port = 0, host = '127.0.0.1', frameHosts }) {
  const server = createServer()
  await new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, ok)
  })
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port
  const url = `http://${host}:${actualPort}`
  const handlers = new Map(
    Object.entries(PROVIDERS).map(([name, spec]) => [name, makeProvider(name, spec, url, frameHosts)]),
  )
  server.on('request', async (req, res) => {
    try {
      const parsed = new URL(req.url ?? '/', url)
      const [, name = ''] = parsed.pathname.split('/')
      const handler = handlers.get(name)
      if (!handler) {
        const links = [...handlers.keys()].map((n) => `<li><a href="/${n}/.well-known/openid-configuration">${escapeHtml(n)}</a></li>`)
        return send(res, parsed.pathname === '/' ? 200 : 404, 'text/html; charset=utf-8', `<!doctype html><title>Local identity provider</title><h1>Local identity provider</h1><ul>${links.join('')}</ul>`)
      }
      await handler(req, res, parsed, parsed.pathname.slice(name.length + 1))
    } catch (error) {
      console.error('oidc:', error)
      if (!res.headersSent) send(res, 500, 'text/plain', 'The local identity provider failed: see its log.')
      else res.end()
    }
  })
  return {
    url,
    port: actualPort,
    stop: () => new Promise((done) => server.close(() => done())),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const DEMO_PORTS = portsOf('demo')
  const arg = (flag) => {
    const values = process.argv.flatMap((v, i) => (process.argv[i - 1] === flag ? [v] : []))
    return values
  }
  const port = Number(arg('--port')[0] ?? DEMO_PORTS.oidc)
  const frameHosts = arg('--frame-host')
  if (!frameHosts.length) frameHosts.push(urlsOf(DEMO_PORTS).frameHost)
  const provider = await startOidcProvider({ port, frameHosts })
  const toml = arg('--toml')[0]
  if (toml) writeFileSync(toml, `${frameHostSocialToml(provider.url)}\n`)
  console.log(provider.url)
  const stop = () => provider.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
