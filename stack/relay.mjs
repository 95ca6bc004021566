// A loopback WalletConnect v2 relay for the browser tests and `make demo`: a WebSocket server
// that speaks the relay's JSON-RPC well enough for WalletConnect's own client libraries
// (@walletconnect/core 2.25). It keeps each topic's messages until their TTL runs out, delivers
// them to every other client subscribed to the topic (at once, or when it subscribes later) and
// forgets a message for a client once that client acknowledged it. The client's auth JWT is
// read for its issuer (the client id) and never checked: this relay is for a test machine.
//
// Methods: irn_subscribe, irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe,
// irn_publish, irn_batchPublish, irn_batchFetchMessages, and the two the sign client publishes
// pairing traffic with: wc_proposeSession (subscribes the dapp to the pairing topic and
// publishes the proposal there) and wc_approveSession (subscribes the wallet to the session
// topic, publishes the proposal response on the pairing topic and the settlement on the
// session topic). Messages reach clients as irn_subscription requests.
//
//   node stack/relay.mjs [--port 8600]     (prints its ws:// URL; Ctrl-C stops)
import { createHash, randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { WebSocketServer } from 'ws'
import { portsOf } from './ports.mjs'

/** Default time to live of a published message when the client gives none (seconds). */
const DEFAULT_TTL_S = 300
/** Relay ping interval: Node clients drop a socket that has not been pinged for 35 s. */
const PING_INTERVAL_MS = 10_000
/** JSON-RPC error codes. */
const INVALID_PARAMS = -32602
const METHOD_NOT_FOUND = -32601
const PARSE_ERROR = -32700

/**
 * Starts the relay on `host:port` (port 0 picks a free one).
 *
 * @param {{ port?: number, host?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void>, stats(): { clients: number, topics: number, messages: number } }>}
 */
export async function startRelay({ port = 0, host = '127.0.0.1', log = () => {} } = {}) {
  /** @type {Map<string, Set<Client>>} */
  const subscribers = new Map()
  /** @type {Map<string, StoredMessage[]>} */
  const messages = new Map()
  let nextRpcId = Date.now() * 1000

  const server = new WebSocketServer({ host, port })
  await new Promise((ok, fail) => {
    server.once('listening', ok)
    server.once('error', fail)
  })
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port

  const pinger = setInterval(() => {
    for (const socket of server.clients) socket.ping()
  }, PING_INTERVAL_MS)

  /** Drops expired messages of `topic` and returns the live ones. */
  const live = (topic) => {
    const now = Date.now()
    const kept = (messages.get(topic) ?? []).filter((m) => m.expiresAt > now)
    if (kept.length) messages.set(topic, kept)
    else messages.delete(topic)
    return kept
  }

  /** Sends `message` to `client` unless it published it or already acknowledged it. */
  const deliver = (client, message) => {
    if (message.from === client.id || message.acked.has(client.id)) return
    const id = nextRpcId++
    client.awaitingAck.set(id, message)
    client.send({
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId(message.topic, client.id),
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          ...(message.attestation !== undefined ? { attestation: message.attestation } : {}),
        },
      },
    })
  }

  const publish = (from, { topic, message, ttl, tag, attestation }) => {
    const now = Date.now()
    const stored = {
      topic,
      message,
      tag: Number.isInteger(tag) ? tag : 0,
      // Passed on as given: an empty attestation tells the wallet there is nothing to verify.
      attestation: typeof attestation === 'string' ? attestation : undefined,
      publishedAt: now,
      expiresAt: now + (Number(ttl) > 0 ? Number(ttl) : DEFAULT_TTL_S) * 1000,
      from: from.id,
      acked: new Set(),
    }
    live(topic)
    messages.set(topic, [...(messages.get(topic) ?? []), stored])
    for (const client of subscribers.get(topic) ?? []) deliver(client, stored)
  }

  const subscribe = (client, topic) => {
    let set = subscribers.get(topic)
    if (!set) subscribers.set(topic, (set = new Set()))
    set.add(client)
    client.topics.add(topic)
    // Deliver after the subscribe answer, as a relay's mailbox does.
    queueMicrotask(() => {
      for (const message of live(topic)) deliver(client, message)
    })
    return subscriptionId(topic, client.id)
  }

  const unsubscribe = (client, topic) => {
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set && set.size === 0) subscribers.delete(topic)
    client.topics.delete(topic)
  }

  /** Answers one request; throws `RpcError` for bad input. */
  const handle = (client, method, params) => {
    switch (method) {
      case 'irn_subscribe':
        return subscribe(client, topicParam(params?.topic))
      case 'irn_batchSubscribe':
        return topicsParam(params?.topics).map((topic) => subscribe(client, topic))
      case 'irn_unsubscribe':
        unsubscribe(client, topicParam(params?.topic))
        return true
      case 'irn_batchUnsubscribe':
        for (const sub of Array.isArray(params?.subscriptions) ? params.subscriptions : []) {
          unsubscribe(client, topicParam(sub?.topic))
        }
        return true
      case 'irn_publish':
        publish(client, { ...params, topic: topicParam(params?.topic), message: messageParam(params?.message) })
        return true
      case 'irn_batchPublish':
        for (const m of Array.isArray(params?.messages) ? params.messages : []) {
          publish(client, { ...m, topic: topicParam(m?.topic), message: messageParam(m?.message) })
        }
        return true
      case 'irn_batchFetchMessages': {
        const fetched = []
        for (const topic of topicsParam(params?.topics)) {
          for (const m of live(topic)) {
            if (m.from === client.id || m.acked.has(client.id)) continue
            m.acked.add(client.id)
            fetched.push({ topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, attestation: m.attestation })
          }
        }
        return { messages: fetched, hasMore: false }
      }
      case 'wc_proposeSession': {
        const pairingTopic = topicParam(params?.pairingTopic)
        subscribe(client, pairingTopic)
        publish(client, { ...params, topic: pairingTopic, message: messageParam(params?.sessionProposal) })
        return true
      }
      case 'wc_approveSession': {
        const sessionTopic = topicParam(params?.sessionTopic)
        const pairingTopic = topicParam(params?.pairingTopic)
        subscribe(client, sessionTopic)
        publish(client, { ...params, topic: pairingTopic, message: messageParam(params?.sessionProposalResponse) })
        publish(client, { ...params, topic: sessionTopic, message: messageParam(params?.sessionSettlementRequest) })
        return true
      }
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${String(method)}`)
    }
  }

  server.on('connection', (socket, request) => {
    const client = new Client(socket, clientIdFrom(request.url))
    log(`relay: client ${client.id} connected`)
    socket.on('message', (data) => {
      let payload
      try {
        payload = JSON.parse(String(data))
      } catch {
        client.send({ id: null, jsonrpc: '2.0', error: { code: PARSE_ERROR, message: 'Parse error' } })
        return
      }
      // A response: the client acknowledging an irn_subscription.
      if (payload && typeof payload === 'object' && !('method' in payload)) {
        const acked = client.awaitingAck.get(payload.id)
        client.awaitingAck.delete(payload.id)
        if (acked && payload.result === true) acked.acked.add(client.id)
        return
      }
      const { id, method, params } = payload ?? {}
      try {
        client.send({ id, jsonrpc: '2.0', result: handle(client, method, params) })
      } catch (error) {
        const rpc = error instanceof RpcError ? error : new RpcError(INVALID_PARAMS, String(error?.message ?? error))
        client.send({ id, jsonrpc: '2.0', error: { code: rpc.code, message: rpc.message } })
      }
    })
    socket.on('close', () => {
      for (const topic of [...client.topics]) unsubscribe(client, topic)
      log(`relay: client ${client.id} left`)
    })
    socket.on('error', () => socket.terminate())
  })

  return {
    url: `ws://${host}:${actualPort}`,
    port: actualPort,
    stats: () => ({
      clients: server.clients.size,
      topics: subscribers.size,
      messages: [...messages.keys()].reduce((n, topic) => n + live(topic).length, 0),
    }),
    stop: () =>
      new Promise((done) => {
        clearInterval(pinger)
        for (const socket of server.clients) socket.terminate()
        server.close(() => done())
      }),
  }
}

