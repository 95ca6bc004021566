import { afterEach, describe, expect, it, vi } from 'vitest'
import { createModalStore } from '../modal/modalStore'
import type { SafeStorage } from '../storage/storage'
import type { SIWXAccount, SIWXConfig, SIWXSession } from './config'
import { createSIWXSessionStore } from './sessions'
import { createSignIn } from './signIn'

const ALICE: SIWXAccount = { chainId: 'eip155:1', accountAddress: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B' }
const NOW = Date.parse('2026-11-26T10:00:00.000Z')

function memoryStorage(): SafeStorage {
  const map = new Map<string, string>()
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) } as SafeStorage
}

function setup({ siwx = {}, connected = ALICE }: { siwx?: Partial<SIWXConfig>; connected?: SIWXAccount | undefined } = {}) {
  let account: SIWXAccount | undefined = connected
  const listeners = new Set<() => void>()
  const verified: SIWXSession[] = []
  const config: SIWXConfig = {
    statement: 'Sign in to Lumen',
    getNonce: async () => 'n0nce1234',
    verify: async (session) => {
      verified.push(session)
      return { ...session, token: 'tok' }
    },
    getSessions: async () => [],
    revoke: vi.fn(async () => {}),
    ...siwx,
  }
  const storage = memoryStorage()
  const sessions = createSIWXSessionStore({ storage, now: () => NOW })
  let controller: ReturnType<typeof createSignIn> | undefined
  const modal = createModalStore({
    isMobile: () => false,
    getAddress: () => account?.accountAddress,
    hasNoAdapters: () => false,
    isSignInPending: () => controller?.isPending() ?? false,
  })
  const signMessage = vi.fn(async (_message: string) => '0xsigned')
  const disconnect = vi.fn(async () => {
    account = undefined
    for (const l of listeners) l()
  })
  controller = createSignIn({
    siwx: config,
    sessions,
    modal,
    getAccount: () => account,
    subscribeAccount: (l) => {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
    signMessage,
    disconnect,
    location: () => ({ protocol: 'https:', host: 'lumen.app', href: 'https://lumen.app/trade' }),
    now: () => NOW,
  })
  const connect = (next: SIWXAccount | undefined) => {
    account = next
    for (const l of listeners) l()
  }
  const view = () => (modal.getSnapshot().open ? modal.getSnapshot().history.at(-1)?.view : undefined)
  return { signIn: controller, modal, sessions, signMessage, disconnect, verified, connect, view, config, storage }
}

afterEach(() => vi.restoreAllMocks())

describe('the sign-in flow', () => {
  it('opens SIWXSignMessage for a connection without a session, which cannot be closed', async () => {
    const { signIn, modal, view } = setup()
    signIn.start()
    await vi.waitFor(() => expect(view()).toBe('SIWXSignMessage'))
    expect(signIn.isPending()).toBe(true)
    expect(modal.close()).toBe(false)
    expect(view()).toBe('SIWXSignMessage')
  })

  it('signs the EIP-4361 message, verifies it, keeps the session and closes the modal', async () => {
    const { signIn, signMessage, verified, sessions, view } = setup()
    signIn.start()
    await vi.waitFor(() => expect(view()).toBe('SIWXSignMessage'))
    const session = await signIn.signIn()
    const message = signMessage.mock.calls[0]![0]
    expect(message).toBe(
      [
        'lumen.app wants you to sign in with your Ethereum account:',
        ALICE.accountAddress,
        '',
        'Sign in to Lumen',
        '',
        'URI: https://lumen.app/trade',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: n0nce1234',
        'Issued At: 2026-11-26T10:00:00.000Z',
        'Expiration Time: 2026-11-27T10:00:00.000Z',
      ].join('\n'),
    )
    expect(verified[0]).toMatchObject({ message, signature: '0xsigned' })
    expect(session.token).toBe('tok')
    expect(sessions.get(ALICE)?.token).toBe('tok')
    expect([signIn.getSnapshot().status, signIn.isPending(), view()]).toEqual(['signed-in', false, undefined])
  })

  it('a declined signature stays on the view with "Signature declined" and keeps no session', async () => {
    const { signIn, signMessage, sessions, view } = setup()
    signMessage.mockRejectedValueOnce(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    signIn.start()
    await vi.waitFor(() => expect(view()).toBe('SIWXSignMessage'))
    await expect(signIn.signIn()).rejects.toThrow('Signature declined')
    expect([signIn.getSnapshot().error, view(), sessions.get(ALICE)]).toEqual(['Signature declined', 'SIWXSignMessage', undefined])
  })

  it('a refused verification is declined too', async () => {
    const { signIn, view } = setup({ siwx: { verify: async () => Promise.reject(new Error('bad nonce')) } })
    signIn.start()
    await vi.waitFor(() => expect(view()).toBe('SIWXSignMessage'))
    await expect(signIn.signIn()).rejects.toThrow('Signature declined')
    expect(signIn.getSnapshot().status).toBe('pending')
  })

  it('cancelling a required sign-in disconnects; an optional one only closes', async () => {
    const required = setup()
    required.signIn.start()
    await vi.waitFor(() => expect(required.view()).toBe('SIWXSignMessage'))
    await required.signIn.cancel()
    expect(required.disconnect).toHaveBeenCalledOnce()
    expect([required.view(), required.modal.getSnapshot().history.at(-1)?.view]).toEqual([undefined, 'Connect'])

    const optional = setup({ siwx: { required: false } })
    optional.signIn.start()
    await vi.waitFor(() => expect(optional.view()).toBe('SIWXSignMessage'))
    expect(optional.modal.close()).toBe(true)
    await optional.signIn.cancel()
    expect(optional.disconnect).not.toHaveBeenCalled()
  })

  it('a kept session or one the verifier still has needs no signing', async () => {
    const kept = setup()
    kept.sessions.add({ data: { ...ALICE, domain: 'lumen.app', uri: 'https://lumen.app', version: '1', nonce: 'n0nce1234', issuedAt: '2026-11-26T09:00:00.000Z', expirationTime: '2026-11-26T11:00:00.000Z' }, message: 'm', signature: '0x1' })
    kept.signIn.start()
    await vi.waitFor(() => expect(kept.signIn.getSnapshot().status).toBe('signed-in'))
    expect(kept.view()).toBeUndefined()

    const remote = setup({
      siwx: {
        getSessions: async (account) => [
          { data: { ...account, domain: 'lumen.app', uri: 'https://lumen.app', version: '1', nonce: 'n0nce1234', issuedAt: '2026-11-26T09:00:00.000Z', expirationTime: '2026-11-26T11:00:00.000Z' }, message: 'm', signature: '0x1' },
        ],
      },
    })
    remote.signIn.start()
    await vi.waitFor(() => expect(remote.signIn.getSnapshot().status).toBe('signed-in'))
    expect(remote.sessions.get(ALICE)).toBeDefined()
  })

  it('an expired kept session does not count', async () => {
    const { signIn, sessions, view } = setup()
    sessions.add({ data: { ...ALICE, domain: 'lumen.app', uri: 'https://lumen.app', version: '1', nonce: 'n0nce1234', issuedAt: '2026-11-25T09:00:00.000Z', expirationTime: '2026-11-26T09:59:59.000Z' }, message: 'm', signature: '0x1' })
    signIn.start()
    await vi.waitFor(() => expect(view()).toBe('SIWXSignMessage'))
  })

  it('signing out forgets the session here and revokes it at the verifier', async () => {
    const { signIn, sessions, config } = setup()
    signIn.start()
    await vi.waitFor(() => expect(signIn.getSnapshot().status).toBe('pending'))
    await signIn.signIn()
    await signIn.signOut()
    expect(sessions.get(ALICE)).toBeUndefined()
    expect(config.revoke).toHaveBeenCalledWith(ALICE, expect.objectContaining({ token: 'tok', signature: '0xsigned' }))
  })

  it('a damaged stored list is ignored, not trusted', () => {
    const { storage, sessions } = setup()
    storage.setItem('@oriel/siwx_sessions', '{not json')
    expect(sessions.get(ALICE)).toBeUndefined()
    storage.setItem('@oriel/siwx_sessions', JSON.stringify([{ data: null }, 7]))
    expect(sessions.get(ALICE)).toBeUndefined()
  })
})
