// ERC-4337 on the devnet: the v0.7 EntryPoint and the sample SimpleAccountFactory, deployed from
// the artifacts the eth-infinitism team publishes on npm (@account-abstraction/contracts 0.7.0,
// the release whose EntryPoint is v0.7). A smart account of an owner is a SimpleAccount proxy the
// factory creates with CREATE2, so its address is known before it exists (`getAddress`); the
// first user operation deploys it through its initCode. The devnet also gets the keyless CREATE2
// factory most chains have (Arachnid's deterministic deployment proxy, from its published
// pre-signed transaction): alto deploys its simulation contracts through it. A bundler (e2e/support/bundler.mjs runs
// the real `@pimlico/alto`) takes the user operations to the EntryPoint.
import { createRequire } from 'node:module'
import { getAddress } from 'viem'

const require = createRequire(import.meta.url)
const ENTRY_POINT = require('@account-abstraction/contracts/artifacts/EntryPoint.json')
const ACCOUNT_FACTORY = require('@account-abstraction/contracts/artifacts/SimpleAccountFactory.json')
const ACCOUNT = require('@account-abstraction/contracts/artifacts/SimpleAccount.json')

/** The factory's ABI (`createAccount(owner, salt)`, `getAddress(owner, salt)`). */
export const ACCOUNT_FACTORY_ABI = ACCOUNT_FACTORY.abi
/** A SimpleAccount's ABI (`execute`, `executeBatch`, `owner`, ...). */
export const SIMPLE_ACCOUNT_ABI = ACCOUNT.abi
/** The EntryPoint's ABI (`getNonce`, `getUserOpHash`, `balanceOf`, ...). */
export const ENTRY_POINT_ABI = ENTRY_POINT.abi

/** The deterministic deployment proxy's address, the same on every chain that has it. */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The keyless account that signed its deployment (nonce 0, gas price 100 gwei, gas 100000). */
const DETERMINISTIC_DEPLOYER_SIGNER = '0x3fab184622dc19b6109349b94811493bf2a45362'
/** Its pre-signed deployment (no chain id, so it replays on any chain), as the proxy's repository publishes it. */
const DETERMINISTIC_DEPLOYER_TRANSACTION =
  '0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222'

/**
 * @typedef {{ entryPoint: `0x${string}`, accountFactory: `0x${string}` }} AccountAbstractionDeployment
 *   The EntryPoint v0.7 and the SimpleAccountFactory bound to it.
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
 * Deploys the CREATE2 proxy, the EntryPoint and then the factory (which deploys the account
 * implementation in its constructor) from the deployer.
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
  const accountFactory = await deploy(ACCOUNT_FACTORY, [entryPoint])
  return { entryPoint, accountFactory }
}
