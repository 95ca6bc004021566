// The sandbox card on-ramp of `make demo` and the tests: the local stand-in for a provider such as
// Coinbase Onramp, speaking that provider's REST API (v1) to frame-host, with a checkout page of
// its own (its own origin) where a tester "pays" with a test card, after which it really sends
// the bought ETH or devnet token to the buyer's wallet on the devnet. Like a payment processor's
// test mode: the protocol and the chain are real, the money is not.
//
//   node stack/onrampSandbox.mjs [--port 5177] [--devnet http://127.0.0.1:8545] \
//     [--contracts .data/devnet-contracts.json] [--toml FILE]
//
// prints its base URL once listening (port 0 picks a free port); with --toml it writes
// frame-host's `[[onramp_providers]]` entry for it to FILE. In code: `startOnrampSandbox`.
//
// The API (under /onramp, as api.developer.coinbase.com/onramp), each request authorized by a
// CDP-style JWT: EdDSA over the API key made at start (header kid = the key's name; claims sub
// = that name, iss "cdp", nbf/exp at most 5 minutes apart, uri "{METHOD} {host}{path}"; a nonce
// used once):
//   GET  /onramp/v1/buy/options?country&subdivision
//   POST /onramp/v1/buy/quote      { purchase_currency, purchase_network, payment_amount, payment_currency, payment_method, country, subdivision }
//   POST /onramp/v1/token          { addresses: [{ address, blockchains }], assets }
//   GET  /onramp/v1/buy/user/{partnerUserRef}/transactions?page_size&page_key
// The checkout (as pay.coinbase.com): GET /buy/select-asset?sessionToken&…, POST /buy/pay, and
// GET /buy/status/{id}.
//
// Prices are the sandbox's own: ETH 3000 USD, dUSD and dUSDT 1 USD, DEV 2 USD, 1 EUR = 1.08 USD;
// a fee of 1.5% and a network fee of 0.10 USD. Limits: card 10 to 7500, bank account 10 to 25000.
// Purchases are sent from hardhat's account #9 (the sandbox's treasury; the devnet deployer
// stocks it with tokens at start), one at a time.
import { generateKeyPairSync, randomBytes, randomUUID, verify } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { encodeFunctionData, erc20Abi, formatUnits } from 'viem'
import { serialized } from '../devnet/deploy.mjs'
import { checkoutPage, errorPage, SANDBOX_CSS, statusPage } from './onrampSandboxPages.mjs'
import { portsOf, urlsOf } from './ports.mjs'

/** Hardhat's account #9: the sandbox's treasury (unlocked on the node, used by nothing else). */
export const SANDBOX_TREASURY = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
/** The network name the sandbox delivers on. */
export const SANDBOX_NETWORK = 'oriel-devnet'
/** Prices in US cents per whole token. */
const PRICE_CENTS = { ETH: 300_000n, dUSD: 100n, dUSDT: 100n, DEV: 200n }
/** US cents per 100 cents of each fiat currency. */
const FIAT_IN_USD = { USD: 100n, EUR: 108n }
const FEE_BASIS_POINTS = 150n
const NETWORK_FEE_USD_CENTS = 10n
/** Limits in whole units of the fiat. */
const LIMITS = { CARD: ['10', '7500'], ACH_BANK_ACCOUNT: ['10', '25000'] }
/** Tokens the treasury keeps in stock, whole tokens. */
const STOCK = 10_000_000n
const QUOTE_TTL_MS = 10 * 60_000
const SESSION_TTL_MS = 15 * 60_000
const MAX_BODY = 16 * 1024
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** frame-host's `[[onramp_providers]]` entry for a sandbox at `url` with this key. */
export function frameHostOnrampToml({ url, keyName, keySecret }) {
  return [
    '[[onramp_providers]]',
    'id = "sandbox"',
    'name = "Oriel Sandbox"',
    `api_url = "${url}/onramp"`,
    `pay_url = "${url}"`,
    `key_name = "${keyName}"`,
    `key_secret = "${keySecret}"`,
    'namespaces = ["eip155"]',
    'fee_range = "1-2%"',
  ].join('\n')
}

