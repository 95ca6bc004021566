import { base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { bitcoinTestnet } from '../networks'
import { createWalletStandardBitcoinProvider } from './bitcoinProvider'
import { createWalletStandardConnector, walletStandardNamespaces } from './walletStandard'

// A scripted wallet-standard Bitcoin wallet: it records what the provider hands it and answers
// with fixed bytes, so these tests check the mapping; the browser tests sign for real.
const PAYMENT = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const SECOND = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'
const PSBT = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 1, 2, 3])

type Calls = { connect: unknown[]; signMessage: unknown[]; signTransaction: unknown[]; sats: unknown[] }

function makeWallet(options: { decline?: boolean; sats?: unknown; without?: string[] } = {}) {
  const calls: Calls = { connect: [], signMessage: [], signTransaction: [], sats: [] }
  const accounts: WalletAccount[] = [PAYMENT, SECOND].map((address, i) => ({
    address,
    publicKey: new Uint8Array(33).fill(i + 2),
    chains: ['bitcoin:testnet'],
    features: [],
  }))
  const maybeDecline = () => {
    if (options.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
  }
  const features: Record<string, unknown> = {
    'bitcoin:connect': {
      version: '1.0.0',
      connect: async (input: unknown) => {
        calls.connect.push(input)
        return { accounts }
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
        calls.signMessage.push(inputs.map((i) => ({ address: i.account.address, message: new TextDecoder().decode(i.message) })))
        maybeDecline()
        return inputs.map(({ message }) => ({ signedMessage: message, signature: new Uint8Array(65).fill(7) }))
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      signTransaction: async (...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount }[]; chain?: string }[]) => {
        calls.signTransaction.push(
          inputs.map((i) => ({
            psbt: [...i.psbt],
            chain: i.chain,
            inputsToSign: i.inputsToSign.map(({ account, ...rest }) => ({ address: account.address, ...rest })),
          })),
        )
        maybeDecline()
        return inputs.map(({ psbt }) => ({ signedPsbt: new Uint8Array([...psbt, 9]) }))
      },
    },
    'sats-connect:': {
      version: '1.0.0',
      provider: {
        request: async (method: string, params: unknown) => {
          calls.sats.push({ method, params })
          return options.sats
        },
      },
    },
  }
  for (const name of options.without ?? []) delete features[name]
  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Sats Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['bitcoin:testnet'],
    accounts,
    features: features as Wallet['features'],
  }
  return { wallet, calls }
}

async function connected(options?: Parameters<typeof makeWallet>[0]) {
  const { wallet, calls } = makeWallet(options)
  expect(walletStandardNamespaces(wallet)).toEqual(['bip122'])
  const connector = createWalletStandardConnector(wallet, 'bip122')
  const connection = await connector.connect({ caipNetworkId: bitcoinTestnet.caipNetworkId })
  return { connection, provider: connector.getNamespaceProvider!('bip122')!, calls }
}