class RpcError extends Error {
  constructor(code, message) {
    super(message)
    this.code = code
  }
}

/** @typedef {{ topic: string, message: string, tag: number, attestation?: string, publishedAt: number, expiresAt: number, from: string, acked: Set<string> }} StoredMessage */

class Client {
  constructor(socket, id) {
    this.socket = socket
    this.id = id
    /** @type {Set<string>} */
    this.topics = new Set()
    /** @type {Map<number, StoredMessage>} */
    this.awaitingAck = new Map()
  }
  send(payload) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(payload))
  }
}

/** The issuer (`did:key:…`) of the `auth` JWT in the connection URL; a random id without one. */
function clientIdFrom(url) {
  try {
    const auth = new URL(url ?? '/', 'ws://relay').searchParams.get('auth') ?? ''
    const payload = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8'))
    if (typeof payload.iss === 'string' && payload.iss) return payload.iss
  } catch {
    // no readable token: an anonymous client
  }
  return `anonymous:${randomUUID()}`
}

function subscriptionId(topic, clientId) {
  return createHash('sha256').update(`${topic}${clientId}`).digest('hex')
}

function topicParam(topic) {
  if (typeof topic !== 'string' || !/^[0-9a-f]{64}$/u.test(topic)) {
    throw new RpcError(INVALID_PARAMS, `Invalid topic: ${String(topic)}`)
  }
  return topic
}

function topicsParam(topics) {
  if (!Array.isArray(topics)) throw new RpcError(INVALID_PARAMS, 'Invalid topics: expected an array')
  return topics.map(topicParam)
}

function messageParam(message) {
  if (typeof message !== 'string' || message.length === 0) throw new RpcError(INVALID_PARAMS, 'Invalid message')
  return message
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const index = process.argv.indexOf('--port')
  const port = index > 0 ? Number(process.argv[index + 1]) : portsOf('demo').relay
  const relay = await startRelay({ port, log: (line) => console.log(line) })
  console.log(`WalletConnect relay listening on ${relay.url}`)
  const stop = () => relay.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
