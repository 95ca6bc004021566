// The local EVM devnet's configuration (hardhat node, chain 31337, the well-known test
// accounts). Hardhat's own cache goes to the OS temp dir, so the checkout stays clean.
const { join } = require('node:path')
const { tmpdir } = require('node:os')

module.exports = {
  networks: { hardhat: { chainId: 31337 } },
  paths: { cache: join(tmpdir(), 'oriel-hardhat-cache'), artifacts: join(tmpdir(), 'oriel-hardhat-artifacts') },
}
