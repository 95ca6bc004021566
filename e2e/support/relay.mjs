// The loopback relay lives in stack/relay.mjs; sdk-react's WalletConnect node tests still import
// it from here until they name `@oriel/stack/relay` (sdk-react/src is another change's area).
export { startRelay } from '@oriel/stack/relay'
