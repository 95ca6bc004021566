import { useEffect, useState } from 'react'
import { checkNameAvailability, type NameAvailability } from '../../../core/names/availability'
import { DEFAULT_DEBOUNCE_MS } from '../../../core/constants'
import { getErrorMessage } from '../../../core/errors/base'
import { InvalidNameError } from '../../../core/errors/names'
import { validateNameLabel } from '../../../core/names/rules'
import { useOrielClient } from '../../hooks/useOrielClient'

/** What the registration view knows about the label typed. */
export type NameCheck =
  | { status: 'idle' }
  | { status: 'invalid'; message: string }
  | { status: 'checking' }
  | { status: 'error'; message: string }
  | NameAvailability

/**
 * The availability of the label being typed: its rules at once, then frame-host's answer 500 ms
 * (spec §9 default debounce) after the typing stops; a newer label aborts an older request.
 * `revision` asks again (after a registration failed).
 */
export function useNameAvailability(label: string, revision: number): NameCheck {
  const client = useOrielClient()
  const [check, setCheck] = useState<NameCheck>({ status: 'idle' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` asks frame-host again
  useEffect(() => {
    if (label === '') {
      setCheck({ status: 'idle' })
      return
    }
    try {
      validateNameLabel(label)
    } catch (error) {
      if (!(error instanceof InvalidNameError)) throw error
      setCheck({ status: 'invalid', message: error.shortMessage })
      return
    }
    const controller = new AbortController()
    setCheck({ status: 'checking' })
    const timer = setTimeout(() => {
      checkNameAvailability(client, label, { signal: controller.signal }).then(
        (answer) => {
          if (!controller.signal.aborted) setCheck(answer)
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          console.error(`oriel: checking the name ${label} failed`, error)
          setCheck({ status: 'error', message: getErrorMessage(error) })
        },
      )
    }, DEFAULT_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [client, label, revision])
  return check
}
