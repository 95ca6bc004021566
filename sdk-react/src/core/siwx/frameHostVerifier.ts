// frame-host as the sign-in verifier (its /v1/sessions routes, frame-host/API.md "Sign-in with a
// wallet"), loaded when the first sign-in call is made (see frameHost.ts).
import { BaseError } from '../errors/base'
import { HttpStatusError } from '../errors/registry'
import { errorMessage, frameHostQuery } from '../wallets/registry'
import type { SIWXConfig, SIWXSession } from './config'
import type { CreateFrameHostSIWXParameters } from './frameHost'

export type SIWXVerifierErrorType = SIWXVerifierError & { name: 'SIWXVerifierError' }
/** frame-host refused or could not answer a sign-in call; `details` has its reason. */
export class SIWXVerifierError extends BaseError {
  override name = 'SIWXVerifierError'
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('Signature declined', { details: reason, cause })
  }
}

/** The verifier's calls of {@link SIWXConfig}, against frame-host. */
export function frameHostVerifier(parameters: CreateFrameHostSIWXParameters): Pick<SIWXConfig, 'getNonce' | 'verify' | 'getSessions' | 'revoke'> {
  const base = parameters.frameHostUrl.replace(/\/+$/, '')
  const query = frameHostQuery(parameters.projectId).toString()
  const call = async (path: string, init?: RequestInit): Promise<Record<string, unknown>> => {
    const url = `${base}${path}?${query}`
    let response: Response
    try {
      response = await (parameters.fetch ?? fetch)(url, { credentials: 'omit', ...init })
    } catch (cause) {
      throw new SIWXVerifierError({ reason: `frame-host could not be reached at ${base}`, cause })
    }
    if (!response.ok) {
      const message = await errorMessage(response)
      throw new SIWXVerifierError({ reason: message ?? `HTTP ${response.status}`, cause: new HttpStatusError({ status: response.status, url, message }) })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (typeof body !== 'object' || body === null) throw new SIWXVerifierError({ reason: `${path} did not answer a JSON object` })
    return body as Record<string, unknown>
  }
  const post = (path: string, body: unknown) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  return {
    async getNonce() {
      const { nonce } = await call('/v1/sessions/nonce')
      if (typeof nonce !== 'string') throw new SIWXVerifierError({ reason: 'the nonce answer has no nonce' })
      return nonce
    },
    async verify(session) {
      const answer = await post('/v1/sessions', { message: session.message, signature: session.signature })
      const stored = answer['session'] as { id?: unknown } | undefined
      if (typeof answer['token'] !== 'string' || typeof stored?.id !== 'string') {
        throw new SIWXVerifierError({ reason: 'the sign-in answer has no session or token' })
      }
      return { ...session, token: answer['token'], id: stored.id }
    },
    // Sessions are kept on this page with their token; frame-host answers for a token only.
    getSessions: async () => [],
    async revoke({ accountAddress }, session?: SIWXSession) {
      if (!session?.id) return
      await post(`/v1/sessions/${encodeURIComponent(accountAddress)}/revoke`, { pci: session.id, signature: session.signature })
    },
  }
}
