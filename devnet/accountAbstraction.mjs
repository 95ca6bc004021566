// ERC-4337 on the devnet: the v0.7 EntryPoint from the artifacts the eth-infinitism team publishes
// on npm (@account-abstraction/contracts 0.7.0, the release whose EntryPoint is v0.7), and the
// smart account: a Safe 1.4.1 with the Safe4337Module 0.3.0, from Safe's own npm artifacts
// (@safe-global/safe-contracts 1.4.1: the L1 `Safe` singleton, `SafeProxyFactory`,
// `MultiSendCallOnly`; @safe-global/safe-4337 0.3.0: `Safe4337Module`, `SafeModuleSetup`). An
// owner's account is the proxy the factory creates with CREATE2 (`createProxyWithNonce`, salt
// nonce 0) and a `setup` that enables the module (through `SafeModuleSetup.enableModules`) and
// makes it the fallback handler, so the module validates and executes user operations and the
// Safe answers ERC-1271's `isValidSignature`. Its address is known before it exists; the first
// user operation deploys it through its initCode (devnet/userOperation.mjs builds and signs
// operations as the frame does). The devnet also gets the keyless CREATE2 factory most chains
// have (Arachnid's deterministic deployment proxy, from its published pre-signed transaction):
// alto deploys its simulation contracts through it. A bundler (stack/bundler.mjs runs the
// real `@pimlico/alto`) takes the user operations to the EntryPoint.
import { createRequire } from 'node:module'
import { getAddress } from 'viem'

const require = createRequire(import.meta.url)
const ENTRY_POINT = require('@account-abstraction/contracts/artifacts/EntryPoint.json')
const SAFE = require('@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json')
const SAFE_PROXY_FACTORY = require('@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json')
const MULTI_SEND_CALL_ONLY = require('@safe-global/safe-contracts/build/artifacts/contracts/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json')
const SAFE_4337_MODULE = require('@safe-global/safe-4337/build/artifacts/contracts/Safe4337Module.sol/Safe4337Module.json')
const SAFE_MODULE_SETUP = require('@safe-global/safe-4337/build/artifacts/contracts/SafeModuleSetup.sol/SafeModuleSetup.json')

/** The EntryPoint's ABI (`getNonce`, `getUserOpHash`, `balanceOf`, ...). */
export const ENTRY_POINT_ABI = ENTRY_POINT.abi
/** The Safe singleton's ABI, which its proxies answer (`setup`, `getOwners`, `isModuleEnabled`, ...). */
export const SAFE_ABI = SAFE.abi
/** The proxy factory's ABI (`createProxyWithNonce`, `proxyCreationCode`). */
export const SAFE_PROXY_FACTORY_ABI = SAFE_PROXY_FACTORY.abi
/** `MultiSendCallOnly`'s ABI (`multiSend(bytes)`, reached by delegatecall). */
export const MULTI_SEND_CALL_ONLY_ABI = MULTI_SEND_CALL_ONLY.abi
/**
 * The module's ABI: `executeUserOp`, `getOperationHash`, and, as the Safe's fallback handler,
 * `isValidSignature` (a Safe's address answers those through its fallback).
 */
export const SAFE_4337_MODULE_ABI = SAFE_4337_MODULE.abi
/** `SafeModuleSetup`'s ABI (`enableModules`, delegatecalled by `setup`). */
export const SAFE_MODULE_SETUP_ABI = SAFE_MODULE_SETUP.abi

/** The deterministic deployment proxy's address, the same on every chain that has it. */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The keyless account that signed its deployment (nonce 0, gas price 100 gwei, gas 100000). */
const DETERMINISTIC_DEPLOYER_SIGNER = '0x3fab184622dc19b6109349b94811493bf2a45362'
/** Its pre-signed deployment (no chain id, so it replays on any chain), as the proxy's repository publishes it. */
const DETERMINISTIC_DEPLOYER_TRANSACTION =
  '0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222'

/**
 * @typedef {{
 *   entryPoint: `0x${string}`,
 *   safeSingleton: `0x${string}`,
 *   safeProxyFactory: `0x${string}`,
 *   safe4337Module: `0x${string}`,
 *   safeModuleSetup: `0x${string}`,
 *   multiSendCallOnly: `0x${string}`,
 * }} AccountAbstractionDeployment The EntryPoint v0.7, the Safe singleton and its proxy factory,
 *   the Safe4337Module bound to the EntryPoint, the `SafeModuleSetup` a new Safe enables it with,
 *   and the `MultiSendCallOnly` batches go through.
 */

/**
 * Puts the deterministic deployment proxy on the chain unless it is there: funds its keyless
 * signer with exactly the deployment's gas and replays the pre-signed transaction.
 *
 * @param {{ pub: any, wallet: any }} clients viem clients signing with the deployer
 */
async function deployDeterministicDeployer({ pub, wallet }) {
  if ((await pub.getCode({ address: DETERMINISTIC_DEPLOYER })) !== undefined) return
  const fund = await wallet.sendTransaction({ to: DETERMINISTIC_DEPLOYER_SIGNER, value: 100_000n * 100_000_000_000n })
  if ((await pub.waitForTransactionReceipt({ hash: fund })).status !== 'success') throw new Error(`funding the CREATE2 proxy's signer failed: ${fund}`)
  const hash = await pub.sendRawTransaction({ serializedTransaction: DETERMINISTIC_DEPLOYER_TRANSACTION })
  if ((await pub.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error(`deploying the CREATE2 proxy failed: ${hash}`)
}

/**
 * Deploys the CREATE2 proxy, the EntryPoint, the Safe contracts and then the module bound to the
 * EntryPoint, from the deployer.
 *
 * @param {{ pub: any, wallet: any }} clients viem clients signing with the deployer
 * @returns {Promise<AccountAbstractionDeployment>}
 */
export async function deployAccountAbstraction({ pub, wallet }) {
  const deploy = async (/** @type {{ abi: unknown[], bytecode: `0x${string}`, contractName: string }} */ artifact, /** @type {unknown[]} */ args) => {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${artifact.contractName} failed: ${hash}`)
    return /** @type {`0x${string}`} */ (getAddress(receipt.contractAddress))
  }
  await deployDeterministicDeployer({ pub, wallet })
  const entryPoint = await deploy(ENTRY_POINT, [])
  const safeSingleton = await deploy(SAFE, [])
  const safeProxyFactory = await deploy(SAFE_PROXY_FACTORY, [])
  const multiSendCallOnly = await deploy(MULTI_SEND_CALL_ONLY, [])
  const safeModuleSetup = await deploy(SAFE_MODULE_SETUP, [])
  const safe4337Module = await deploy(SAFE_4337_MODULE, [entryPoint])
  return { entryPoint, safeSingleton, safeProxyFactory, safe4337Module, safeModuleSetup, multiSendCallOnly }
}
