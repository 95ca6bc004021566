import { isBrowser, isTelegram } from '../env'

export { isTelegram }

/** Safari on iPhone or iPad (not Chrome, Firefox or Edge for iOS, which use their own UA tokens). */
export function isIosSafari(userAgent: string = isBrowser() ? navigator.userAgent : ''): boolean {
  const ios = /iPhone|iPad|iPod/u.test(userAgent)
  return ios && /Safari/u.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//u.test(userAgent)
}

/**
 * Whether an unexpired pairing is reused instead of a fresh one (spec §4). On Telegram and iOS
 * Safari the dapp's page is suspended while the wallet app, opened by deep link, handles the
 * pairing; when the user comes back and the view opens again, it keeps offering that pairing
 * rather than a new QR code.
 */
export function reusesPairing(): boolean {
  return isTelegram() || isIosSafari()
}
