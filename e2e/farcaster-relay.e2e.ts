// frame-host's Farcaster auth relay as Farcaster's own library sees it: @farcaster/auth-client's
// app client (an app: creates a channel, polls its status, verifies the answer) and wallet client
// (a Farcaster app: builds and signs the FIP-11 message, posts it with its relay key), in Node,
// against the real frame-host and the devnet's IdRegistry of this run.
import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { type Address, createPublicClient, http, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import {
  FARCASTER_CUSTODY_KEY,
  FARCASTER_DEMO_RELAY_KEY,
  FARCASTER_FID,
  FARCASTER_PROFILE,
} from '../devnet/farcaster.mjs'

const urls = inject('urls')
const contracts = inject('devnetContracts')
const custody = privateKeyToAccount(FARCASTER_CUSTODY_KEY)
const chain = createPublicClient({ transport: http(urls.devnet) })

/**
 * The auth client's view of Farcaster's contracts, pointed at the devnet's IdRegistry (its own
 * connector reads Optimism's); only custody signatures.
 */
const devnetConnector: ReturnType<typeof viemConnector> = {
  ...viemConnector({ rpcUrl: urls.devnet }),
  getFid: (address: Address) =>
    chain.readContract({
      address: contracts.farcaster.idRegistry,
      abi: parseAbi(['function idOf(address) view returns (uint256)']),
      functionName: 'idOf',
      args: [address],
    }),
  isValidAuthAddress: async () => false,
}
const app = createAppClient({ relay: urls.frameHost, ethereum: devnetConnector })
const wallet = createWalletClient({ relay: urls.frameHost, ethereum: devnetConnector })
const siweUri = 'https://app.farcaster.test/login'
const domain = 'app.farcaster.test'

/** The wallet client signs a sign-in for `channel` as `account` claiming `fid`. */
async function signFor(channel: { nonce: string }, account = custody, fid = FARCASTER_FID) {
  const built = wallet.buildSignInMessage({ address: account.address, fid, uri: siweUri, domain, nonce: channel.nonce })
  if (built.isError) throw built.error
  return { message: built.message, signature: await account.signMessage({ message: built.message }) }
}

describe('the Farcaster relay with @farcaster/auth-client', () => {
  it('an app creates a channel, a Farcaster app answers it, the app reads and verifies the answer', async () => {
    const created = await app.createChannel({ siweUri, domain })
    expect(created.isError).toBe(false)
    expect(created.response.status).toBe(201)
    const { channelToken, url, nonce } = created.data
    expect(new URL(url).searchParams.get('channelToken')).toBe(channelToken)

    const pending = await app.status({ channelToken })
    expect(pending.response.status).toBe(202)
    expect(pending.data.state).toBe('pending')
    expect(pending.data.signatureParams).toMatchObject({ siweUri, domain, nonce })

    const signed = await signFor({ nonce })
    const answered = await wallet.authenticate({
      channelToken,
      authKey: FARCASTER_DEMO_RELAY_KEY,
      ...signed,
      fid: FARCASTER_FID,
      ...FARCASTER_PROFILE,
      pfpUrl: 'https://i.farcaster.test/ada.png',
    })
    expect(answered.response.status).toBe(201)
    expect(answered.data.state).toBe('completed')

    const watched = await app.watchStatus({ channelToken, timeout: 5_000, interval: 200 })
    expect(watched.isError).toBe(false)
    expect(watched.data).toMatchObject({
      state: 'completed',
      fid: FARCASTER_FID,
      username: FARCASTER_PROFILE.username,
      displayName: FARCASTER_PROFILE.displayName,
      custody: custody.address,
      message: signed.message,
      signature: signed.signature,
    })
    // Read once, the channel is closed.
    expect((await app.status({ channelToken })).response.status).toBe(401)

    const verified = await app.verifySignInMessage({ nonce, domain, ...signed, acceptAuthAddress: false })
    expect(verified.isError).toBe(false)
    expect(verified.success).toBe(true)
    expect(verified.fid).toBe(FARCASTER_FID)
  })

  it('refuses a Farcaster app without the relay key, and a key that does not own the fid', async () => {
    const { data: channel } = await app.createChannel({ siweUri, domain })
    const signed = await signFor(channel)
    const keyless = await wallet.authenticate({ channelToken: channel.channelToken, authKey: 'not-the-key-0123456', ...signed, fid: FARCASTER_FID })
    expect(keyless.response.status).toBe(401)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const theirs = await signFor(channel, stranger)
    const refused = await wallet.authenticate({
      channelToken: channel.channelToken,
      authKey: FARCASTER_DEMO_RELAY_KEY,
      ...theirs,
      fid: FARCASTER_FID,
    })
    expect(refused.response.status).toBe(401)
    expect(refused.data).toMatchObject({ error: { message: 'The signing address does not own this fid' } })
    expect((await app.status({ channelToken: channel.channelToken })).data.state).toBe('pending')
  })
})
