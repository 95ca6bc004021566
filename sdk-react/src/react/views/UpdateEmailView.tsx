import { useState } from 'react'
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from '../../core/embedded/actions/updateEmail'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { CodeForm } from './CodeForm'
import { EmailField } from './EmailField'
import type { ViewProps } from './types'
import { Truncated } from './Truncated'

type Step = { name: 'email' } | { name: 'primary'; email: string } | { name: 'secondary'; email: string }

/**
 * Email update (spec §4): the new email, then the code sent to the current address, then the
 * code sent to the new address. On success the account shows the new email; errors go to the
 * snackbar with the frame's message.
 */
export default function UpdateEmailView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { user } = useStore(client.account)
  const [step, setStep] = useState<Step>({ name: 'email' })
  const currentEmail = user?.email ?? ''

  return (
    <div className="view stack" data-view={entry.view} data-step={step.name}>
      {step.name === 'email' ? (
        <NewEmailStep current={currentEmail} onSent={(email) => setStep({ name: 'primary', email })} />
      ) : step.name === 'primary' ? (
        <CodeForm
          key="primary"
          hint={
            <>
              Enter the 6-digit code sent to your current email <Truncated className="strong" text={currentEmail} kind="email" />
            </>
          }
          send={async (otp) => {
            await updateEmailPrimaryOtp(client, { otp: otp })
            setStep({ name: 'secondary', email: step.email })
          }}
        />
      ) : (
        <CodeForm
          key="secondary"
          hint={
            <>
              Enter the 6-digit code sent to your new email <Truncated className="strong" text={step.email} kind="email" />
            </>
          }
          send={async (otp) => {
            const email = await updateEmailSecondaryOtp(client, { otp: otp })
            client.snackbar.showSuccess(`Email updated to ${email}`)
            client.modal.reset('Account')
          }}
        />
      )}
    </div>
  )
}

/** Step 1: the new email, validated as you type. */
function NewEmailStep({ current, onSent }: { current: string; onSent(email: string): void }) {
  const client = useOrielClient()
  return (
    <>
      {current ? (
        <p className="hint">
          Your current email is <Truncated className="strong" text={current} kind="email" />
        </p>
      ) : null}
      <EmailField
        label="New email"
        autoFocus
        send={async (email) => {
          await updateEmail(client, { email: email })
          onSent(email)
        }}
      />
    </>
  )
}