/** JSON-RPC to the devnet. */
async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Sends `tx` from `from` (an unlocked hardhat account) and waits for it to be mined; the hash, or why it failed. */
async function sendAndWait(devnetUrl, from, tx) {
  const hash = await rpc(devnetUrl, 'eth_sendTransaction', [{ from, ...tx }])
  for (let i = 0; i < 300; i++) {
    const receipt = await rpc(devnetUrl, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`transaction ${hash} reverted`)
      return hash
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`transaction ${hash} was not mined within 30 s`)
}

/** Cents (bigint) as `12.34`. */
const cents = (n) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`

/** `text` as cents: digits with at most two fraction digits; `undefined` otherwise. */
function parseCents(text) {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(text ?? '').trim())
  if (!match) return undefined
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/** Reads a request body of at most MAX_BODY bytes; `undefined` when larger. */
function readBody(req) {
  return new Promise((ok, fail) => {
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY) {
        ok(undefined)
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(value))
}

function sendPage(res, status, html) {
  res.writeHead(status, PAGE_HEADERS).end(html)
}

/** The Luhn check of a card number's digits. */
function luhn(digits) {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** Why a test card is refused, or `undefined` when it pays. */
function cardProblem({ card, expiry, cvc }, now = new Date()) {
  const digits = String(card ?? '').replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return 'The card number is not valid.'
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(expiry ?? '').trim())
  const month = match ? Number(match[1]) : 0
  if (!match || month < 1 || month > 12) return 'The expiry must be MM/YY.'
  const endOfMonth = new Date(Date.UTC(2000 + Number(match[2]), month, 1))
  if (endOfMonth <= now) return 'The card has expired.'
  if (!/^\d{3,4}$/.test(String(cvc ?? '').trim())) return 'The CVC must be 3 or 4 digits.'
  if (digits === '4000000000000002') return 'Your card was declined.'
  if (digits !== '4242424242424242') return 'This is a sandbox: pay with the test card 4242 4242 4242 4242.'
  return undefined
}

/**
 * Starts the sandbox on `host:port` for the devnet at `devnetUrl` with its `contracts`
 * (devnet/deploy.mjs), after stocking its treasury with the devnet's tokens.
 * @param {{ port?: number, host?: string, devnetUrl: string, contracts: import('../devnet/deploy.mjs').DevnetContracts }} options
 */
export async function startOnrampSandbox({ port = 0, host = '127.0.0.1', devnetUrl, contracts }) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' })
  const keyName = `organizations/oriel-sandbox/apiKeys/${randomUUID()}`
  const keySecret = Buffer.concat([Buffer.from(jwk.d, 'base64url'), Buffer.from(jwk.x, 'base64url')]).toString('base64')
  const chainId = String(contracts.chainId)
  const network = { name: SANDBOX_NETWORK, display_name: 'Local Devnet', chain_id: chainId }
  const assets = [
    { id: 'eth', name: 'Ether', symbol: 'ETH', decimals: 18, contract: '' },
    ...contracts.tokens
      .filter((t) => PRICE_CENTS[t.symbol] !== undefined)
      .map((t) => ({ id: t.symbol.toLowerCase(), name: t.name, symbol: t.symbol, decimals: t.decimals, contract: t.address, kind: t.kind })),
  ]
  await stock(devnetUrl, contracts)

  /** @type {Map<string, { id: string, asset: object, network: string, total: bigint, currency: string, method: string, fee: bigint, networkFee: bigint, subtotal: bigint, units: bigint, expires: number }>} */
  const quotes = new Map()
  /** @type {Map<string, { addresses: { address: string, blockchains: string[] }[], assets: string[], expires: number }>} */
  const sessions = new Map()
  /** Purchases, oldest first. */
  const purchases = []
  /** JWT nonces seen, with when they may be forgotten. */
  const nonces = new Map()

  const assetOf = (id) => assets.find((a) => a.id === id || a.symbol.toLowerCase() === String(id ?? '').toLowerCase())

  /** A quote of `total` cents of `currency` for `asset` (no id yet). */
  function price(asset, total, currency, method) {
    const fee = (total * FEE_BASIS_POINTS + 5_000n) / 10_000n
    const networkFee = (NETWORK_FEE_USD_CENTS * 100n + FIAT_IN_USD[currency] / 2n) / FIAT_IN_USD[currency]
    const subtotal = total - fee - networkFee
    if (subtotal <= 0n) return undefined
    const usd = (subtotal * FIAT_IN_USD[currency]) / 100n
    const raw = (usd * 10n ** BigInt(asset.decimals)) / PRICE_CENTS[asset.symbol]
    const cut = asset.decimals > 8 ? 10n ** BigInt(asset.decimals - 8) : 1n
    return { asset, network: SANDBOX_NETWORK, total, currency, method, fee, networkFee, subtotal, units: raw - (raw % cut) }
  }

  /** Checks an ask's currency, method and limits; the cents, or an error message. */
  function checkPayment(amount, currency, method) {
    const total = parseCents(amount)
    if (total === undefined) return { error: 'The amount must be a number with at most 2 decimals.' }
    if (!FIAT_IN_USD[currency]) return { error: `The sandbox takes USD or EUR, not ${currency}.` }
    const limits = LIMITS[method]
    if (!limits) return { error: `Unknown payment method ${method}.` }
    const [min, max] = limits.map((l) => BigInt(l) * 100n)
    if (total < min || total > max) return { error: `The amount must be from ${cents(min)} to ${cents(max)} ${currency}.` }
    return { total }
  }

  /** The JWT of an API request, checked; why it is refused, or `undefined`. */
  function authProblem(req, url) {
    const match = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(req.headers.authorization ?? '')
    if (!match) return 'a Bearer JWT is required'
    let header
    let claims
    try {
      header = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'))
      claims = JSON.parse(Buffer.from(match[2], 'base64url').toString('utf8'))
    } catch {
      return 'the JWT is not JSON'
    }
    if (header.alg !== 'EdDSA' || header.kid !== keyName) return 'unknown key or algorithm'
    const signed = verify(null, Buffer.from(`${match[1]}.${match[2]}`), publicKey, Buffer.from(match[3], 'base64url'))
    if (!signed) return 'bad signature'
    const now = Math.floor(Date.now() / 1000)
    if (claims.iss !== 'cdp' || claims.sub !== keyName) return 'wrong issuer or subject'
    if (!(claims.nbf <= now + 30 && claims.exp > now && claims.exp - claims.nbf <= 300)) return 'the JWT is not valid now'
    if (claims.uri !== `${req.method} ${req.headers.host}${url.pathname}`) return 'the JWT is for another request'
    if (typeof header.nonce !== 'string' || nonces.has(header.nonce)) return 'the JWT was used already'
    nonces.set(header.nonce, Date.now() + 600_000)
    for (const [nonce, until] of nonces) if (until < Date.now()) nonces.delete(nonce)
    return undefined
  }

  const wire = (amount, currency) => ({ value: amount, currency })
  const transactionOf = (p) => ({
    transaction_id: p.id,
    status: p.status,
    partner_user_ref: p.partnerUserRef,
    purchase_currency: p.quote.asset.symbol,
    purchase_network: p.quote.network,
    purchase_amount: wire(formatUnits(p.quote.units, p.quote.asset.decimals), p.quote.asset.symbol),
    payment_total: wire(cents(p.quote.total), p.quote.currency),
    payment_subtotal: wire(cents(p.quote.subtotal), p.quote.currency),
    coinbase_fee: wire(cents(p.quote.fee), p.quote.currency),
    network_fee: wire(cents(p.quote.networkFee), p.quote.currency),
    payment_method: p.quote.method,
    wallet_address: p.wallet,
    tx_hash: p.txHash,
    type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND',
    created_at: p.createdAt,
    completed_at: p.completedAt,
  })

  async function api(req, res, url) {
    const problem = authProblem(req, url)
    if (problem) return sendJson(res, 401, { message: `Unauthorized: ${problem}` })
    const path = url.pathname
    if (req.method === 'GET' && path === '/onramp/v1/buy/options') {
      return sendJson(res, 200, {
        payment_currencies: Object.keys(FIAT_IN_USD).map((id) => ({
          id,
          limits: Object.entries(LIMITS).map(([method, [min, max]]) => ({ id: method, min, max })),
        })),
        purchase_currencies: assets.map((a) => ({
          id: a.id,
          name: a.name,
          symbol: a.symbol,
          networks: [{ ...network, contract_address: a.contract }],
        })),
      })
    }
    const text = req.method === 'POST' ? await readBody(req) : ''
    let body = {}
    try {
      body = text ? JSON.parse(text) : {}
    } catch {
      return sendJson(res, 400, { message: 'the body is not JSON' })
    }
    if (req.method === 'POST' && path === '/onramp/v1/buy/quote') {
      const asset = assetOf(body.purchase_currency)
      if (!asset) return sendJson(res, 400, { message: `unknown purchase_currency ${body.purchase_currency}` })
      if (body.purchase_network !== SANDBOX_NETWORK) return sendJson(res, 400, { message: `unknown purchase_network ${body.purchase_network}` })
      const checked = checkPayment(body.payment_amount, body.payment_currency, body.payment_method)
      if (checked.error) return sendJson(res, 400, { message: checked.error })
      const quote = price(asset, checked.total, body.payment_currency, body.payment_method)
      if (!quote) return sendJson(res, 400, { message: 'the amount does not cover the fees' })
      const id = randomUUID()
      quotes.set(id, { ...quote, id, expires: Date.now() + QUOTE_TTL_MS })
      return sendJson(res, 200, {
        payment_total: wire(cents(quote.total), quote.currency),
        payment_subtotal: wire(cents(quote.subtotal), quote.currency),
        purchase_amount: wire(formatUnits(quote.units, asset.decimals), asset.symbol),
        coinbase_fee: wire(cents(quote.fee), quote.currency),
        network_fee: wire(cents(quote.networkFee), quote.currency),
        quote_id: id,
      })
    }
    if (req.method === 'POST' && path === '/onramp/v1/token') {
      const addresses = Array.isArray(body.addresses) ? body.addresses : []
      const fine =
        addresses.length > 0 &&
        addresses.length <= 5 &&
        addresses.every((a) => EVM_ADDRESS.test(a?.address) && Array.isArray(a.blockchains) && a.blockchains.every((b) => b === SANDBOX_NETWORK))
      if (!fine) return sendJson(res, 400, { message: `addresses must be EVM addresses on ${SANDBOX_NETWORK}` })
      const wanted = Array.isArray(body.assets) ? body.assets.map(String) : []
      if (wanted.some((a) => !assetOf(a))) return sendJson(res, 400, { message: 'unknown asset' })
      const token = randomBytes(24).toString('base64url')
      sessions.set(token, { addresses, assets: wanted, expires: Date.now() + SESSION_TTL_MS })
      return sendJson(res, 200, { token, channel_id: '' })
    }
    const history = /^\/onramp\/v1\/buy\/user\/([\w-]{1,64})\/transactions$/.exec(path)
    if (req.method === 'GET' && history) {
      const size = Math.min(Math.max(Number(url.searchParams.get('page_size') ?? 1) || 1, 1), 100)
      const from = Number(url.searchParams.get('page_key') ?? 0) || 0
      const mine = purchases.filter((p) => p.partnerUserRef === history[1]).reverse()
      const page = mine.slice(from, from + size)
      const next = from + size < mine.length ? String(from + size) : ''
      return sendJson(res, 200, { transactions: page.map(transactionOf), next_page_key: next, total_count: String(mine.length) })
    }
    return sendJson(res, 404, { message: 'not found' })
  }

  /** The checkout form's state from a URL's query or a posted form. */
  function checkoutState(params, session, error) {
    const allowed = session.assets.length ? assets.filter((a) => session.assets.some((s) => assetOf(s) === a)) : assets
    const quote = quotes.get(params.get('quoteId') ?? '')
    const asset = assetOf(params.get('asset') ?? params.get('defaultAsset')) ?? quote?.asset ?? allowed[0]
    const currency = (params.get('currency') ?? params.get('fiatCurrency') ?? quote?.currency ?? 'USD').toUpperCase()
    const method = (params.get('method') ?? params.get('defaultPaymentMethod') ?? quote?.method ?? 'CARD').toUpperCase()
    const amount = params.get('amount') ?? params.get('presetFiatAmount') ?? (quote ? cents(quote.total) : '50.00')
    const total = parseCents(amount)
    const shown = quote && quote.asset === asset && quote.total === total && quote.currency === currency && quote.method === method ? quote : undefined
    const fresh = shown ?? (total !== undefined && FIAT_IN_USD[currency] && LIMITS[method] ? price(asset, total, currency, method) : undefined)
    return {
      session: params.get('sessionToken') ?? '',
      quoteId: shown ? shown.id : '',
      partnerUserId: params.get('partnerUserId') ?? '',
      network,
      assets: allowed,
      asset: asset.id,
      wallets: session.addresses.map((a) => a.address),
      wallet: params.get('wallet') ?? session.addresses[0].address,
      amount,
      currency,
      currencies: Object.keys(FIAT_IN_USD),
      method,
      quote: fresh && {
        total: cents(fresh.total),
        fee: cents(fresh.fee),
        networkFee: cents(fresh.networkFee),
        purchase: formatUnits(fresh.units, asset.decimals),
        currency,
        symbol: asset.symbol,
      },
      error,
      card: { number: params.get('card') ?? '', expiry: params.get('expiry') ?? '' },
    }
  }

  /** Sends what `purchase` bought from the treasury and records the outcome. */
  function deliver(purchase) {
    const { asset, units } = purchase.quote
    const tx = asset.contract
      ? { to: asset.contract, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [purchase.wallet, units] }) }
      : { to: purchase.wallet, value: `0x${units.toString(16)}` }
    return serialized(devnetUrl, () => sendAndWait(devnetUrl, SANDBOX_TREASURY, tx)).then(
      (hash) => {
        purchase.txHash = hash
        purchase.status = 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
        purchase.completedAt = new Date().toISOString()
      },
      (error) => {
        console.error('onramp sandbox: delivery failed', error)
        purchase.status = 'ONRAMP_TRANSACTION_STATUS_FAILED'
        purchase.reason = 'The sandbox could not send the crypto.'
        purchase.completedAt = new Date().toISOString()
      },
    )
  }

  async function pay(req, res) {
    const text = await readBody(req)
    if (text === undefined) return sendPage(res, 413, errorPage('The form is too large.'))
    const form = new URLSearchParams(text)
    const token = form.get('sessionToken') ?? ''
    const session = sessions.get(token)
    if (!session || session.expires < Date.now()) return sendPage(res, 400, errorPage('This checkout has expired or was already used: start again from the app.'))
    const again = (error) => sendPage(res, 400, checkoutPage(checkoutState(form, session, error)))
    const asset = assetOf(form.get('asset'))
    if (!asset || (session.assets.length && !session.assets.some((s) => assetOf(s) === asset))) return again('Pick one of the assets offered.')
    const wallet = form.get('wallet') ?? ''
    if (!session.addresses.some((a) => a.address === wallet)) return again('Pick one of the wallets offered.')
    const currency = (form.get('currency') ?? '').toUpperCase()
    const method = (form.get('method') ?? '').toUpperCase()
    const checked = checkPayment(form.get('amount'), currency, method)
    if (checked.error) return again(checked.error)
    if (method === 'CARD') {
      const problem = cardProblem({ card: form.get('card'), expiry: form.get('expiry'), cvc: form.get('cvc') })
      if (problem) return again(problem)
    }
    const quoted = quotes.get(form.get('quoteId') ?? '')
    const honoured = quoted && quoted.expires > Date.now() && quoted.asset === asset && quoted.total === checked.total && quoted.currency === currency && quoted.method === method
    const quote = honoured ? quoted : price(asset, checked.total, currency, method)
    if (!quote) return again('The amount does not cover the fees.')
    sessions.delete(token)
    const purchase = {
      id: randomUUID(),
      status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      partnerUserRef: form.get('partnerUserId') ?? '',
      quote,
      wallet,
      txHash: '',
      createdAt: new Date().toISOString(),
      completedAt: '0001-01-01T00:00:00Z',
    }
    purchases.push(purchase)
    void deliver(purchase)
    res.writeHead(303, { location: `/buy/status/${purchase.id}`, 'cache-control': 'no-store' }).end()
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`)
    if (url.pathname.startsWith('/onramp/')) return api(req, res, url)
    if (req.method === 'GET' && url.pathname === '/buy/sandbox.css') {
      return res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' }).end(SANDBOX_CSS)
    }
    if (req.method === 'GET' && url.pathname === '/buy/select-asset') {
      const session = sessions.get(url.searchParams.get('sessionToken') ?? '')
      if (!session || session.expires < Date.now()) return sendPage(res, 400, errorPage('This checkout has expired or was already used: start again from the app.'))
      return sendPage(res, 200, checkoutPage(checkoutState(url.searchParams, session)))
    }
    if (req.method === 'POST' && url.pathname === '/buy/pay') return pay(req, res)
    const status = /^\/buy\/status\/([0-9a-f-]{36})$/.exec(url.pathname)
    const purchase = status && purchases.find((p) => p.id === status[1])
    if (req.method === 'GET' && purchase) {
      return sendPage(
        res,
        200,
        statusPage({
          status: purchase.status,
          purchase: formatUnits(purchase.quote.units, purchase.quote.asset.decimals),
          symbol: purchase.quote.asset.symbol,
          total: cents(purchase.quote.total),
          currency: purchase.quote.currency,
          wallet: purchase.wallet,
          network: network.display_name,
          txHash: purchase.txHash,
          reason: purchase.reason,
        }),
      )
    }
    if (req.method === 'GET' && url.pathname === '/') return sendPage(res, 200, errorPage('Oriel Sandbox: open a checkout from the app.'))
    return sendPage(res, 404, errorPage('Not found.'))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('onramp sandbox:', error)
      if (!res.headersSent) sendJson(res, 500, { message: 'the sandbox failed: see its log' })
      else res.end()
    })
  })
  await new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, ok)
  })
  const address = server.address()
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
  return {
    url,
    keyName,
    keySecret,
    toml: frameHostOnrampToml({ url, keyName, keySecret }),
    stop: () => new Promise((done) => server.close(() => done())),
  }
}

