// Test helper: a stand-in for WalletConnect's sign client at the library boundary (the real one,
// with a real relay and wallet, runs in core/walletconnect/connector.node.test.ts).
import type { SignClientLike, SignClientSession } from '../core/walletconnect/types'

/** Hardhat's test account #1, the account the fake wallet shares. */
export const FAKE_WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export type FakeSignClient = SignClientLike & {
  /** The URIs of every pairing made, oldest first. */
  readonly uris: string[]
  /** The newest proposal is approved with an eip155:1 session. */
  approve(): void
  /** The newest proposal is declined, as a wallet's "Reject" does. */
  decline(): void
  readonly requests: { method: string; params: unknown }[]
  /** The wallet ends the session (WalletConnect's `session_delete`). */
  end(): void
}

export function createFakeSignClient(): FakeSignClient {
  const uris: string[] = []
  const answers: { approve(session: SignClientSession): void; decline(error: unknown): void }[] = []
  const requests: { method: string; params: unknown }[] = []
  const sessions: SignClientSession[] = []
  const handlers = new Map<string, ((event: { topic: string }) => void)[]>()
  const session: SignClientSession = {
    topic: 'b'.repeat(64),
    expiry: Math.floor(Date.now() / 1000) + 7 * 86_400,
    namespaces: { eip155: { accounts: [`eip155:1:${FAKE_WALLET_ADDRESS}`], methods: ['personal_sign'] } },
    peer: { metadata: { name: 'Test Wallet', url: 'http://wallet.test', icons: [] } },
  }
  return {
    uris,
    requests,
    session: { getAll: () => sessions },
    core: { relayer: { transportClose: async () => {}, transportOpen: async () => {} } },
    async connect() {
      const uri = `wc:${String(uris.length + 1).padStart(64, 'a')}@2?relay-protocol=irn&symKey=${'c'.repeat(64)}`
      uris.push(uri)
      const approval = new Promise<SignClientSession>((approve, decline) => answers.push({ approve, decline }))
      return { uri, approval: () => approval }
    },
    async request<T>({ request }: { request: { method: string; params: unknown } }) {
      requests.push(request)
      return '0xsigned' as T
    },
    async disconnect() {
      sessions.splice(0)
    },
    on(event: string, handler: (event: { topic: string }) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler])
    },
    approve() {
      sessions.push(session)
      answers.at(-1)?.approve(session)
    },
    end() {
      sessions.splice(0)
      for (const handler of handlers.get('session_delete') ?? []) handler({ topic: session.topic })
    },
    decline() {
      answers.at(-1)?.decline({ code: 5000, message: 'User rejected.' })
    },
  }
}
