// Deploys the devnet's contracts (devnet/contracts, compiled by compile.mjs) on a local EVM devnet
// with hardhat's first test account: Multicall3, a 6-decimals stablecoin, an 18-decimals token, a
// USDT-style token whose `transfer` returns nothing, and an ERC-721 collection with on-chain
// images, ENS's registry and a public resolver (names are set by devnet/ens.mjs), a universal
// resolver (viem's ENS actions call it) and the resolver of frame-host's name suffix (CCIP-read;
// frame-host points it at its gateway when it starts), Uniswap V2 with pools between ETH and
// the tokens (devnet/uniswap.mjs), and an IdRegistry of Farcaster accounts with the devnet's own
// account (devnet/farcaster.mjs) registered as fid 1, and ERC-4337 (devnet/accountAbstraction.mjs:
// the EntryPoint v0.7 and the Safe 1.4.1 contracts with the Safe4337Module of smart accounts).
// `fund` is the faucet's logic: ETH, some of each token and one NFT to an address.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  labelhash,
  namehash,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroHash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { deployAccountAbstraction } from './accountAbstraction.mjs'
import { compileDevnetContracts } from './compile.mjs'
import { FARCASTER_CUSTODY_ADDRESS, FARCASTER_FID } from './farcaster.mjs'
import { deployUniswapV2 } from './uniswap.mjs'

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
 *   ens: { registry: `0x${string}`, resolver: `0x${string}`, universalResolver: `0x${string}`, nameResolver: `0x${string}` },
 *   uniswapV2: import('./uniswap.mjs').UniswapV2Deployment,
 *   farcaster: { idRegistry: `0x${string}`, fid: number, custody: `0x${string}` },
 *   accountAbstraction: import('./accountAbstraction.mjs').AccountAbstractionDeployment,
 * }} DevnetContracts The addresses file: `startBlock` is the block of the first deployment; `ens`:
 *   the ENS registry (the deployer owns the root, `reverse` and `addr.reverse`), its public
 *   resolver, the universal resolver (`DevUniversalResolver`, for viem's
 *   `universalResolverAddress`) and the CCIP-read resolver of frame-host's names
 *   (`OffchainNameResolver`, owned by the deployer, with no gateway until frame-host sets one);
 *   `uniswapV2`: the exchange and its seeded pools; `farcaster`: the IdRegistry (`DevIdRegistry`,
 *   the deployer registers) and the devnet's Farcaster account in it (`fid`, its `custody`
 *   address, whose key is devnet/farcaster.mjs's); `accountAbstraction`: ERC-4337's EntryPoint
 *   v0.7 and the Safe contracts of smart accounts (devnet/accountAbstraction.mjs).
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

/**
 * The deployer's transactions per RPC URL, one after the other: each takes its nonce from the
 * node once the one before is mined, so concurrent `fund` calls never reuse a nonce (and a fresh
 * node at the same URL starts again from 0, which a nonce cache would not).
 * @type {Map<string, Promise<unknown>>}
 */
const queues = new Map()