/** Gives the treasury STOCK of each devnet token from the deployer when it has less. */
function stock(devnetUrl, contracts) {
  return serialized(devnetUrl, async () => {
    for (const token of contracts.tokens) {
      const want = STOCK * 10n ** BigInt(token.decimals)
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [SANDBOX_TREASURY] })
      const have = BigInt(await rpc(devnetUrl, 'eth_call', [{ to: token.address, data }, 'latest']))
      if (have >= want) continue
      const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SANDBOX_TREASURY, want - have] })
      await sendAndWait(devnetUrl, contracts.deployer, { to: token.address, data: transfer })
    }
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (flag) => process.argv.flatMap((v, i) => (process.argv[i - 1] === flag ? [v] : []))[0]
  const demo = portsOf('demo')
  const devnetUrl = arg('--devnet') ?? urlsOf(demo).devnet
  const contracts = JSON.parse(readFileSync(arg('--contracts') ?? '.data/devnet-contracts.json', 'utf8'))
  const sandbox = await startOnrampSandbox({ port: Number(arg('--port') ?? demo.onramp), devnetUrl, contracts })
  const toml = arg('--toml')
  if (toml) writeFileSync(toml, `${sandbox.toml}\n`)
  console.log(sandbox.url)
  const stop = () => sandbox.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
