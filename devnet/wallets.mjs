// Contract wallets on the devnet (devnet/contracts/DevSmartWallet.sol), for the sign-in tests: a
// CREATE2 factory, wallets deployed through it, and the address and factory call of a wallet
// that is not deployed yet (what an ERC-6492 signature wraps).
import { encodeFunctionData, getAddress } from 'viem'
import { compileDevnetContracts } from './compile.mjs'
import { clients, serialized } from './deploy.mjs'

/**
 * Deploys a DevSmartWalletFactory on `rpcUrl` with the devnet's deployer.
 *
 * @example
 * const factory = await deploySmartWalletFactory('http://127.0.0.1:8545')
 *
 * @param {string} rpcUrl
 * @returns {Promise<`0x${string}`>} its address
 */
export function deploySmartWalletFactory(rpcUrl) {
  return serialized(rpcUrl, async () => {
    const { artifacts } = await compileDevnetContracts()
    const { abi, bytecode } = artifacts.DevSmartWalletFactory
    const { pub, wallet } = await clients(rpcUrl)
    const hash = await wallet.deployContract({ abi, bytecode, args: [] })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying the wallet factory failed: ${hash}`)
    return getAddress(receipt.contractAddress)
  })
}

/**
 * The wallet of `owner` and `salt` made by `factory`: its address and the call that deploys it
 * (`factoryCall`, for an ERC-6492 signature). With `deploy`, the wallet is deployed first.
 *
 * @example
 * const { address, factoryCall } = await smartWallet(url, factory, owner, `0x${'01'.padStart(64, '0')}`, { deploy: false })
 *
 * @param {string} rpcUrl
 * @param {`0x${string}`} factory
 * @param {`0x${string}`} owner
 * @param {`0x${string}`} salt 32 bytes
 * @param {{ deploy: boolean }} options
 * @returns {Promise<{ address: `0x${string}`, factoryCall: `0x${string}` }>}
 */
export async function smartWallet(rpcUrl, factory, owner, salt, { deploy }) {
  const { artifacts } = await compileDevnetContracts()
  const { abi } = artifacts.DevSmartWalletFactory
  const { pub, wallet } = await clients(rpcUrl)
  const address = getAddress(
    /** @type {`0x${string}`} */ (await pub.readContract({ address: factory, abi, functionName: 'walletAddress', args: [owner, salt] })),
  )
  const factoryCall = encodeFunctionData({ abi, functionName: 'deploy', args: [owner, salt] })
  if (deploy) {
    await serialized(rpcUrl, async () => {
      const hash = await wallet.writeContract({ address: factory, abi, functionName: 'deploy', args: [owner, salt] })
      if ((await pub.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error(`deploying wallet ${address} failed: ${hash}`)
    })
  }
  return { address, factoryCall }
}
