// Generated from the oriel-protocol crate (handshake, frame_page, text and email modules) by
// protocol/tests/typescript.rs. Do not edit.

export const LOADED_MESSAGE_TYPE = 'oriel:frame-loaded'

export const CONNECT_MESSAGE_TYPE = 'oriel:connect'

export const CONFIG_ELEMENT_ID = 'oriel-frame-config'

export const SOCIAL_DONE_MESSAGE_TYPE = 'oriel:social-done'

export const AN_ERROR_OCCURRED = 'An error occurred'

export const REQUEST_ABORTED = 'Request was aborted'

export const USER_REJECTED = 'User rejected the request.'

export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'

export const ACTION_NOT_ALLOWED = 'Action not allowed'

export const CHAIN_NOT_SUPPORTED = 'Chain is not supported'

export const INVALID_CAIP2_PREFIX = 'Invalid CAIP-2 network id: '

export const INVALID_EMAIL = 'Invalid email'

export const REQUEST_TIMEOUT = 'The request took too long to respond.'

export const NETWORK_ERROR = 'Network Error - Could not load embedded wallet'

export const SESSION_EXPIRED = 'Session Expired'

export const INVALID_KEY = 'Invalid key'

export const JWT_NOT_YET_VALID = 'JWT not yet valid'

export const INVALID_CODE = 'Invalid code'

export const CODE_LOCKED = 'Too many wrong codes: request a new code'

export const EMAIL_IN_USE = 'Email already in use'

export const DEVICE_NOT_APPROVED = 'This device is not approved for this account yet: open the approval link emailed to the account, or approve it from a device that already holds the wallet, then log in again'

export const TRY_AGAIN_PREFIX = 'Please try again after '

export const TRY_AGAIN_SUFFIX = ' seconds'

/** The email rule (`oriel_protocol::email`) as a regular expression; the length is checked apart. */
export const EMAIL_PATTERN = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$"

/** The longest email address (RFC 5321). */
export const MAX_EMAIL_LEN = 254

/** The newest protocol version this side speaks. */
export const PROTOCOL_VERSION = 2

/** Protocol versions this side speaks, ascending. */
export const SUPPORTED_VERSIONS: readonly number[] = [2]

/** The largest encoded message either side sends or reads. */
export const MAX_MESSAGE_BYTES = 4194304
