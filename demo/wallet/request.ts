// What every chain family of the demo wallet provides: its accounts for a session and a reading
// of each request it supports, shown to the user before anything is signed.

/** A request the wallet understood: what the prompt shows, and the answer once the user signs. */
export type Ask = { shown: string; answer: () => Promise<unknown> }

/** A request refused before any prompt (JSON-RPC error code and message go back to the dapp). */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** EIP-1193's 4200: the wallet does not support the method. */
export const unsupported = (method: string) => new RequestError(4200, `The demo wallet does not support ${method}`)
/** JSON-RPC's -32602: the parameters are not what the method takes. */
export const invalidParams = (reason: string) => new RequestError(-32602, `Invalid params: ${reason}`)

export type ChainFamily = {
  /** The CAIP-2 namespace: eip155, solana or bip122. */
  namespace: string
  /** The methods this wallet answers in the namespace. */
  methods: readonly string[]
  events: readonly string[]
  /** The address the wallet shares on every chain of the namespace. */
  address: string
  /** Reads one request; throws a {@link RequestError} when it cannot be answered. */
  read(method: string, params: unknown): Ask
}

/** `value` as a plain object, else a -32602 error. */
export function objectParams(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams('params must be an object')
  return value as Record<string, unknown>
}
