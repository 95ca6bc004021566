// The devnet's Farcaster account: the custody key of the fid `devnet/deploy.mjs` registers in the
// devnet's IdRegistry (DevIdRegistry), and the profile the demo Farcaster client (demo/farcaster)
// sends with a sign-in. No Node imports, so the client page's bundle takes it as it is.

/** The custody key of the devnet's Farcaster account. Devnet only: it guards nothing real. */
export const FARCASTER_CUSTODY_KEY = '0xe8874d7d2ddababb75fc3503207cdb955f06bab0a4720d07fd2a6e2ab0e14cb7'

/** Its address (the key's), which the deploy registers as the custody of the first fid. */
export const FARCASTER_CUSTODY_ADDRESS = '0x6fE49Df8fa2Fa9e339f46ffed66149b460E43920'

/** Its fid: the first the deploy registers in a fresh IdRegistry (devnet/deploy.mjs checks it). */
export const FARCASTER_FID = 1

/** The profile the demo client sends with the sign-in (the relay's username, displayName, bio). */
export const FARCASTER_PROFILE = Object.freeze({
  username: 'devnet-ada',
  displayName: 'Ada (devnet)',
  bio: 'The Farcaster account of the Oriel devnet.',
})

/**
 * The relay key frame-host trusts the demo client with (`[farcaster] relay_keys`, sent as
 * `X-Farcaster-Auth-Relay-Key`). Devnet only, like the custody key.
 */
export const FARCASTER_DEMO_RELAY_KEY = 'oriel-devnet-farcaster-client'
