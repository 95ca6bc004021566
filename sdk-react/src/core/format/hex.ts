/**
 * UTF-8 text as `0x`-prefixed hex, as `personal_sign` takes a message.
 *
 * @example
 * utf8Hex('hi') // '0x6869'
 */
export function utf8Hex(text: string): `0x${string}` {
  let hex = ''
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return `0x${hex}`
}
