// Compiles SignatureCheck.sol (the ERC-6492 check frame-host runs as a deployless eth_call) with
// solc-js, offline, and writes its creation code to frame-host/src/siwx/signature_check.hex.
// Settings: optimizer on (200 runs), EVM version paris (no PUSH0 or MCOPY, so the code runs on
// chains that lag behind mainnet's upgrades).
//
//   node devnet/validator/compile.mjs          writes the hex file
//   node devnet/validator/compile.mjs --print  prints the creation code (the frame-host test
//                                              compares it with the committed file)
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const OUTPUT = join(here, '../../frame-host/src/siwx/signature_check.hex')
const require = createRequire(import.meta.url)

/** The creation code of SignatureCheck, `0x`-less lowercase hex. */
export function compileSignatureCheck() {
  const solc = require('solc')
  const input = {
    language: 'Solidity',
    sources: { 'SignatureCheck.sol': { content: readFileSync(join(here, 'SignatureCheck.sol'), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      // No metadata hash: the code depends only on the source and the compiler.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { 'SignatureCheck.sol': { SignatureCheck: ['evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  return output.contracts['SignatureCheck.sol'].SignatureCheck.evm.bytecode.object
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = compileSignatureCheck()
  if (process.argv.includes('--print')) {
    console.log(code)
  } else {
    writeFileSync(OUTPUT, `${code}\n`)
    console.log(`wrote ${OUTPUT} (${code.length / 2} bytes)`)
  }
}
