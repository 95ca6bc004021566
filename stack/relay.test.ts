// The loopback relay on its own, with a bare WebSocket client speaking its JSON-RPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startRelay, type Relay } from './relay.mjs'

const TOPIC_A = 'a'.repeat(64)
const TOPIC_B = 'b'.repeat(64)

type Payload = { id?: number; method?: string; params?: { data: unknown }; result?: unknown; error?: { code: number; message: string } }

/** A client with a fake auth JWT whose issuer is `iss`. */
async function connect(relay: Relay, iss: string) {
  const token = `e30.${Buffer.from(JSON.stringify({ iss })).toString('base64url')}.sig`
  const socket = new WebSocket(`${relay.url}/?auth=${token}&projectId=test`)
  await new Promise((ok, fail) => socket.once('open', ok).once('error', fail))
  const inbox: Payload[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    inbox.push(JSON.parse(String(data)))
    for (const wake of waiters.splice(0)) wake()
  })
  let nextId = 1
  const next = async (match: (p: Payload) => boolean, timeoutMs = 2_000): Promise<Payload> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = inbox.findIndex(match)
      if (index >= 0) return inbox.splice(index, 1)[0]!
      if (Date.now() > deadline) throw new Error('no matching message')
      await new Promise<void>((wake) => {
        waiters.push(wake)
        setTimeout(wake, 50)
      })
    }
  }
  return {
    socket,
    inbox,
    async call(method: string, params: unknown) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return next((p) => p.id === id && !p.method)
    },
    /** The next irn_subscription delivered; acknowledged unless `ack` is false. */
    async delivery({ ack = true, timeoutMs = 2_000 } = {}) {
      const message = await next((p) => p.method === 'irn_subscription', timeoutMs)
      if (ack) socket.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result: true }))
      return message.params!.data as { topic: string; message: string; tag: number }
    },
    close: () => socket.close(),
  }
}

describe('loopback WalletConnect relay', () => {
  let relay: Relay
  beforeAll(async () => {
    relay = await startRelay()
  })
  afterAll(() => relay.stop())

  it('delivers a publish to the other subscribers, not back to the publisher', async () => {
    const alice = await connect(relay, 'did:key:alice')
    const bob = await connect(relay, 'did:key:bob')
    expect((await bob.call('irn_subscribe', { topic: TOPIC_A })).result).toMatch(/^[0-9a-f]{64}$/)
    expect((await alice.call('irn_subscribe', { topic: TOPIC_A })).result).toMatch(/^[0-9a-f]{64}$/)
    expect((await alice.call('irn_publish', { topic: TOPIC_A, message: 'hello', ttl: 300, tag: 1100 })).result).toBe(true)
    expect(await bob.delivery()).toMatchObject({ topic: TOPIC_A, message: 'hello', tag: 1100 })
    await new Promise((r) => setTimeout(r, 100))
    expect(alice.inbox.filter((p) => p.method === 'irn_subscription')).toEqual([])
    alice.close()
    bob.close()
  })

  it('keeps messages for a later subscriber until acknowledged, and drops them after their TTL', async () => {
    const alice = await connect(relay, 'did:key:alice2')
    await alice.call('irn_publish', { topic: TOPIC_B, message: 'kept', ttl: 300 })
    await alice.call('irn_publish', { topic: TOPIC_B, message: 'short', ttl: 1 })
    await new Promise((r) => setTimeout(r, 1_100))

    const bob = await connect(relay, 'did:key:bob2')
    await bob.call('irn_batchSubscribe', { topics: [TOPIC_B] })
    expect((await bob.delivery()).message).toBe('kept')
    await expect(bob.delivery({ timeoutMs: 300 })).rejects.toThrow('no matching message')
    bob.close()

    // Acknowledged: the same client (a reload) does not get it again.
    const again = await connect(relay, 'did:key:bob2')
    await again.call('irn_subscribe', { topic: TOPIC_B })
    await expect(again.delivery({ timeoutMs: 300 })).rejects.toThrow('no matching message')
    // Another client still does, and by fetch too.
    const carol = await connect(relay, 'did:key:carol')
    expect(await carol.call('irn_batchFetchMessages', { topics: [TOPIC_B] })).toMatchObject({
      result: { messages: [{ topic: TOPIC_B, message: 'kept' }], hasMore: false },
    })
    for (const c of [alice, again, carol]) c.close()
  })

  it('answers bad input with JSON-RPC errors', async () => {
    const client = await connect(relay, 'did:key:dave')
    expect((await client.call('irn_subscribe', { topic: 'nope' })).error).toEqual({ code: -32602, message: 'Invalid topic: nope' })
    expect((await client.call('irn_publish', { topic: TOPIC_A, message: '' })).error).toEqual({
      code: -32602,
      message: 'Invalid message',
    })
    expect((await client.call('irn_teleport', {})).error).toEqual({ code: -32601, message: 'Method not found: irn_teleport' })
    client.socket.send('{not json')
    await expect.poll(() => client.inbox.some((p) => p.error?.code === -32700)).toBe(true)
    client.close()
  })
})
