// The demo Farcaster client: what a Farcaster app does with a Sign In With Farcaster link (FIP-11),
// with @farcaster/auth-client's wallet client against frame-host's relay. It reads the link (this
// page's own address when the link was opened or scanned, or a pasted one), asks the relay what the
// channel wants signed, shows it, and on Approve signs the FIP-11 message with the devnet account's
// custody key and posts it to the relay with the account's profile. `?relay=http://…` picks the
// relay (frame-host); the build's VITE_ORIEL_FRAME_HOST is the default.
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { privateKeyToAccount } from 'viem/accounts'
import {
  FARCASTER_CUSTODY_KEY,
  FARCASTER_DEMO_RELAY_KEY,
  FARCASTER_FID,
  FARCASTER_PROFILE,
} from '../../devnet/farcaster.mjs'

const account = privateKeyToAccount(FARCASTER_CUSTODY_KEY)
const params = new URLSearchParams(location.search)
const relay = (params.get('relay') || import.meta.env.VITE_ORIEL_FRAME_HOST || 'http://127.0.0.1:8787').replace(/\/$/, '')
// The connector is the auth client's way to read Farcaster's contracts; a client only signs, so
// it never calls it.
const client = createWalletClient({ relay, ethereum: viemConnector() })
const pfpUrl = new URL('/pfp.svg', location.origin).href

/** What a channel asks to be signed (the relay status's `signatureParams`). */
type SignatureParams = {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}
type Status = { state: 'pending' | 'completed'; signatureParams: SignatureParams; metadata?: { userAgent?: string } }

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T
const status = (text: string) => {
  $('[data-testid="farcaster-status"]').textContent = text
}
$('[data-testid="farcaster-username"]').textContent = `@${FARCASTER_PROFILE.username}`
$('[data-testid="farcaster-fid"]').textContent = String(FARCASTER_FID)
$('[data-testid="farcaster-custody"]').textContent = account.address
$('[data-testid="farcaster-relay"]').textContent = relay

/** Shows what is asked with Approve and Decline; resolves with whether Approve was pressed. */
function prompt(title: string, rows: [string, string][]): Promise<boolean> {
  const box = document.createElement('div')
  box.className = 'prompt'
  const heading = document.createElement('h3')
  heading.textContent = title
  const details = document.createElement('dl')
  for (const [name, value] of rows) {
    const dt = document.createElement('dt')
    dt.textContent = name
    const dd = document.createElement('dd')
    dd.className = 'mono'
    dd.textContent = value
    details.append(dt, dd)
  }
  const row = document.createElement('div')
  row.className = 'row'
  box.append(heading, details, row)
  $('#prompts').replaceChildren(box)
  return new Promise((resolve) => {
    for (const [label, approve] of [
      ['Approve', true],
      ['Decline', false],
    ] as const) {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = label
      if (!approve) button.className = 'secondary'
      button.addEventListener('click', () => {
        box.remove()
        resolve(approve)
      })
      row.append(button)
    }
  })
}

/** An auth client error's text. */
const why = (error: Error | undefined) => error?.message ?? 'no reason given'

/** The relay's error text of an answer, else its HTTP status. */
function errorOf(response: Response, data: unknown): string {
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof message === 'string' ? message : `HTTP status code: ${response.status}`
}

/** The channel of `link`, as the relay has it. */
async function channelOf(channelToken: string): Promise<Status> {
  const response = await fetch(`${relay}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
  const data: unknown = await response.json().catch(() => undefined)
  if (response.status === 401) throw new Error('This sign-in link has expired or is not known to the relay')
  if (!response.ok) throw new Error(errorOf(response, data))
  return data as Status
}

/** Opens a sign-in link: what it asks, then, on Approve, the signed message to the relay. */
async function signIn(link: string) {
  const parsed = client.parseSignInURI({ uri: link.trim() })
  if (parsed.isError) throw new Error(`Not a sign-in link: ${why(parsed.error)}`)
  const { channelToken } = parsed
  status('Reading the sign-in request…')
  const channel = await channelOf(channelToken)
  if (channel.state !== 'pending') throw new Error('This sign-in was already answered')
  const asked = channel.signatureParams
  status('Waiting for you to approve')
  const approve = await prompt(`Sign in to ${asked.domain}?`, [
    ['As', `@${FARCASTER_PROFILE.username} (fid ${FARCASTER_FID})`],
    ['Site', asked.siweUri],
    ['Nonce', asked.nonce],
    ...(asked.requestId ? ([['Request', asked.requestId]] as [string, string][]) : []),
    ['From', channel.metadata?.userAgent || 'an unknown browser'],
  ])
  if (!approve) {
    status(`Declined the sign-in to ${asked.domain}`)
    return
  }
  const built = client.buildSignInMessage({
    address: account.address,
    fid: FARCASTER_FID,
    uri: asked.siweUri,
    domain: asked.domain,
    nonce: asked.nonce,
    ...(asked.notBefore ? { notBefore: new Date(asked.notBefore) } : {}),
    ...(asked.expirationTime ? { expirationTime: new Date(asked.expirationTime) } : {}),
    ...(asked.requestId ? { requestId: asked.requestId } : {}),
  })
  if (built.isError) throw new Error(`The sign-in message could not be built: ${why(built.error)}`)
  const signature = await account.signMessage({ message: built.message })
  const answer = await client.authenticate({
    channelToken,
    authKey: FARCASTER_DEMO_RELAY_KEY,
    message: built.message,
    signature,
    fid: FARCASTER_FID,
    ...FARCASTER_PROFILE,
    pfpUrl,
  })
  if (answer.isError) throw new Error(`The relay could not be reached: ${why(answer.error)}`)
  if (answer.response.status !== 201) throw new Error(errorOf(answer.response, answer.data))
  status(`Signed in to ${asked.domain}`)
}

function fail(error: unknown) {
  status(`Error: ${error instanceof Error ? error.message : String(error)}`)
}

$<HTMLFormElement>('#sign-in').addEventListener('submit', (event) => {
  event.preventDefault()
  const input = $<HTMLInputElement>('#link')
  void signIn(input.value).catch(fail)
  input.value = ''
})
// Opened (or scanned) as the sign-in link itself: this page is the link's base.
if (params.has('channelToken')) void signIn(location.href).catch(fail)
