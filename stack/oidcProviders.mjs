// The six social providers of the local identity provider (oidc.mjs): each one's scopes, how
// frame-host authenticates at its token endpoint, and, for the four that are not OpenID
// providers, the user-info routes in the shape the real provider answers. Subjects look like
// the real ones (digits of a given length, Apple's dotted form) and are derived from the
// username, so the same username is the same account at every login.
import { createHash } from 'node:crypto'

/** @typedef {{ sub: string, username: string, name: string, email?: string, emailVerified: boolean }} Account */

/**
 * @typedef {object} ProviderSpec
 * @property {boolean} oidc whether frame-host reads the identity from an ID token (discovery)
 * @property {string[]} scopes the scopes frame-host asks for (and this provider offers)
 * @property {'client_secret_basic' | 'client_secret_post'} tokenAuth
 * @property {(username: string) => string} subject
 * @property {Record<string, (account: Account, url: URL) => unknown>} [userInfo] GET routes
 *   (path under the provider's prefix) answering for the access token's account
 */

/** Decimal digits derived from `provider` and `username`: `length` of them, no leading zero. */
function digits(provider, username, length) {
  let out = ''
  for (let round = 0; out.length < length; round++) {
    const hash = createHash('sha256').update(`${provider}:${username}:${round}`).digest()
    for (const byte of hash) if (byte < 250) out += String(byte % 10)
  }
  return `${(Number(out[0]) % 9) + 1}${out.slice(1, length)}`
}

/** @type {Record<string, ProviderSpec>} */
export const PROVIDERS = {
  google: {
    oidc: true,
    scopes: ['openid', 'email', 'profile'],
    tokenAuth: 'client_secret_post',
    subject: (u) => digits('google', u, 21),
  },
  apple: {
    oidc: true,
    scopes: ['openid', 'email', 'name'],
    tokenAuth: 'client_secret_post',
    subject: (u) => {
      const hex = createHash('sha256').update(`apple:${u}`).digest('hex').slice(0, 32)
      return `${digits('apple', u, 6).padStart(6, '0')}.${hex}.${digits('apple-tail', u, 4)}`
    },
  },
  github: {
    oidc: false,
    scopes: ['read:user', 'user:email'],
    tokenAuth: 'client_secret_post',
    subject: (u) => digits('github', u, 8),
    userInfo: {
      // https://docs.github.com/en/rest/users/users#get-the-authenticated-user
      '/user': (a) => ({
        login: a.username,
        id: Number(a.sub),
        node_id: `U_${Buffer.from(a.sub).toString('base64url')}`,
        type: 'User',
        name: a.name,
        // The public email: GitHub shows it only when the user made it public.
        email: null,
      }),
      // https://docs.github.com/en/rest/users/emails#list-email-addresses-for-the-authenticated-user
      '/user/emails': (a) =>
        a.email ? [{ email: a.email, primary: true, verified: a.emailVerified, visibility: 'private' }] : [],
    },
  },
  discord: {
    oidc: false,
    scopes: ['identify', 'email'],
    tokenAuth: 'client_secret_post',
    subject: (u) => digits('discord', u, 18),
    userInfo: {
      // https://discord.com/developers/docs/resources/user#get-current-user
      '/users/@me': (a) => ({
        id: a.sub,
        username: a.username,
        discriminator: '0',
        global_name: a.name,
        avatar: null,
        verified: a.emailVerified,
        email: a.email ?? null,
        mfa_enabled: false,
      }),
    },
  },
  x: {
    oidc: false,
    scopes: ['users.read', 'tweet.read'],
    tokenAuth: 'client_secret_basic',
    subject: (u) => digits('x', u, 19),
    userInfo: {
      // https://docs.x.com/x-api/users/user-lookup-me: `confirmed_email` only when asked for
      // with user.fields (and only a confirmed address).
      '/2/users/me': (a, url) => {
        const fields = (url.searchParams.get('user.fields') ?? '').split(',')
        const data = { id: a.sub, name: a.name, username: a.username }
        if (fields.includes('confirmed_email') && a.email && a.emailVerified) data.confirmed_email = a.email
        return { data }
      },
    },
  },
  facebook: {
    oidc: false,
    scopes: ['public_profile', 'email'],
    tokenAuth: 'client_secret_post',
    subject: (u) => digits('facebook', u, 16),
    userInfo: {
      // https://developers.facebook.com/docs/graph-api/reference/user: the fields asked for.
      '/me': (a, url) => {
        const fields = (url.searchParams.get('fields') ?? 'id,name').split(',')
        const all = { id: a.sub, name: a.name, email: a.email }
        return Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]]))
      },
    },
  },
}

/** The users the login page offers with one click (any other can be typed). */
export const PRESET_USERS = [
  { username: 'ada', name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
  { username: 'bob', name: 'Bob Unverified', email: 'bob@example.com', emailVerified: false },
  { username: 'carol', name: 'Carol No-Email', emailVerified: false },
]
