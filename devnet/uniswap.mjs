// A real exchange on the devnet: Uniswap V2 (factory, router and WETH9) deployed from the
// artifacts Uniswap publishes on npm (@uniswap/v2-core, @uniswap/v2-periphery), with pools between
// ETH and the devnet tokens seeded from the deployer. Quotes then come from real reserves and a
// swap really moves tokens. The router's pair-address formula hard-codes the pair bytecode's
// hash; the published artifacts match it, so nothing is recompiled or patched.
import { createRequire } from 'node:module'
import { getAddress, maxUint256, parseEther, parseUnits } from 'viem'

const require = createRequire(import.meta.url)
const WETH9 = require('@uniswap/v2-periphery/build/WETH9.json')
const FACTORY = require('@uniswap/v2-core/build/UniswapV2Factory.json')
const ROUTER = require('@uniswap/v2-periphery/build/UniswapV2Router02.json')

/**
 * The pools seeded at deployment: `eth` ether against `tokens` of the token `symbol` (so the
 * price of ETH in that token is tokens / eth), or two tokens against each other.
 */
export const POOLS = /** @type {const} */ ([
  { symbol: 'dUSD', eth: '100', tokens: '300000' },
  { symbol: 'DEV', eth: '50', tokens: '50000' },
  { symbol: 'dUSDT', eth: '40', tokens: '120000' },
])

/**
 * @typedef {{
 *   weth: `0x${string}`,
 *   factory: `0x${string}`,
 *   router: `0x${string}`,
 *   pairs: { token: `0x${string}`, symbol: string, pair: `0x${string}` }[],
 * }} UniswapV2Deployment The exchange's addresses; each pair is the token against WETH.
 */

/** The 0x-prefixed bytecode of an artifact (the v2 builds store it without the prefix). */
const bytecodeOf = (/** @type {{ bytecode: string }} */ artifact) =>
  /** @type {`0x${string}`} */ (artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`)

/**
 * Deploys WETH9, the factory and Router02 from the deployer, then seeds {@link POOLS}: approves the
 * router for each token and adds the liquidity with `addLiquidityETH`.
 *
 * @param {{ pub: any, wallet: any, account: { address: `0x${string}` } }} clients viem clients signing with the deployer
 * @param {{ address: `0x${string}`, symbol: string, decimals: number }[]} tokens the devnet tokens
 * @returns {Promise<UniswapV2Deployment>}
 */
export async function deployUniswapV2({ pub, wallet, account }, tokens) {
  const mined = async (/** @type {`0x${string}`} */ hash, /** @type {string} */ what) => {
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`${what} failed: ${hash}`)
    return receipt
  }
  const deploy = async (/** @type {any} */ artifact, /** @type {unknown[]} */ args, /** @type {string} */ name) => {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: bytecodeOf(artifact), args })
    const receipt = await mined(hash, `deploying ${name}`)
    return getAddress(receipt.contractAddress)
  }

  const weth = await deploy(WETH9, [], 'WETH9')
  const factory = await deploy(FACTORY, [account.address], 'UniswapV2Factory')
  const router = await deploy(ROUTER, [factory, weth], 'UniswapV2Router02')

  const pairs = []
  for (const pool of POOLS) {
    const token = tokens.find((t) => t.symbol === pool.symbol)
    if (!token) throw new Error(`no devnet token ${pool.symbol} for its pool`)
    const erc20 = [
      { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] },
    ]
    await mined(await wallet.writeContract({ address: token.address, abi: erc20, functionName: 'approve', args: [router, maxUint256] }), `approving ${pool.symbol}`)
    const amount = parseUnits(pool.tokens, token.decimals)
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    await mined(
      await wallet.writeContract({
        address: router,
        abi: ROUTER.abi,
        functionName: 'addLiquidityETH',
        args: [token.address, amount, amount, parseEther(pool.eth), account.address, deadline],
        value: parseEther(pool.eth),
      }),
      `seeding the ${pool.symbol} pool`,
    )
    const pair = await pub.readContract({ address: factory, abi: FACTORY.abi, functionName: 'getPair', args: [token.address, weth] })
    pairs.push({ token: token.address, symbol: pool.symbol, pair: getAddress(pair) })
  }
  return { weth, factory, router, pairs }
}

/** The router's ABI, for callers that quote or swap (tests, the demo). */
export const ROUTER_ABI = ROUTER.abi
/** The pair's ABI (reserves, token0). */
export const PAIR_ABI = require('@uniswap/v2-core/build/UniswapV2Pair.json').abi
