import { Fragment } from 'react'
import type { ConnectMethod } from '../../core/config/features'
import { socialsForTelegram } from '../../core/env'
import { useOrielClient } from '../hooks/useOrielClient'
import { EmailForm } from './connect/EmailForm'
import { SocialButtons } from './connect/SocialButtons'
import { WalletList } from './connect/WalletList'
import { LoginNotKeptNotice } from './StorageNotice'
import type { ViewProps } from './types'

/** The Connect view: email, social and wallet sections in `connectMethodsOrder`. */
export function ConnectView({ entry }: ViewProps) {
  const { features } = useOrielClient().config
  // Spec §5: inside Telegram some providers do not work and are not offered.
  const socials = socialsForTelegram(features.socials || [])
  const methods = features.connectMethodsOrder.filter(
    (method) => method === 'wallet' || (method === 'email' ? features.email : socials.length > 0),
  )

  const section = (method: ConnectMethod) => {
    if (method === 'email') return <EmailForm />
    if (method === 'social') return <SocialButtons socials={socials} />
    return <WalletList />
  }

  return (
    <div className="view stack" data-view={entry.view}>
      <LoginNotKeptNotice />
      {methods.map((method, index) => {
        // "or" separates the embedded-wallet methods (email, social) from the wallet list.
        const divider = index > 0 && (method === 'wallet' || methods[index - 1] === 'wallet')
        return (
          <Fragment key={method}>
            {divider ? <div className="divider">or</div> : null}
            {section(method)}
          </Fragment>
        )
      })}
    </div>
  )
}
