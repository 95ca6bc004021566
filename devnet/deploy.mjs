// Deploys the devnet's contracts (devnet/contracts, compiled by compile.mjs) on a local EVM devnet
// with hardhat's first test account: Multicall3, a 6-decimals stablecoin, an 18-decimals token, a
// USDT-style token whose `transfer` returns nothing, and an ERC-721 collection with on-chain
// images. `fund` is the faucet's logic: ETH, some of each token and one NFT to an address.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  nonceManager,
  parseEther,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compileDevnetContracts } from './compile.mjs'

/** Hardhat's first well-known test account (funded on every hardhat node): deploys and funds. */
export const DEVNET_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** Ether `fund` sends, in whole ETH. */
export const FAUCET_ETHER = '10'

/**
 * @typedef {'erc20' | 'erc20-no-return'} TokenKind `erc20-no-return`: `transfer`, `transferFrom`
 *   and `approve` return nothing, like mainnet USDT.
 * @typedef {{ address: `0x${string}`, name: string, symbol: string, decimals: number, kind: TokenKind, faucetAmount: string }} DevnetToken
 *   `faucetAmount`: what `fund` sends, in whole tokens (a decimal string).
 * @typedef {{
 *   chainId: number,
 *   deployer: `0x${string}`,
 *   startBlock: number,
 *   multicall3: `0x${string}`,
 *   tokens: DevnetToken[],
 *   nft: { address: `0x${string}`, name: string, symbol: string },
 *   faucet: { ether: string },
 * }} DevnetContracts The addresses file: `startBlock` is the block of the first deployment.
 */

/** The tokens, in deployment order. */
const TOKENS = /** @type {const} */ ([
  { contract: 'DevToken', name: 'Devnet Dollar', symbol: 'dUSD', decimals: 6, kind: 'erc20', faucetAmount: '1000' },
  { contract: 'DevToken', name: 'Devnet Token', symbol: 'DEV', decimals: 18, kind: 'erc20', faucetAmount: '100' },
  { contract: 'NoReturnToken', name: 'Devnet Tether', symbol: 'dUSDT', decimals: 6, kind: 'erc20-no-return', faucetAmount: '1000' },
])
/** Each token's supply, all minted to the deployer, in whole tokens. */
const SUPPLY = '1000000000'
const NFT = { name: 'Oriel Devnet Collection', symbol: 'ODC' }

/** viem clients for `rpcUrl`, signing with the deployer (one nonce manager across calls). */
async function clients(rpcUrl) {
  const transport = http(rpcUrl)
  const id = await createPublicClient({ transport }).getChainId()
  const chain = defineChain({
    id,
    name: 'Oriel devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(DEVNET_DEPLOYER_KEY, { nonceManager })
  return {
    chain,
    account,
    pub: createPublicClient({ chain, transport }),
    wallet: createWalletClient({ chain, transport, account }),
  }
}

/**
 * Deploys the devnet contracts on `rpcUrl`, mints each token's supply to the deployer and, with
 * `file`, writes the addresses there as JSON (creating its directory).
 *
 * @param {string} rpcUrl
 * @param {{ file?: string }} [options]
 * @returns {Promise<DevnetContracts>}
 */
export async function deployDevnetContracts(rpcUrl, { file } = {}) {
  const { artifacts } = await compileDevnetContracts()
  const { pub, wallet, account, chain } = await clients(rpcUrl)

  /** Sends a deployment and returns its receipt's address and block. */
  const deploy = async (/** @type {string} */ name, /** @type {unknown[]} */ args) => {
    const { abi, bytecode } = artifacts[name]
    const hash = await wallet.deployContract({ abi, bytecode, args })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} failed: ${hash}`)
    return { address: getAddress(receipt.contractAddress), block: Number(receipt.blockNumber) }
  }

  const multicall3 = await deploy('Multicall3', [])
  const tokens = []
  for (const { contract, ...token } of TOKENS) {
    const { address } = await deploy(contract, [token.name, token.symbol, token.decimals, parseUnits(SUPPLY, token.decimals)])
    tokens.push({ address, ...token })
  }
  const nft = await deploy('DevCollection', [NFT.name, NFT.symbol])

  /** @type {DevnetContracts} */
  const contracts = {
    chainId: chain.id,
    deployer: account.address,
    startBlock: multicall3.block,
    multicall3: multicall3.address,
    tokens,
    nft: { address: nft.address, ...NFT },
    faucet: { ether: FAUCET_ETHER },
  }
  if (file) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(contracts, null, 2)}\n`)
  }
  return contracts
}

/**
 * The faucet: sends `address` FAUCET_ETHER ether, each token's `faucetAmount` and mints it one
 * NFT, from the deployer, and waits until all of it is mined.
 *
 * @param {string} rpcUrl
 * @param {DevnetContracts} contracts what deployDevnetContracts returned (or wrote)
 * @param {`0x${string}`} address
 * @returns {Promise<{ nftTokenId: bigint }>}
 */
export async function fund(rpcUrl, contracts, address) {
  const { artifacts } = await compileDevnetContracts()
  const { pub, wallet } = await clients(rpcUrl)
  const mined = async (/** @type {`0x${string}`} */ hash) => {
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`faucet transaction ${hash} reverted`)
    return receipt
  }

  await mined(await wallet.sendTransaction({ to: address, value: parseEther(contracts.faucet.ether) }))
  for (const token of contracts.tokens) {
    const { abi } = artifacts[token.kind === 'erc20-no-return' ? 'NoReturnToken' : 'DevToken']
    const amount = parseUnits(token.faucetAmount, token.decimals)
    await mined(await wallet.writeContract({ address: token.address, abi, functionName: 'transfer', args: [address, amount] }))
  }
  const { abi } = artifacts.DevCollection
  const receipt = await mined(
    await wallet.writeContract({ address: contracts.nft.address, abi, functionName: 'mint', args: [address] }),
  )
  const [minted] = parseEventLogs({ abi, logs: receipt.logs, eventName: 'Transfer' })
  return { nftTokenId: /** @type {{ tokenId: bigint }} */ (minted.args).tokenId }
}
