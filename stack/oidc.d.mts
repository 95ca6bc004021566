/** A running local identity provider (see oidc.mjs). */
export interface OidcProvider {
  /** `http://host:port`: each social provider lives under `/{provider}`. */
  readonly url: string
  readonly port: number
  stop(): Promise<void>
}

/** Starts the provider on `host:port` (port 0 picks a free one) for frame-hosts at `frameHosts`. */
export function startOidcProvider(options: { port?: number; host?: string; frameHosts: string[] }): Promise<OidcProvider>

/** frame-host's `[social.*]` tables for a local provider at `baseUrl`. */
export function frameHostSocialToml(baseUrl: string): string

/** The client id and secret of social provider `name` at the local provider. */
export function clientOf(name: string): { clientId: string; clientSecret: string }
