import { describe, expect, it } from 'vitest'
import { TestWallet, WalletError } from '../../test/testWallet'
import { ChainNotSupportedError, SwitchChainError } from '../errors/connection'
import { base, localDevnet } from '../networks'
import { switchEthereumChain, toAddEthereumChainParameter } from './switchChain'

describe('switchEthereumChain', () => {
  it('asks wallet_switchEthereumChain with the hex chain id', async () => {
    const wallet = new TestWallet({ chainId: 1 })
    await switchEthereumChain(wallet, base)
    expect(wallet.calls).toEqual(['wallet_switchEthereumChain'])
    expect(wallet.chainId).toBe(8453)
  })

  it('adds the chain on 4902, then the wallet is on it', async () => {
    const wallet = new TestWallet({ chainId: 1, knownChains: [1] })
    await switchEthereumChain(wallet, localDevnet)
    expect(wallet.calls).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_chainId',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.chainId).toBe(31337)
  })

  it('finds a 4902 nested in data.originalError (MetaMask mobile)', async () => {
    const wallet = new TestWallet({ chainId: 1 })
    wallet.failures.set(
      'wallet_switchEthereumChain',
      Object.assign(new Error('wrapped'), { data: { originalError: { code: 4902 } } }),
    )
    await switchEthereumChain(wallet, base)
    expect(wallet.calls).toContain('wallet_addEthereumChain')
  })

  it("fails with 'Chain is not supported' when adding fails", async () => {
    const wallet = new TestWallet({ chainId: 1, knownChains: [1] })
    wallet.failures.set('wallet_addEthereumChain', new WalletError(-32602, 'bad params'))
    const error = await switchEthereumChain(wallet, base).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainNotSupportedError)
    expect((error as ChainNotSupportedError).shortMessage).toBe('Chain is not supported')
    expect(wallet.chainId).toBe(1)
  })

  it('does not add the chain when the user declines the switch', async () => {
    const wallet = new TestWallet({ chainId: 1 })
    wallet.failures.set('wallet_switchEthereumChain', new WalletError(4001, 'User rejected the request.'))
    const error = await switchEthereumChain(wallet, base).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect((error as SwitchChainError).code).toBe(4001)
    expect((error as SwitchChainError).shortMessage).toBe('Network switch declined')
    expect(wallet.calls).toEqual(['wallet_switchEthereumChain'])
  })

  it('sends the add-chain fields of spec §7', () => {
    expect(toAddEthereumChainParameter(base)).toEqual({
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://mainnet.base.org'],
      blockExplorerUrls: ['https://basescan.org'],
    })
    expect(toAddEthereumChainParameter(localDevnet)).not.toHaveProperty('blockExplorerUrls')
  })
})