describe('Bitcoin provider over wallet-standard', () => {
  it('connects the payment addresses through bitcoin:connect and lists them as payment accounts', async () => {
    const { connection, provider, calls } = await connected()
    expect(calls.connect).toEqual([{ purposes: ['payment'] }])
    expect(connection).toEqual({ address: PAYMENT, addresses: [PAYMENT, SECOND], caipNetworkId: bitcoinTestnet.caipNetworkId })
    expect(await provider.request({ method: 'getAccountAddresses' })).toEqual([
      { address: PAYMENT, type: 'payment', publicKey: '02'.repeat(33) },
      { address: SECOND, type: 'payment', publicKey: '03'.repeat(33) },
    ])
  })

  it('signs a message with the named address and returns the signature in base64', async () => {
    const { provider, calls } = await connected()
    const answer = await provider.request({ method: 'signMessage', params: { account: PAYMENT, address: SECOND, message: 'gm' } })
    expect(calls.signMessage).toEqual([[{ address: SECOND, message: 'gm' }]])
    expect(answer).toEqual({ address: SECOND, signature: base64.encode(new Uint8Array(65).fill(7)) })
  })

  it('signs a PSBT: inputs grouped per account and sighash, on the connected network', async () => {
    const { provider, calls } = await connected()
    const answer = await provider.request({
      method: 'signPsbt',
      params: {
        account: PAYMENT,
        psbt: base64.encode(PSBT),
        signInputs: [
          { address: PAYMENT, index: 0, sighashTypes: [1] },
          { address: SECOND, index: 1 },
          { address: PAYMENT, index: 2, sighashTypes: [1] },
        ],
      },
    })
    expect(answer).toEqual({ psbt: base64.encode(new Uint8Array([...PSBT, 9])) })
    expect(calls.signTransaction).toEqual([
      [
        {
          psbt: [...PSBT],
          chain: 'bitcoin:testnet',
          inputsToSign: [
            { address: PAYMENT, signingIndexes: [0, 2], sigHash: 1 },
            { address: SECOND, signingIndexes: [1] },
          ],
        },
      ],
    ])
  })

  it('sends a transfer through the wallet’s sats-connect API', async () => {
    const txid = 'ab'.repeat(32)
    const { provider, calls } = await connected({ sats: { status: 'success', result: { txid } } })
    await expect(
      provider.request({ method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: SECOND, amount: '1500' } }),
    ).resolves.toEqual({ txid })
    expect(calls.sats).toEqual([{ method: 'sendTransfer', params: { recipients: [{ address: SECOND, amount: 1500 }] } }])
  })

  it('declines are UserRejectedRequestError, from the features and from sats-connect (-32000)', async () => {
    const { provider } = await connected({ decline: true, sats: { status: 'error', error: { code: -32000, message: 'User rejected' } } })
    const rejected = { name: 'UserRejectedRequestError', code: 4001, shortMessage: 'User rejected the request.' }
    await expect(provider.request({ method: 'signMessage', params: { account: PAYMENT, message: 'gm' } })).rejects.toMatchObject(rejected)
    await expect(
      provider.request({ method: 'signPsbt', params: { account: PAYMENT, psbt: base64.encode(PSBT), signInputs: [{ address: PAYMENT, index: 0 }] } }),
    ).rejects.toMatchObject(rejected)
    await expect(
      provider.request({ method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: SECOND, amount: '1' } }),
    ).rejects.toMatchObject(rejected)
  })

  it('a wallet without sats-connect cannot sendTransfer, nor broadcast without signAndSendTransaction (4200)', async () => {
    const { provider } = await connected({ without: ['sats-connect:'] })
    await expect(
      provider.request({ method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: SECOND, amount: '1' } }),
    ).rejects.toMatchObject({ name: 'UnsupportedMethodError', code: 4200, details: 'Sats Wallet does not implement sats-connect:.' })
    await expect(
      provider.request({
        method: 'signPsbt',
        params: { account: PAYMENT, psbt: base64.encode(PSBT), signInputs: [{ address: PAYMENT, index: 0 }], broadcast: true },
      }),
    ).rejects.toMatchObject({ code: 4200, details: 'Sats Wallet does not implement bitcoin:signAndSendTransaction.' })
  })

  it('rejects bad input before the wallet sees it', async () => {
    const { provider, calls } = await connected()
    const cases: [Parameters<typeof provider.request>[0], string][] = [
      [{ method: 'signMessage', params: { account: 'tb1qsomeoneelse000000000000000', message: 'gm' } }, 'account is not a connected address'],
      [{ method: 'signMessage', params: { account: PAYMENT, message: '' } }, 'message must hold 1 to 8192 bytes'],
      [{ method: 'signPsbt', params: { account: PAYMENT, psbt: 'not base64!', signInputs: [{ address: PAYMENT, index: 0 }] } }, 'psbt is not valid base64'],
      [{ method: 'signPsbt', params: { account: PAYMENT, psbt: base64.encode(PSBT), signInputs: [] } }, 'signInputs must list 1 to 256 inputs'],
      [
        { method: 'signPsbt', params: { account: PAYMENT, psbt: base64.encode(PSBT), signInputs: [{ address: PAYMENT, index: -1 }] } },
        'signInputs[0].index must be an input index',
      ],
      [
        { method: 'signPsbt', params: { account: PAYMENT, psbt: base64.encode(PSBT), signInputs: [{ address: PAYMENT, index: 0, sighashTypes: [1, 2] }] } },
        'signInputs[0].sighashTypes must hold at most one sighash byte',
      ],
      [
        { method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: SECOND, amount: '0.5' } },
        'amount must be a positive whole number of satoshis',
      ],
      [
        { method: 'sendTransfer', params: { account: PAYMENT, recipientAddress: SECOND, amount: '2100000000000001' } },
        'amount must be a positive whole number of satoshis',
      ],
    ]
    for (const [args, reason] of cases) {
      await expect(provider.request(args)).rejects.toMatchObject({
        name: 'InvalidWalletRequestError',
        code: -32602,
        shortMessage: `Invalid ${args.method} request: ${reason}`,
      })
    }
    expect(calls.signMessage).toEqual([])
    expect(calls.signTransaction).toEqual([])
    expect(calls.sats).toEqual([])
  })

  it('without connected accounts every request is WalletDisconnectedError', async () => {
    const { wallet } = makeWallet()
    const provider = createWalletStandardBitcoinProvider({ wallet, accounts: () => [], chain: () => 'bitcoin:testnet' })
    await expect(provider.request({ method: 'getAccountAddresses' })).rejects.toMatchObject({ name: 'WalletDisconnectedError' })
  })
})
