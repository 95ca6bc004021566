// The demo wallet: pairs with a dapp through WalletConnect (the sign client, on the wallet's
// side), approves sessions for Hardhat's test account #1 on every eip155 chain the dapp asks
// for, and signs `personal_sign` and `eth_signTypedData_v4` requests with viem once the user
// presses "Sign". A `?uri=wc:…` query parameter pairs at once; `?relay=ws://…` picks the relay.
import { SignClient } from '@walletconnect/sign-client'
import { hexToString, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Hardhat's well-known test mnemonic, account #1 (m/44'/60'/0'/0/1). Test funds only. */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
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
type SessionRequest = { id: number; topic: string; params: { request: { method: string; params: unknown } } }

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T
const status = (text: string) => {
  $('[data-testid="wallet-status"]').textContent = text
}
$('[data-testid="wallet-address"]').textContent = account.address
$('[data-testid="wallet-relay"]').textContent = relayUrl

/** Shows a prompt with Approve/Reject style buttons; resolves with the pressed one's index. */
function prompt(title: string, body: string, buttons: [string, string]): Promise<boolean> {
  const box = document.createElement('div')
  box.className = 'prompt'
  const heading = document.createElement('h3')
  heading.textContent = title
  const details = document.createElement('pre')
  details.textContent = body
  const row = document.createElement('div')
  row.className = 'row'
  box.append(heading, details, row)
  $('#prompts').append(box)
  return new Promise((resolve) => {
    buttons.forEach((label, index) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = label
      if (index === 1) button.className = 'secondary'
      button.addEventListener('click', () => {
        box.remove()
        resolve(index === 0)
      })
      row.append(button)
    })
  })
}

function renderSessions(wallet: Wallet) {
  const list = $('#sessions')
  list.replaceChildren(
    ...wallet.session.getAll().map((session) => {
      const item = document.createElement('li')
      item.textContent = `${session.peer.metadata.name} (${session.peer.metadata.url})`
      return item
    }),
  )
}

async function onProposal(wallet: Wallet, { id, params: proposal }: Proposal) {
  const asked = { ...proposal.requiredNamespaces, ...proposal.optionalNamespaces }
  const chains: string[] = [...new Set<string>([
    ...(proposal.requiredNamespaces['eip155']?.chains ?? []),
    ...(proposal.optionalNamespaces['eip155']?.chains ?? []),
  ])]
  const dapp = proposal.proposer.metadata
  const approve = await prompt(
    `Connect to ${dapp.name}?`,
    `${dapp.url}\nchains: ${chains.join(', ') || 'none on eip155'}\nnamespaces: ${Object.keys(asked).join(', ')}`,
    ['Approve', 'Reject'],
  )
  if (!approve || chains.length === 0) {
    await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    status('Rejected a connection')
    return
  }
  const methods = asked['eip155']?.methods ?? ['personal_sign']
  const { acknowledged } = await wallet.approve({
    id,
    namespaces: {
      eip155: {
        chains,
        accounts: chains.map((chain) => `${chain}:${account.address}`),
        methods,
        events: asked['eip155']?.events ?? ['chainChanged', 'accountsChanged'],
      },
    },
  })
  await acknowledged()
  status(`Connected to ${dapp.name}`)
  renderSessions(wallet)
}

async function onRequest(wallet: Wallet, { id, topic, params: request }: SessionRequest) {
  const { method } = request.request
  const args = Array.isArray(request.request.params) ? (request.request.params as unknown[]) : []
  const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
    wallet.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
  if (method !== 'personal_sign' && method !== 'eth_signTypedData_v4') {
    await respond({ error: { code: 4200, message: `The demo wallet does not support ${method}` } })
    return
  }
  const shown =
    method === 'personal_sign'
      ? isHex(args[0]) ? hexToString(args[0] as Hex) : String(args[0])
      : JSON.stringify(JSON.parse(String(args[1])), null, 2)
  const sign = await prompt(`${method} request`, shown, ['Sign', 'Reject'])
  if (!sign) {
    await respond({ error: { code: 4001, message: 'User rejected the request.' } })
    status(`Rejected ${method}`)
    return
  }
  const signature =
    method === 'personal_sign'
      ? await account.signMessage({ message: isHex(args[0]) ? { raw: args[0] as Hex } : String(args[0]) })
      : await account.signTypedData(JSON.parse(String(args[1])))
  await respond({ result: signature })
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
