// Checks of the Blockchain API's values beyond their shape (the shape is the generated checks'
// in `../frameHost/*.gen.ts`): each returns the value or throws the caller's typed error
// through `fail`.

/** Throws the calling reader's typed error with `reason`. */
export type Fail = (reason: string) => never

/** An EVM address: `0x` and 40 hex digits. */
export function evmAddress(text: string, what: string, fail: Fail): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) fail(`${what} is not an EVM address`)
  return text
}

/** A whole-token amount: digits with an optional fraction (`"1.5"`, `"1000"`). */
export function decimal(text: string, what: string, fail: Fail): string {
  if (!/^\d+(\.\d+)?$/.test(text)) fail(`${what} is not a decimal number`)
  return text
}

/** An RFC 3339 date. */
export function date(text: string, what: string, fail: Fail): string {
  if (Number.isNaN(Date.parse(text))) fail(`${what} is not a date`)
  return text
}

// Images the widget shows come from frame-host's answers: only web and inline images are
// loaded (never `javascript:` and the like); another scheme (ipfs://, …) shows no image.
const IMAGE_URL = /^(https?:\/\/|data:image\/)/i

/** An image URL the widget loads, `undefined` for none or a scheme it does not load. */
export function imageUrl(value: string | null | undefined): string | undefined {
  return value && IMAGE_URL.test(value) ? value : undefined
}
