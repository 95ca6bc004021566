// Names on the devnet's ENS (DevEnsRegistry and DevEnsResolver, deployed by deploy.mjs): the
// deployer, which owns the registry's root and `addr.reverse`, writes an address's forward
// record (`name` -> address, with an optional `avatar` text record) and its reverse record
// (`<address>.addr.reverse` -> `name`), the records ENS's standard resolution reads.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getAddress, labelhash, namehash } from 'viem'
import { normalize } from 'viem/ens'
import { compileDevnetContracts } from './compile.mjs'
import { clients, serialized } from './deploy.mjs'

/**
 * Points `name` at `address` (its `addr` record) and, with `avatar`, sets its `avatar` text
 * record; the deployer takes each label of the name on the way. Returns the normalised name.
 *
 * @param {string} rpcUrl
 * @param {import('./deploy.mjs').DevnetContracts} contracts
 * @param {string} name such as `alice.oriel`
 * @param {`0x${string}`} address
 * @param {{ avatar?: string }} [options]
 * @returns {Promise<string>}
 */
export function setEnsAddress(rpcUrl, contracts, name, address, { avatar } = {}) {
  return serialized(rpcUrl, async () => {
    const normalized = normalize(name)
    const { write, deployer } = await writer(rpcUrl, contracts)
    const labels = normalized.split('.')
    let parent = namehash('')
    for (let i = labels.length - 1; i >= 0; i--) {
      await write('registry', 'setSubnodeOwner', [parent, labelhash(labels[i]), deployer])
      parent = namehash(labels.slice(i).join('.'))
    }
    const node = namehash(normalized)
    await write('registry', 'setResolver', [node, contracts.ens.resolver])
    await write('resolver', 'setAddr', [node, getAddress(address)])
    if (avatar !== undefined) await write('resolver', 'setText', [node, 'avatar', avatar])
    return normalized
  })
}

/**
 * Sets the reverse record of `address` (`<address, lowercase hex>.addr.reverse`) to `name`, as
 * given: resolution checks it against the forward record.
 *
 * @param {string} rpcUrl
 * @param {import('./deploy.mjs').DevnetContracts} contracts
 * @param {`0x${string}`} address
 * @param {string} name
 */
export function setEnsReverseName(rpcUrl, contracts, address, name) {
  return serialized(rpcUrl, async () => {
    const { write, deployer } = await writer(rpcUrl, contracts)
    const label = getAddress(address).slice(2).toLowerCase()
    await write('registry', 'setSubnodeOwner', [namehash('addr.reverse'), labelhash(label), deployer])
    const node = namehash(`${label}.addr.reverse`)
    await write('registry', 'setResolver', [node, contracts.ens.resolver])
    await write('resolver', 'setName', [node, name])
  })
}

/**
 * Gives `address` the primary name `name`: its forward record (and `avatar`), then its reverse
 * record.
 *
 * @example
 * const contracts = JSON.parse(readFileSync('.data/devnet-contracts.json', 'utf8'))
 * await setEnsName('http://127.0.0.1:8545', contracts, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'alice.oriel', { avatar: 'https://example.com/a.png' })
 *
 * @param {string} rpcUrl
 * @param {import('./deploy.mjs').DevnetContracts} contracts
 * @param {`0x${string}`} address
 * @param {string} name
 * @param {{ avatar?: string }} [options]
 * @returns {Promise<string>} the normalised name
 */
export async function setEnsName(rpcUrl, contracts, address, name, options = {}) {
  const normalized = await setEnsAddress(rpcUrl, contracts, name, address, options)
  await setEnsReverseName(rpcUrl, contracts, address, normalized)
  return normalized
}

/** A function that sends the deployer's call to the registry or resolver and waits until it is mined. */
async function writer(rpcUrl, contracts) {
  if (!contracts.ens) throw new Error('the contracts file has no ens: deploy again with devnet/deploy.mjs')
  const { artifacts } = await compileDevnetContracts()
  const { pub, wallet, account } = await clients(rpcUrl)
  const targets = {
    registry: { address: contracts.ens.registry, abi: artifacts.DevEnsRegistry.abi },
    resolver: { address: contracts.ens.resolver, abi: artifacts.DevEnsResolver.abi },
  }
  /** @param {'registry' | 'resolver'} target @param {string} functionName @param {unknown[]} args */
  const write = async (target, functionName, args) => {
    const hash = await wallet.writeContract({ ...targets[target], functionName, args })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`ENS ${functionName} reverted: ${hash}`)
  }
  return { write, deployer: account.address }
}

// `node devnet/ens.mjs set-name <address> <name> [avatar] [contracts file] [rpc url]`: a primary
// name by hand, on `make demo`'s devnet by default.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, address, name, avatar, file = '.data/devnet-contracts.json', rpcUrl = 'http://127.0.0.1:8545'] =
    process.argv.slice(2)
  if (command !== 'set-name' || !address?.startsWith('0x') || !name) {
    console.error('usage: node devnet/ens.mjs set-name <address> <name> [avatar url] [contracts file] [rpc url]')
    process.exit(2)
  }
  const contracts = JSON.parse(readFileSync(file, 'utf8'))
  const options = avatar ? { avatar } : {}
  const normalized = await setEnsName(rpcUrl, contracts, getAddress(address), name, options)
  console.log(`${address} is now ${normalized}${avatar ? ` (avatar ${avatar})` : ''}`)
}
