import { useOrielClient } from '../../hooks/useOrielClient'
import { connectEmail } from '../../../core/embedded/actions/connectEmail'
import { completeLogin } from '../../../core/embedded/actions/connectOtp'
import { EmailField } from '../EmailField'
import { showConnected } from '../showConnected'

/** Email login: submits to the embedded wallet and opens the step the frame asks for. */
export function EmailForm() {
  const client = useOrielClient()

  async function send(input: string) {
    const { action, email } = await connectEmail(client, { email: input })
    if (action === 'VERIFY_OTP') client.modal.push('EmailVerifyOtp', { email })
    else if (action === 'VERIFY_DEVICE') client.modal.push('EmailVerifyDevice', { email })
    else {
      // CONNECT: the frame already has this user's session.
      client.snackbar.showLoading('Authenticating...')
      await completeLogin(client)
      client.snackbar.hide()
      showConnected(client)
    }
  }

  return <EmailField label="Email" send={send} method="email" />
}
