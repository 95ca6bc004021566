// Compiles the devnet's Solidity contracts (devnet/contracts/*.sol, importing OpenZeppelin from
// node_modules) with solc-js in process, offline. The output is cached in devnet/.cache/, keyed
// by a hash of the sources, the compiler and OpenZeppelin versions and the settings, so only the
// first start after a change pays for the compile.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const CONTRACTS = join(here, 'contracts')
const CACHE = join(here, '.cache')
const require = createRequire(import.meta.url)

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Below hardhat's default hardfork, so the code runs on any recent devnet.
  evmVersion: 'cancun',
}

/** The version of an installed npm package, read without loading it. */
function versionOf(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version
}

/** The sources to compile: `{ "DevToken.sol": { content } }`. */
function readSources() {
  const sources = {}
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = { content: readFileSync(join(CONTRACTS, file), 'utf8') }
  }
  return sources
}

/** solc's import callback: `@openzeppelin/contracts/...` from node_modules. */
function findImport(path) {
  if (!path.startsWith('@openzeppelin/contracts/')) return { error: `unknown import ${path}` }
  return { contents: readFileSync(require.resolve(path), 'utf8') }
}

/**
 * The compiled contracts, by contract name: `{ DevToken: { abi, bytecode } }`, from the cache
 * when the sources, compiler and settings are unchanged.
 *
 * @returns {Promise<{ artifacts: Record<string, { abi: unknown[], bytecode: `0x${string}` }>, cached: boolean }>}
 */
export async function compileDevnetContracts() {
  const sources = readSources()
  const key = createHash('sha256')
    .update(JSON.stringify({ solc: versionOf('solc'), oz: versionOf('@openzeppelin/contracts'), SETTINGS, sources }))
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(CACHE, `contracts-${key}.json`)
  try {
    return { artifacts: JSON.parse(readFileSync(cacheFile, 'utf8')), cached: true }
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error
  }

  const solc = require('solc')
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      ...SETTINGS,
      outputSelection: Object.fromEntries(Object.keys(sources).map((f) => [f, { '*': ['abi', 'evm.bytecode.object'] }])),
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)

  /** @type {Record<string, { abi: unknown[], bytecode: `0x${string}` }>} */
  const artifacts = {}
  for (const file of Object.keys(sources)) {
    for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
      artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
    }
  }
  // Written under a temporary name and renamed, so a concurrent start never reads half a file.
  mkdirSync(CACHE, { recursive: true })
  const partial = `${cacheFile}.${process.pid}.tmp`
  writeFileSync(partial, JSON.stringify(artifacts))
  renameSync(partial, cacheFile)
  // Earlier outputs are for sources that no longer exist.
  for (const old of readdirSync(CACHE).filter((f) => /^contracts-[0-9a-f]+\.json$/.test(f) && join(CACHE, f) !== cacheFile)) {
    rmSync(join(CACHE, old), { force: true })
  }
  return { artifacts, cached: false }
}

// `node devnet/compile.mjs`: compiles (or finds the cache) and prints the contract names.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now()
  const { artifacts, cached } = await compileDevnetContracts()
  const ms = Math.round(performance.now() - started)
  console.log(`${Object.keys(artifacts).join(', ')} (${cached ? 'cached' : 'compiled'}, ${ms} ms)`)
}
