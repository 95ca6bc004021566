// A test double of `core/frame/client`'s FrameClient, injected through the `load` parameter.
import type { AccountType, User } from '../codec/protocol.gen'
import type { FrameClientOptions, FrameStatus } from '../core/frame/client'
import { FrameRequestError } from '../core/frame/errors'
import { RPC_NOT_ALLOWED } from '../codec/constants.gen'

/** The user the fake frame logs in. */
export const TEST_USER: User = {
  email: 'ada@example.com',
  address: '0x1234567890abcdef1234567890abcdef1234abcd',
  chainId: 'eip155:1',
  accounts: [{ address: '0x1234567890abcdef1234567890abcdef1234abcd', type: 'eoa' }],
  userName: null,
  smartAccountDeployed: false,
  preferredAccountType: 'eoa',
}

/** The user's smart account, on the networks where the fake has smart accounts. */
export const TEST_SMART_ACCOUNT = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a'

/** The error the frame answers while there is no session (or the device is not approved yet). */
export const notConnected = (request = 'ConnectDevice') =>
  new FrameRequestError({ code: 'NotConnected', message: 'Not connected', request })

export class FakeFrameClient {
  static instances: FakeFrameClient[] = []
  /** Called with every new fake, e.g. to script its answers. */
  static onCreate: ((fake: FakeFrameClient) => void) | undefined
  options: FrameClientOptions
  status: FrameStatus = { state: 'idle' }
  listeners = new Set<() => void>()
  destroyed = false
  ready: Promise<void> = Promise.resolve()
  /** Whether the frame has a session. */
  connected = false
  user: User = TEST_USER
  connectEmail = async (_email: string) => ({ action: 'VERIFY_OTP' as 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT' })
  connectDevice = async () => {}
  /** Logs in and answers with the user on `chainId` and `preferredAccountType`, as GetUser would. */
  connectOtp = async (_otp: string, chainId?: string, preferredAccountType?: AccountType) => {
    this.connected = true
    return this.answerUser(chainId, preferredAccountType)
  }
  /** The social logins started, by provider URL. */
  socialLogins: string[] = []
  getSocialRedirectUri = async (provider: string) => {
    const uri = `http://127.0.0.1:8700/${provider}/auth?state=login-${this.socialLogins.length + 1}`
    this.socialLogins.push(uri)
    return uri
  }
  /** Finishes the login of `uri`, as the frame does once its result arrived: logged in as `socialUser`. */
  connectSocial = async (uri: string) => {
    if (!this.socialLogins.includes(uri)) {
      throw new FrameRequestError({ code: 'InvalidParams', message: 'No social login in progress', request: 'ConnectSocial' })
    }
    this.connected = true
    this.user = this.socialUser
    return this.user
  }
  /** Who a social login logs in. */
  socialUser: User = { ...TEST_USER, email: null, userName: 'ada' }
  /** Every request answered with the user (ConnectOtp, GetUser): its network and preferred account type. */
  userCalls: { chainId: string | undefined; preferredAccountType: AccountType | undefined }[] = []
  getUser = async (chainId?: string, preferredAccountType?: AccountType) => {
    if (!this.connected) throw notConnected('GetUser')
    return this.answerUser(chainId, preferredAccountType)
  }
  /** The user, as GetUser and ConnectOtp answer: where the network has smart accounts, on the preferred type's address. */
  answerUser(chainId: string | undefined, preferredAccountType: AccountType | undefined): User {
    this.userCalls.push({ chainId, preferredAccountType })
    if (preferredAccountType && this.smartAccountNetworks.includes(this.user.chainId)) {
      this.user = this.onAccountType(preferredAccountType)
    }
    return this.user
  }
  /** The networks (CAIP-2) where the fake has smart accounts; none, as the default frame-host. */
  smartAccountNetworks: string[] = []
  smartAccountNetworksAsked = 0
  getSmartAccountEnabledNetworks = async () => {
    this.smartAccountNetworksAsked++
    return this.smartAccountNetworks
  }
  /** The user on `accountType`, as far as its network has it. */
  onAccountType(accountType: AccountType): User {
    const eoa = this.user.accounts.find((a) => a.type === 'eoa')?.address ?? this.user.address
    if (!this.smartAccountNetworks.includes(this.user.chainId)) {
      return { ...this.user, address: eoa, accounts: [{ address: eoa, type: 'eoa' }], preferredAccountType: accountType }
    }
    const accounts: User['accounts'] = [
      { address: eoa, type: 'eoa' },
      { address: TEST_SMART_ACCOUNT, type: 'smartAccount' },
    ]
    const address = accountType === 'smartAccount' ? TEST_SMART_ACCOUNT : eoa
    return { ...this.user, address, accounts, preferredAccountType: accountType }
  }
  updateEmail = async (_email: string) => ({ action: 'VERIFY_PRIMARY_OTP' as 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' })
  updateEmailPrimaryOtp = async (_otp: string) => {}
  updateEmailSecondaryOtp = async (_otp: string) => ({ newEmail: 'new@example.com' })
  isConnected = async () => this.connected
  /** Farcaster sign-in: the link, then what each ConnectFarcaster answers (pending until `farcasterApproved`). */
  farcasterUrl = 'https://farcaster.test/~/siwf?channelToken=t&nonce=abcdef0123456789'
  farcasterApproved = false
  farcasterAsked = 0
  getFarcasterUri = async () => this.farcasterUrl
  connectFarcaster = async () => {
    this.farcasterAsked++
    if (!this.farcasterApproved) throw notConnected('ConnectFarcaster')
    this.connected = true
    this.user = { ...this.user, email: null, userName: 'devnet-ada' }
    return { userName: 'devnet-ada', avatar: 'https://i.farcaster.test/ada.png' }
  }
  /** Answers `RpcRequest`s: the JSON-RPC result, or throws the frame's error. */
  rpc = async (method: string, _params: unknown): Promise<unknown> => {
    throw new FrameRequestError({ code: 'NotAllowed', message: RPC_NOT_ALLOWED, request: method })
  }
  rpcCalls: { method: string; params: unknown }[] = []
  /** Switches the account type: smart accounts only on `smartAccountNetworks`. */
  setPreferredAccount = async (accountType: AccountType) => {
    if (accountType !== 'eoa' && !this.smartAccountNetworks.includes(this.user.chainId)) {
      throw new FrameRequestError({
        code: 'Unavailable',
        message: `Smart accounts are not enabled on ${this.user.chainId}`,
        request: 'SetPreferredAccount',
      })
    }
    this.user = this.onAccountType(accountType)
    return { accountType, address: this.user.address }
  }
  /** The dapp data the client introduced itself with. */
  dappData: unknown
  /** Every theme the client sent, in order. */
  themes: unknown[] = []
  request = async (request: unknown, _timeoutMs?: number) => {
    if (typeof request === 'object' && request && 'SyncDappData' in request) {
      this.dappData = (request as { SyncDappData: unknown }).SyncDappData
      return undefined
    }
    if (typeof request === 'object' && request && 'SyncTheme' in request) {
      this.themes.push((request as { SyncTheme: unknown }).SyncTheme)
      return undefined
    }
    if (typeof request === 'object' && request && 'SetPreferredAccount' in request) {
      const { accountType } = (request as { SetPreferredAccount: { accountType: AccountType } }).SetPreferredAccount
      return this.setPreferredAccount(accountType)
    }
    if (typeof request === 'object' && request && 'SwitchNetwork' in request) {
      const { chainId } = (request as { SwitchNetwork: { chainId: string } }).SwitchNetwork
      this.user = { ...this.user, chainId }
      return { chainId }
    }
    if (typeof request === 'object' && request && 'RpcRequest' in request) {
      const { method, params } = (request as { RpcRequest: { method: string; params: string } }).RpcRequest
      const parsed = JSON.parse(params) as unknown
      this.rpcCalls.push({ method, params: parsed })
      return { result: JSON.stringify(await this.rpc(method, parsed)) }
    }
    throw new Error(`the fake frame does not answer ${JSON.stringify(request)}`)
  }
  /** Where the keyboard focus went (the real one moves it into the iframe). */
  focused = 0
  focus = () => {
    this.focused++
  }
  signOut = async () => {
    this.connected = false
  }
  /** What `requestStorageAccess` leads to: the frame's storage then persists when `true`. */
  grantsStorage = false
  requestStorageAccess = async () => {
    if (this.grantsStorage) this.setStatus({ ...this.status, storage: { persistent: true, canRequest: true } })
    return this.grantsStorage
  }

  constructor(options: FrameClientOptions) {
    this.options = options
    FakeFrameClient.instances.push(this)
    FakeFrameClient.onCreate?.(this)
  }
  /** Sets the status, in the embedded wallet's store too when it passed one (as it does). */
  setStatus(status: FrameStatus) {
    this.status = status
    this.options.status?.set(status)
    for (const listener of this.listeners) listener()
  }
  ensureReady() {
    if (this.status.state === 'ready') return Promise.resolve()
    this.setStatus({ state: 'loading' })
    return this.ready.then(() => this.setStatus({ state: 'ready', protocolVersion: 1, buildId: '0.1.0', readyMs: 42 }))
  }
  getStatus() {
    return this.status
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  async getChainId() {
    return 'eip155:1'
  }
  destroy() {
    this.destroyed = true
  }
}

/** A `load` function returning the fake, typed as the real module. */
export const loadFakeFrameClient = async () =>
  ({ FrameClient: FakeFrameClient }) as unknown as typeof import('../core/frame/client')

/** Forgets every fake and script (call in `beforeEach`). */
export function resetFakeFrameClient() {
  FakeFrameClient.instances = []
  FakeFrameClient.onCreate = undefined
}