/**
 * Runs `task` after every earlier task for `rpcUrl` has settled.
 * @template T
 * @param {string} rpcUrl
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export function serialized(rpcUrl, task) {
  const run = (queues.get(rpcUrl) ?? Promise.resolve()).then(task, task)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  queues.set(rpcUrl, settled)
  void settled.then(() => {
    if (queues.get(rpcUrl) === settled) queues.delete(rpcUrl)
  })
  return run
}

/** viem clients for `rpcUrl`, signing with the deployer. */
export async function clients(rpcUrl) {
  const transport = http(rpcUrl)
  const id = await createPublicClient({ transport }).getChainId()
  const chain = defineChain({
    id,
    name: 'Oriel devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(DEVNET_DEPLOYER_KEY)
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
 * @example
 * const contracts = await deployDevnetContracts('http://127.0.0.1:8545', { file: '.data/devnet-contracts.json' })
 * contracts.tokens.find((t) => t.symbol === 'dUSD')?.address
 *
 * @param {string} rpcUrl
 * @param {{ file?: string }} [options]
 * @returns {Promise<DevnetContracts>}
 */
export function deployDevnetContracts(rpcUrl, { file } = {}) {
  return serialized(rpcUrl, () => deploy(rpcUrl, file))
}

/**
 * deployDevnetContracts' work, run in the URL's queue.
 * @param {string} rpcUrl
 * @param {string | undefined} file
 * @returns {Promise<DevnetContracts>}
 */
async function deploy(rpcUrl, file) {
  const { artifacts } = await compileDevnetContracts()
  const { pub, wallet, account, chain } = await clients(rpcUrl)

  /** Sends a deployment and returns its receipt's address and block. */
  const deployOne = async (/** @type {string} */ name, /** @type {unknown[]} */ args) => {
    const { abi, bytecode } = artifacts[name]
    const hash = await wallet.deployContract({ abi, bytecode, args })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} failed: ${hash}`)
    return { address: getAddress(receipt.contractAddress), block: Number(receipt.blockNumber) }
  }

  const multicall3 = await deployOne('Multicall3', [])
  const tokens = []
  for (const { contract, ...token } of TOKENS) {
    const { address } = await deployOne(contract, [token.name, token.symbol, token.decimals, parseUnits(SUPPLY, token.decimals)])
    tokens.push({ address, ...token })
  }
  const nft = await deployOne('DevCollection', [NFT.name, NFT.symbol])
  const registry = await deployOne('DevEnsRegistry', [])
  const resolver = await deployOne('DevEnsResolver', [registry.address])
  // The reverse records' parent, `addr.reverse`, owned by the deployer (devnet/ens.mjs writes under it).
  const { abi: registryAbi } = artifacts.DevEnsRegistry
  for (const [parent, label] of [
    [zeroHash, 'reverse'],
    [namehash('reverse'), 'addr'],
  ]) {
    const hash = await wallet.writeContract({
      address: registry.address,
      abi: registryAbi,
      functionName: 'setSubnodeOwner',
      args: [parent, labelhash(label), account.address],
    })
    if ((await pub.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error(`claiming ${label} failed: ${hash}`)
  }

  const uniswapV2 = await deployUniswapV2({ pub, wallet, account }, tokens)
  // Last, so every earlier contract keeps the address it had before these existed.
  const universalResolver = await deployOne('DevUniversalResolver', [registry.address])
  const nameResolver = await deployOne('OffchainNameResolver', [account.address, '', []])
  const idRegistry = await deployOne('DevIdRegistry', [account.address])
  const farcasterFid = await registerFidWith({ pub, wallet }, artifacts, idRegistry.address, FARCASTER_CUSTODY_ADDRESS)
  // The demo Farcaster client (demo/farcaster) signs in as this fid.
  if (farcasterFid !== FARCASTER_FID) throw new Error(`the devnet's Farcaster account got fid ${farcasterFid}, not ${FARCASTER_FID}`)
  const accountAbstraction = await deployAccountAbstraction({ pub, wallet })

  /** @type {DevnetContracts} */
  const contracts = {
    chainId: chain.id,
    deployer: account.address,
    startBlock: multicall3.block,
    multicall3: multicall3.address,
    tokens,
    nft: { address: nft.address, ...NFT },
    faucet: { ether: FAUCET_ETHER },
    ens: {
      registry: registry.address,
      resolver: resolver.address,
      universalResolver: universalResolver.address,
      nameResolver: nameResolver.address,
    },
    uniswapV2,
    farcaster: { idRegistry: idRegistry.address, fid: farcasterFid, custody: getAddress(FARCASTER_CUSTODY_ADDRESS) },
    accountAbstraction,
  }
  if (file) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(contracts, null, 2)}\n`)
  }
  return contracts
}

/**
 * Registers the next fid of the devnet's IdRegistry to `custody` (recovery: the deployer), as
 * the deployer; resolves to the fid. Calls for one RPC URL run one at a time.
 *
 * @example
 * const fid = await registerFid('http://127.0.0.1:8545', contracts, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 *
 * @param {string} rpcUrl
 * @param {DevnetContracts} contracts
 * @param {`0x${string}`} custody
 * @returns {Promise<number>}
 */
export function registerFid(rpcUrl, contracts, custody) {
  return serialized(rpcUrl, async () => {
    const { artifacts } = await compileDevnetContracts()
    const { pub, wallet } = await clients(rpcUrl)
    return registerFidWith({ pub, wallet }, artifacts, contracts.farcaster.idRegistry, custody)
  })
}

/**
 * registerFid's transaction, with the deployer's clients.
 * @param {Pick<Awaited<ReturnType<typeof clients>>, 'pub' | 'wallet'>} clients
 * @param {Record<string, { abi: unknown[] }>} artifacts
 * @param {`0x${string}`} registry
 * @param {`0x${string}`} custody
 * @returns {Promise<number>}
 */
async function registerFidWith({ pub, wallet }, artifacts, registry, custody) {
  const { abi } = artifacts.DevIdRegistry
  const hash = await wallet.writeContract({
    address: registry,
    abi,
    functionName: 'register',
    args: [custody, wallet.account.address],
  })
  const receipt = await pub.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`registering a fid for ${custody} failed: ${hash}`)
  const [registered] = parseEventLogs({ abi, logs: receipt.logs, eventName: 'Register' })
  return Number(/** @type {{ id: bigint }} */ (registered.args).id)
}

/**
 * The faucet: sends `address` FAUCET_ETHER ether, each token's `faucetAmount` and mints it one
 * NFT, from the deployer, and waits until all of it is mined. Calls for one RPC URL run one at a
 * time.
 *
 * @example
 * const contracts = JSON.parse(readFileSync('.data/devnet-contracts.json', 'utf8'))
 * const { nftTokenId } = await fund('http://127.0.0.1:8545', contracts, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 *
 * @param {string} rpcUrl
 * @param {DevnetContracts} contracts what deployDevnetContracts returned (or wrote)
 * @param {`0x${string}`} address
 * @returns {Promise<{ nftTokenId: bigint }>}
 */
export function fund(rpcUrl, contracts, address) {
  return serialized(rpcUrl, () => send(rpcUrl, contracts, address))
}

/**
 * fund's work, run in the URL's queue.
 * @param {string} rpcUrl
 * @param {DevnetContracts} contracts
 * @param {`0x${string}`} address
 * @returns {Promise<{ nftTokenId: bigint }>}
 */
async function send(rpcUrl, contracts, address) {
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

// `node devnet/deploy.mjs fund <address> [contracts file] [rpc url]`: the faucet by hand, against
// `make demo`'s devnet by default.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, address, file = '.data/devnet-contracts.json', rpcUrl = 'http://127.0.0.1:8545'] = process.argv.slice(2)
  if (command !== 'fund' || !address?.startsWith('0x')) {
    console.error('usage: node devnet/deploy.mjs fund <address> [contracts file] [rpc url]')
    process.exit(2)
  }
  const contracts = JSON.parse(readFileSync(file, 'utf8'))
  const { nftTokenId } = await fund(rpcUrl, contracts, getAddress(address))
  const tokens = contracts.tokens.map((/** @type {DevnetToken} */ t) => `${t.faucetAmount} ${t.symbol}`).join(', ')
  console.log(`sent ${address} ${contracts.faucet.ether} ETH, ${tokens} and ${contracts.nft.symbol} #${nftTokenId}`)
}
