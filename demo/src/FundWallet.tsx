import { useState } from 'react'
import { frameHostUrl } from './config'

/** What `POST /dev/faucet` answers (frame-host/API.md). */
interface FaucetReply {
  ether: { amount: string }
  tokens: { symbol: string; amount: string }[]
  nft: { tokenId: string }
}

/** The devnet faucet's answer as one line: what arrived. */
export function describeFunding(reply: FaucetReply): string {
  const parts = [`${reply.ether.amount} ETH`, ...reply.tokens.map((t) => `${t.amount} ${t.symbol}`)]
  return `Sent ${parts.join(', ')} and NFT #${reply.nft.tokenId}`
}

/** "Fund this wallet": frame-host's devnet faucet (dev mode, `make demo`) for `address`. */
export function FundWallet({ address }: { address: string }) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<string>()

  const fund = async () => {
    setBusy(true)
    setResult(undefined)
    try {
      const response = await fetch(`${frameHostUrl}/dev/faucet?projectId=demo&st=demo&sv=0`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address }),
      })
      const body = await response.json()
      setResult(response.ok ? describeFunding(body) : `Faucet failed: ${body?.error?.message ?? response.status}`)
    } catch (error) {
      setResult(`Faucet failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button type="button" data-testid="fund-wallet" disabled={busy} onClick={fund}>
        {busy ? 'Funding…' : 'Fund this wallet'}
      </button>
      {result ? <span data-testid="fund-result"> {result}</span> : null}
    </>
  )
}
