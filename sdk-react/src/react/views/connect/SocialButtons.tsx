import { useState } from 'react'
import { connectSocial } from '../../../core/actions/connectSocial'
import type { SocialProvider } from '../../../core/config/features'
import { getErrorMessage } from '../../../core/errors/base'
import { useOrielClient } from '../../hooks/useOrielClient'
import { MoreIcon } from '../../icons/icons'
import { SOCIAL_NAMES, SocialIcon } from '../../icons/socialIcons'
import { FieldError } from '../FieldError'
import { showConnected } from '../showConnected'

/** Icon buttons that fit in one row; beyond that, 4 icons and a "More" toggle. */
const ROW = 5

export type SocialButtonsProps = { socials: readonly SocialProvider[] }

/** What to try when a social login cannot start (issue 18 §3: the spec's text, then a way on). */
export const SOCIAL_LOGIN_HINT = 'Try again, or continue with your email or a wallet.'

/**
 * The first provider as a full-width button, the others as icon buttons. A click opens the
 * provider's popup at once and shows 'Authenticating...' until the login ends: connected, the
 * modal shows the account; otherwise the reason shows under the buttons, with what to try next,
 * until the next attempt.
 */
export function SocialButtons({ socials }: SocialButtonsProps) {
  const client = useOrielClient()
  const [expanded, setExpanded] = useState(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [first, ...rest] = socials
  if (!first) return null

  const overflow = rest.length > ROW
  const shown = overflow && !expanded ? rest.slice(0, ROW - 1) : rest
  const cells = shown.length + (overflow ? 1 : 0)

  const select = (provider: SocialProvider) => {
    if (provider === 'farcaster') return client.modal.push('ConnectingFarcaster')
    setError(undefined)
    setBusy(true)
    client.snackbar.showLoading('Authenticating...')
    // The popup opens inside this call, under the click's user activation.
    connectSocial(client, { provider: provider })
      .then(
        () => showConnected(client),
        (failure: unknown) => {
          // A SocialLoginError says why (its class loads with the login's own code).
          const reason = (failure as { reason?: unknown }).reason
          setError(`${getErrorMessage(failure)}. ${typeof reason === 'string' ? `${reason}. ` : ''}${SOCIAL_LOGIN_HINT}`)
        },
      )
      .finally(() => {
        client.snackbar.hide()
        setBusy(false)
      })
  }

  return (
    <div className="stack" data-connect-method="social">
      <button type="button" className="btn" onClick={() => select(first)} disabled={busy} aria-busy={busy}>
        <SocialIcon provider={first} />
        {`Continue with ${SOCIAL_NAMES[first]}`}
      </button>
      {cells > 0 ? (
        <div className="socials" style={{ gridTemplateColumns: `repeat(${Math.min(cells, ROW)}, 1fr)` }}>
          {shown.map((provider) => {
            const label = `Continue with ${SOCIAL_NAMES[provider]}`
            return (
              <button
                key={provider}
                type="button"
                className="social"
                aria-label={label}
                title={label}
                onClick={() => select(provider)}
                disabled={busy}
              >
                <SocialIcon provider={provider} />
              </button>
            )
          })}
          {overflow ? (
            <button
              type="button"
              className="social"
              aria-label="More"
              title="More"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
            >
              <MoreIcon />
            </button>
          ) : null}
        </div>
      ) : null}
      <FieldError id="social-error" error={error} />
    </div>
  )
}
