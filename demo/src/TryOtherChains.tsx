import { useAccount, useProvider } from '@oriel/react'
import { base58, hex } from '@scure/base'
import { useState } from 'react'
import { DEMO_MESSAGE as MESSAGE } from './typedData'

type Result = { testId: string; value: string } | { testId: 'demo-error'; value: string }

/** Runs one wallet request and keeps its answer (or its error's first line) for display. */
function useRequest() {
  const [result, setResult] = useState<Result>()
  const [busy, setBusy] = useState(false)
  const run = async (testId: string, ask: () => Promise<string>) => {
    setBusy(true)
    setResult(undefined)
    try {
      setResult({ testId, value: await ask() })
    } catch (cause) {
      const code = (cause as { code?: unknown })?.code
      const message = cause instanceof Error ? cause.message.split('\n')[0]! : String(cause)
      setResult({ testId: 'demo-error', value: typeof code === 'number' ? `${code}: ${message}` : message })
    } finally {
      setBusy(false)
    }
  }
  return { result, busy, run }
}

function ResultLine({ result }: { result: Result | undefined }) {
  if (!result) return null
  return result.testId === 'demo-error' ? (
    <p role="alert" data-testid="demo-error">
      {result.value}
    </p>
  ) : (
    <p className="mono" data-testid={result.testId}>
      {result.value}
    </p>
  )
}

/** Sign a message with the connected Solana wallet, through the SDK's Solana provider. */
export function TrySolana() {
  const { provider } = useProvider({ namespace: 'solana' })
  const { address, namespace } = useAccount()
  const { result, busy, run } = useRequest()
  if (!provider || !address || namespace !== 'solana') return null
  const signMessage = async () => {
    const message = base58.encode(new TextEncoder().encode(MESSAGE))
    const { signature } = await provider.request({ method: 'solana_signMessage', params: { message, pubkey: address } })
    return signature
  }
  return (
    <section className="card" aria-labelledby="try-solana-title">
      <h2 id="try-solana-title">Try the Solana wallet</h2>
      <p className="muted">{MESSAGE}</p>
      <div className="actions">
        <button type="button" className="ghost" disabled={busy} onClick={() => run('demo-solana-signature', signMessage)}>
          Sign message
        </button>
      </div>
      <ResultLine result={result} />
    </section>
  )
}

/** Sign a message and a PSBT with the connected Bitcoin wallet, through the SDK's Bitcoin provider. */
export function TryBitcoin() {
  const { provider } = useProvider({ namespace: 'bip122' })
  const { address, namespace } = useAccount()
  const { result, busy, run } = useRequest()
  if (!provider || !address || namespace !== 'bip122') return null
  const signMessage = async () => {
    const { signature } = await provider.request({ method: 'signMessage', params: { account: address, message: MESSAGE } })
    return signature
  }
  const signPsbt = async () => {
    const accounts = await provider.request({ method: 'getAccountAddresses' })
    const publicKey = accounts.find((a) => a.address === address)?.publicKey
    if (!publicKey) throw new Error('The wallet shares no public key for this address')
    // The Bitcoin library loads with the first PSBT, not with the page.
    const { demoPsbt } = await import('./demoPsbt')
    const psbt = demoPsbt(hex.decode(publicKey), address)
    const signed = await provider.request({
      method: 'signPsbt',
      params: { account: address, psbt, signInputs: [{ address, index: 0 }] },
    })
    return signed.psbt ?? ''
  }
  return (
    <section className="card" aria-labelledby="try-bitcoin-title">
      <h2 id="try-bitcoin-title">Try the Bitcoin wallet</h2>
      <p className="muted">{MESSAGE}</p>
      <div className="actions">
        <button type="button" className="ghost" disabled={busy} onClick={() => run('demo-bitcoin-signature', signMessage)}>
          Sign message
        </button>
        <button type="button" className="ghost" disabled={busy} onClick={() => run('demo-bitcoin-psbt', signPsbt)}>
          Sign PSBT
        </button>
      </div>
      <ResultLine result={result} />
    </section>
  )
}
