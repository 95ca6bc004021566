/**
 * Business constants and limits (product spec §9). One place, so a timing or a limit is
 * changed once and every layer (core stores, React views, CSS) agrees.
 */

/** Header title cross-fade. */
export const HEADER_TEXT_ANIMATION_MS = 120
/** Modal height change between views. */
export const MODAL_HEIGHT_ANIMATION_MS = 150
/** Fade between two views. */
export const VIEW_TRANSITION_MS = 150
/** How long the modal shakes (e.g. a close attempt that is not allowed). */
export const SHAKE_MS = 500
/** A new snackbar message waits this long after closing the current one. */
export const SNACKBAR_REPLACE_DELAY_MS = 150
/** How long a success or error snackbar stays visible. Loading messages stay until replaced. */
export const SNACKBAR_DURATION_MS = 2_500
/** Going back from ConnectingFarcaster without an address resets the auth connector after this. */
export const FARCASTER_BACK_RESET_DELAY_MS = 100
/** Unknown embedded-wallet RPC methods are reported with an error toast after this delay. */
export const UNKNOWN_METHOD_TOAST_DELAY_MS = 300

/** Email login can be triggered once per this window. */
export const EMAIL_LOGIN_THROTTLE_MS = 30_000
/** Wait for the embedded-wallet frame to become ready. */
export const FRAME_READY_TIMEOUT_MS = 20_000
/** Settle delay after the frame-ready event. */
export const FRAME_READY_DELAY_MS = 500
/** Email, device, OTP, social and social-redirect requests to the frame. */
export const AUTH_REQUEST_TIMEOUT_MS = 30_000

/**
 * Device approval is asked again right after the frame answers "not yet" (it polls for ~20 s
 * itself), but never more often than this.
 */
export const DEVICE_APPROVAL_MIN_INTERVAL_MS = 1_000
/**
 * A Farcaster sign-in's status is asked again right after the frame answers "not yet" (one
 * look at frame-host's relay each time), but never more often than this.
 */
export const FARCASTER_POLL_INTERVAL_MS = 1_000
/** JSON-RPC requests. */
export const RPC_TIMEOUT_MS = 10_000

/** A new pairing lasts this long… */
export const PAIRING_EXPIRY_MS = 4 * 60_000
/** …and counts as expired when less than this remains. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** Wallet registry page size. */
export const WALLET_PAGE_SIZE = 40
/** Recommended wallets shown on the Connect view. */
export const RECOMMENDED_WALLETS_COUNT = 4
/** Featured wallets shown by default. */
export const FEATURED_WALLETS_COUNT = 4
/** Wallet search result limit. */
export const WALLET_SEARCH_LIMIT = 100
/** Wallet images fetched ahead of showing a page, at most. */
export const WALLET_IMAGE_PREFETCH_LIMIT = 20
/** How long a page waits for one image to preload before showing without it. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
/** Recently used wallets kept. */
export const RECENT_WALLETS_MAX = 2
/** Default input debounce. */
export const DEFAULT_DEBOUNCE_MS = 500
/** The swap slippage tolerance, in percent: a swap reverts rather than pay less than its quote minus this. */
export const DEFAULT_SLIPPAGE_PERCENT = 1
/** The slippage tolerances the Swap view offers besides a typed one, in percent. */
export const SLIPPAGE_CHOICES_PERCENT: readonly number[] = [0.5, 1, 2]
/** How often something is polled (a purchase's status, spec §9). */
export const POLL_INTERVAL_MS = 4_000
/** How long the Buy view follows a purchase before it stops asking. */
export const PURCHASE_WATCH_MS = 15 * 60_000

/** The local frame-host started by `make demo`. */
export const DEFAULT_FRAME_HOST_URL = 'http://127.0.0.1:8787'
/** WalletConnect's public relay; operators set their own with `walletConnectRelayUrl`. */
export const DEFAULT_WALLETCONNECT_RELAY_URL = 'wss://relay.walletconnect.org'
/** CAIP-2 id of the default network. */
export const DEFAULT_CAIP_NETWORK_ID = 'eip155:1'
