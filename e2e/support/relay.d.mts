export { type Relay, startRelay } from '@oriel/stack/relay'
