// frame-host as the sign-in verifier (its /v1/sessions routes, frame-host/API.md "Sign-in with a
// wallet"), loaded when the first sign-in call is made (see frameHost.ts).
import { BaseError } from '../errors/base'
import {
  FrameHostError,
  type FrameHostService,
  FrameHostUnreachableError,
  HttpStatusError,
  InvalidFrameHostResponseError,
} from '../frameHost/errors'
import { checkNonceReply, checkRevokeReply, checkSignInReply, type RevokeRequest, type SignInRequest } from '../frameHost/siwx.gen'
import { createFrameHost, type FrameHostCall, parseAnswer } from '../frameHost/transport'
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

/** The sign-in routes: every refusal's words are its reason. */
const SIWX_SERVICE: FrameHostService = {
  name: 'siwx',
  unreachable: 'Could not reach the sign-in service',
  invalid: 'Invalid answer from the sign-in service',
  explains: () => true,
}

/** The verifier's calls of {@link SIWXConfig}, against frame-host. */
export function frameHostVerifier(parameters: CreateFrameHostSIWXParameters): Pick<SIWXConfig, 'getNonce' | 'verify' | 'getSessions' | 'revoke'> {
  const frameHost = createFrameHost({ baseUrl: parameters.frameHostUrl, projectId: parameters.projectId, fetch: parameters.fetch })
  /** Calls a route; any failure is 'Signature declined' with frame-host's reason. */
  const call = async <T>(request: Omit<FrameHostCall<T>, 'service'>): Promise<T> => {
    try {
      return await frameHost.request({ ...request, service: SIWX_SERVICE })
    } catch (error) {
      if (!(error instanceof FrameHostError)) throw error
      const reason =
        error instanceof FrameHostUnreachableError
          ? `frame-host could not be reached at ${frameHost.baseUrl}`
          : error instanceof HttpStatusError
            ? `HTTP ${error.status}`
            : error instanceof InvalidFrameHostResponseError
              ? `${request.path} answered another shape: ${error.details}`
              : error.shortMessage
      throw new SIWXVerifierError({ reason, cause: error })
    }
  }

  return {
    async getNonce() {
      const reply = await call({ path: '/v1/sessions/nonce', read: (body) => parseAnswer(SIWX_SERVICE, checkNonceReply, body) })
      return reply.nonce
    },
    async verify(session) {
      const body: SignInRequest = { message: session.message, signature: session.signature }
      const reply = await call({ method: 'POST', path: '/v1/sessions', body, read: (answer) => parseAnswer(SIWX_SERVICE, checkSignInReply, answer) })
      return { ...session, token: reply.token, id: reply.session.id }
    },
    // Sessions are kept on this page with their token; frame-host answers for a token only.
    getSessions: async () => [],
    async revoke({ accountAddress }, session?: SIWXSession) {
      if (!session?.id) return
      const body: RevokeRequest = { pci: session.id, signature: session.signature }
      const path = `/v1/sessions/${encodeURIComponent(accountAddress)}/revoke`
      await call({ method: 'POST', path, body, read: (answer) => parseAnswer(SIWX_SERVICE, checkRevokeReply, answer) })
    },
  }
}
