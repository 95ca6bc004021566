// The demo wallet: pairs with a dapp through WalletConnect (the sign client, on the wallet's
// side), approves sessions on every eip155, solana and bip122 chain the dapp asks for (Hardhat's
// test account #1, a Solana test key, a Bitcoin test key), and answers each request once the user
// presses "Sign". A `?uri=wc:…` query parameter pairs at once; `?relay=ws://…` picks the relay.
import { SignClient } from '@walletconnect/sign-client'
import { bitcoin } from './bitcoin'
import { eip155 } from './eip155'
import { type Ask, type ChainFamily, RequestError } from './request'
import { solana } from './solana'
import { $, prompt, status } from './ui'

const FAMILIES: readonly ChainFamily[] = [eip155, solana, bitcoin]
const params = new URLSearchParams(location.search)
const relayUrl = params.get('relay') || import.meta.env.VITE_ORIEL_WC_RELAY || 'ws://127.0.0.1:8600'

type Wallet = Awaited<ReturnType<typeof SignClient.init>>
type ProposalNamespace = { chains?: string[]; methods?: string[]; events?: string[] }
type Proposal = {
  id: number
  params: {
    requiredNamespaces: Record<string, ProposalNamespace>
    optionalNamespaces: Record<string, ProposalNamespace>
    proposer: { metadata: { name: string; url: string } }
  }
}
type SessionRequest = { id: number; topic: string; params: { chainId: string; request: { method: string; params: unknown } } }

for (const family of FAMILIES) {
  $(`[data-testid="wallet-address-${family.namespace}"]`).textContent = family.address
}
$('[data-testid="wallet-relay"]').textContent = relayUrl

function renderSessions(wallet: Wallet) {
  const list = $('#sessions')
  list.replaceChildren(
    ...wallet.session.getAll().map((session) => {
      const item = document.createElement('li')
      item.textContent = `${session.peer.metadata.name} (${session.peer.metadata.url}): ${Object.keys(session.namespaces).join(', ')}`
      return item
    }),
  )
}

/** The chains the proposal names in `namespace`, required or optional. */
function chainsOf({ requiredNamespaces, optionalNamespaces }: Proposal['params'], namespace: string): string[] {
  return [...new Set([...(requiredNamespaces[namespace]?.chains ?? []), ...(optionalNamespaces[namespace]?.chains ?? [])])]
}

async function onProposal(wallet: Wallet, { id, params: proposal }: Proposal) {
  const dapp = proposal.proposer.metadata
  const unknownRequired = Object.keys(proposal.requiredNamespaces).filter((n) => !FAMILIES.some((f) => f.namespace === n))
  const shared = FAMILIES.map((family) => ({ family, chains: chainsOf(proposal, family.namespace) })).filter((s) => s.chains.length > 0)
  const approve = await prompt(
    `Connect to ${dapp.name}?`,
    `${dapp.url}\n${shared.map(({ family, chains }) => `${family.namespace}: ${chains.join(', ')}`).join('\n') || 'no chain this wallet has'}`,
    ['Approve', 'Reject'],
  )
  if (!approve || shared.length === 0 || unknownRequired.length > 0) {
    await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    status('Rejected a connection')
    return
  }
  const namespaces = Object.fromEntries(
    shared.map(({ family, chains }) => [
      family.namespace,
      {
        chains,
        accounts: chains.map((chain) => `${chain}:${family.address}`),
        methods: [...family.methods],
        events: [...family.events],
      },
    ]),
  )
  const { acknowledged } = await wallet.approve({ id, namespaces })
  await acknowledged()
  status(`Connected to ${dapp.name}`)
  renderSessions(wallet)
}

async function onRequest(wallet: Wallet, { id, topic, params: { chainId, request } }: SessionRequest) {
  const { method } = request
  const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
    wallet.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
  const refuse = async (error: unknown) => {
    const known = error instanceof RequestError ? error : new RequestError(-32603, `The demo wallet failed: ${String(error)}`)
    await respond({ error: { code: known.code, message: known.message } })
    status(`Refused ${method}: ${known.message}`)
  }
  const family = FAMILIES.find((f) => chainId.startsWith(`${f.namespace}:`))
  let ask: Ask
  try {
    if (!family) throw new RequestError(4200, `The demo wallet has no account on ${chainId}`)
    ask = family.read(method, request.params)
  } catch (error) {
    await refuse(error)
    return
  }
  if (!(await prompt(`${method} request`, ask.shown, ['Sign', 'Reject']))) {
    await respond({ error: { code: 4001, message: 'User rejected the request.' } })
    status(`Rejected ${method}`)
    return
  }
  let result: unknown
  try {
    result = await ask.answer()
  } catch (error) {
    await refuse(error)
    return
  }
  await respond({ result })
  status(`Signed ${method}`)
}

async function main() {
  const wallet = await SignClient.init({
    projectId: 'demo',
    relayUrl,
    customStoragePrefix: 'oriel-demo-wallet',
    telemetryEnabled: false,
    logger: 'silent',
    metadata: {
      name: 'Oriel Demo Wallet',
      description: 'A local WalletConnect wallet for the Oriel demo',
      url: location.origin,
      icons: [],
    },
  })
  // Offline: Verify lives next to WalletConnect's public relay only, so attestations are not looked up.
  wallet.core.verify.resolve = (async () => undefined) as unknown as Wallet['core']['verify']['resolve']
  wallet.on('session_proposal', (event) => void onProposal(wallet, event).catch(fail))
  wallet.on('session_request', (event) => void onRequest(wallet, event).catch(fail))
  wallet.on('session_delete', () => {
    status('The dapp disconnected')
    renderSessions(wallet)
  })
  renderSessions(wallet)
  status('Ready to pair')

  const pair = async (uri: string) => {
    status('Pairing…')
    await wallet.pair({ uri: uri.trim() })
    status('Paired: waiting for the connection request')
  }
  $<HTMLFormElement>('#pair').addEventListener('submit', (event) => {
    event.preventDefault()
    const input = $<HTMLInputElement>('#uri')
    void pair(input.value).catch(fail)
    input.value = ''
  })
  const fromQuery = params.get('uri')
  if (fromQuery) await pair(fromQuery)
}

function fail(error: unknown) {
  status(`Error: ${error instanceof Error ? error.message : String(error)}`)
}

main().catch(fail)
