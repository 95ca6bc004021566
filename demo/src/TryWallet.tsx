import { useAccount, useNetwork, useProvider } from '@oriel/react'
import { useState } from 'react'
import { DEMO_MESSAGE, DEMO_RECIPIENT, DEMO_SECOND_RECIPIENT, DEMO_VALUE, demoTypedData } from './typedData'

type Kind = 'signature' | 'typed' | 'tx' | 'batch'
type Result = { kind: Kind; value: string } | { kind: 'error'; value: string }

/** Where each result shows, for people and for the browser tests. */
const RESULT_TEST_IDS: Record<Kind, string> = {
  signature: 'demo-signature',
  typed: 'demo-typed-signature',
  tx: 'demo-tx-hash',
  batch: 'demo-batch-id',
}

const toHex = (text: string) =>
  `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * Every signing path of the connected wallet, through the SDK's EIP-1193 provider exactly as a
 * dapp would use it: personal_sign, eth_signTypedData_v4, eth_sendTransaction and
 * wallet_sendCalls (ERC-5792). With the embedded wallet, each one opens the approval inside the
 * wallet frame.
 */
export function TryWallet() {
  const { provider } = useProvider()
  const { address } = useAccount()
  const { network } = useNetwork()
  const [result, setResult] = useState<Result>()
  const [busy, setBusy] = useState(false)
  if (!provider || !address) return null

  const run = async (kind: Kind, ask: () => Promise<unknown>) => {
    setBusy(true)
    setResult(undefined)
    try {
      setResult({ kind, value: String(await ask()) })
    } catch (cause) {
      const code = (cause as { code?: unknown })?.code
      const message = cause instanceof Error ? cause.message.split('\n')[0]! : String(cause)
      setResult({ kind: 'error', value: typeof code === 'number' ? `${code}: ${message}` : message })
    } finally {
      setBusy(false)
    }
  }
  const chainId = typeof network?.id === 'number' ? network.id : 1
  const requests: { kind: Kind; label: string; ask: () => Promise<unknown> }[] = [
    {
      kind: 'signature',
      label: 'Sign message',
      ask: () => provider.request({ method: 'personal_sign', params: [toHex(DEMO_MESSAGE), address] }),
    },
    {
      kind: 'typed',
      label: 'Sign typed data',
      ask: () =>
        provider.request({
          method: 'eth_signTypedData_v4',
          params: [address, JSON.stringify(demoTypedData(chainId, address as `0x${string}`))],
        }),
    },
    {
      kind: 'tx',
      label: 'Send transaction',
      ask: () =>
        provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to: DEMO_RECIPIENT, value: DEMO_VALUE }] }),
    },
    {
      kind: 'batch',
      label: 'Send a batch',
      // ERC-5792 v2, as the frame parses it (signer/src/sign/calls.rs); the answer is `{ id }`.
      ask: async () => {
        const { id } = (await provider.request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              chainId: `0x${chainId.toString(16)}`,
              from: address,
              atomicRequired: false,
              calls: [
                { to: DEMO_RECIPIENT, value: DEMO_VALUE },
                { to: DEMO_SECOND_RECIPIENT, value: DEMO_VALUE },
              ],
            },
          ],
        })) as { id: string }
        return id
      },
    },
  ]

  return (
    <section className="card" aria-labelledby="try-title">
      <h2 id="try-title">Try the wallet</h2>
      <p className="muted" data-testid="demo-message">
        {DEMO_MESSAGE}
      </p>
      <div className="actions">
        {requests.map(({ kind, label, ask }) => (
          <button key={kind} type="button" className="ghost" disabled={busy} onClick={() => run(kind, ask)}>
            {label}
          </button>
        ))}
      </div>
      {result && result.kind !== 'error' ? (
        <p className="mono" data-testid={RESULT_TEST_IDS[result.kind]}>
          {result.value}
        </p>
      ) : null}
      {result?.kind === 'error' ? (
        <p role="alert" data-testid="demo-error">
          {result.value}
        </p>
      ) : null}
    </section>
  )
}
