/** Package version, shown in error messages. Kept in sync with `package.json`. */
export const version = '0.1.0'

/** Parameters of {@link BaseError}. */
export type BaseErrorParameters = {
  /** Where to read more, relative to the docs root (e.g. `/config#siwx`). */
  docsPath?: string | undefined
  /** Extra lines printed between the short message and the details. */
  metaMessages?: string[] | undefined
  /** Human-readable details; defaults to the cause's message. */
  details?: string | undefined
  /** The underlying error. */
  cause?: unknown
}

/** The `name` of every error Oriel throws. */
export type BaseErrorType = BaseError & { name: 'OrielError' }

/**
 * The one error class of the SDK (viem style). Subclasses are small and tagged by `name`;
 * `shortMessage` is the user-facing text (the spec's exact message), `message` adds details.
 *
 * @example
 * try {
 *   createConfig({ projectId: 'p', networks: [ethereum], siweConfig, siwx })
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.shortMessage)
 * }
 */
export class BaseError extends Error {
  override name = 'OrielError'
  /** The user-facing message, without details. */
  shortMessage: string
  details: string
  docsPath?: string | undefined
  metaMessages?: string[] | undefined
  version = version

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details = resolveDetails(parameters)
    const message = [
      shortMessage || 'An error occurred.',
      ...(parameters.metaMessages ? ['', ...parameters.metaMessages] : []),
      ...(details ? ['', `Details: ${details}`] : []),
      ...(parameters.docsPath ? [`Docs: ${parameters.docsPath}`] : []),
      `Version: @oriel/react@${version}`,
    ].join('\n')

    super(message, parameters.cause !== undefined ? { cause: parameters.cause } : undefined)
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }

  /** Walks the `cause` chain; returns the deepest error, or the first one `fn` matches. */
  walk(fn?: (error: unknown) => boolean): unknown {
    return walk(this, fn)
  }
}

function resolveDetails({ details, cause }: BaseErrorParameters): string {
  if (details) return details
  if (cause instanceof BaseError) return cause.details
  if (cause instanceof Error) return cause.message
  return ''
}

function walk(error: unknown, fn?: (error: unknown) => boolean): unknown {
  if (fn?.(error)) return error
  if (error && typeof error === 'object' && 'cause' in error && error.cause !== undefined) {
    return walk(error.cause, fn)
  }
  return fn ? null : error
}

/** The user-facing text of any thrown value: a BaseError's short message, else its message. */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message
  return fallback
}
