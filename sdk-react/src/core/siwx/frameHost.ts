// The default `siwx`: frame-host is the verifier. A dapp's backend then trusts the session
// token, checked against frame-host's published key (/.well-known/jwks.json). The calls' code
// loads with the first of them, so a page that never signs in does not ship it.
import type { SIWXConfig } from './config'

export type { SIWXVerifierError, SIWXVerifierErrorType } from './frameHostVerifier'

/** Options of {@link createFrameHostSIWX}: the sign-in policy, and where frame-host is. */
export type CreateFrameHostSIWXParameters = Pick<SIWXConfig, 'required' | 'statement' | 'expiresInMs'> & {
  frameHostUrl: string
  projectId: string
  fetch?: typeof fetch | undefined
}

/**
 * Sign-in verified by frame-host, in one line: `siwx: createFrameHostSIWX({ frameHostUrl, projectId })`.
 * The session's `token` is frame-host's EdDSA JWT for the dapp's backend. Refusals reject with
 * `SIWXVerifierError` ('Signature declined', frame-host's reason in `details`).
 *
 * @example
 * createConfig({ projectId, networks, siwx: createFrameHostSIWX({ frameHostUrl: 'https://wallet.lumen.app', projectId, statement: 'Sign in to Lumen' }) })
 */
export function createFrameHostSIWX(parameters: CreateFrameHostSIWXParameters): SIWXConfig {
  let verifier: ReturnType<typeof import('./frameHostVerifier').frameHostVerifier> | undefined
  const load = async () => {
    verifier ??= (await import('./frameHostVerifier')).frameHostVerifier(parameters)
    return verifier
  }
  return {
    required: parameters.required,
    statement: parameters.statement,
    expiresInMs: parameters.expiresInMs,
    getNonce: async (account) => (await load()).getNonce(account),
    verify: async (session) => (await load()).verify(session),
    getSessions: async (account) => (await load()).getSessions(account),
    revoke: async (account, session) => (await load()).revoke(account, session),
  }
}
