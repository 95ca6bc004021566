import { useState } from 'react'
import { avatarImageUrl } from '../../core/account/identity'

/** A colour pair derived from the address, so each account has a recognisable avatar. */
export function generatedAvatarStyle(address: string) {
  const hue = Number.parseInt(address.slice(2, 8), 16) % 360 || 0
  return { background: `linear-gradient(135deg, hsl(${hue} 70% 60%), hsl(${(hue + 80) % 360} 70% 45%))` }
}

/**
 * The account's avatar: its identity's image when it has a usable one and it loads, else the
 * gradient generated from the address.
 */
export function AccountAvatar({ address, image }: { address: string; image: string | undefined }) {
  const src = avatarImageUrl(image)
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (src && failed !== src) {
    return (
      <img
        className="avatar"
        src={src}
        alt=""
        data-testid="account-avatar"
        referrerPolicy="no-referrer"
        style={{ objectFit: 'cover' }}
        onError={() => setFailed(src)}
      />
    )
  }
  return <span className="avatar" style={generatedAvatarStyle(address)} aria-hidden="true" data-testid="account-avatar" />
}
