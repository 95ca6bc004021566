import type { AlertMessage } from '../alerts/alertStore'
import { FrameHostError, type FrameHostService } from '../frameHost/errors'
import type { FrameHost } from '../frameHost/transport'
import { parseAnswer } from '../frameHost/transport'
import { checkOriginsReply } from '../frameHost/wallets.gen'

/** The project route: its failures' words. */
const PROJECTS_SERVICE: FrameHostService = {
  name: 'projects',
  unreachable: 'Could not reach frame-host',
  invalid: 'Invalid project response',
}

/** What is wrong with the page's project setup, as the developer is told it. */
export type ProjectProblem = {
  /** The modal's alert (spec: Invalid App Configuration). */
  alert: AlertMessage
  /** The console error: the origin or project, and the setting to change. */
  console: string
}

/**
 * Asks frame-host (`GET /projects/v1/origins`, readable from any origin) whether it knows
 * `projectId` and allows the page's `origin`: `null` when both hold, else the problem. The
 * answer is frame-host's own (it matches the origin against the project's patterns), so the SDK
 * holds no copy of the rule. A frame-host that cannot be reached is not a configuration problem
 * (the frame's own load reports it): `null`.
 *
 * @example
 * const problem = await checkProject(client.frameHost, { projectId: 'lumen', origin: location.origin })
 * if (problem) alerts.show(problem.alert)
 */
export async function checkProject(
  frameHost: FrameHost,
  { projectId, origin }: { projectId: string; origin: string },
): Promise<ProjectProblem | null> {
  const read = (body: unknown) => parseAnswer(PROJECTS_SERVICE, checkOriginsReply, body)
  try {
    const reply = await frameHost.request({ service: PROJECTS_SERVICE, path: '/projects/v1/origins', read })
    if (reply.originAllowed !== false) return null
    return {
      alert: {
        id: 'invalid_app_configuration',
        title: 'Invalid App Configuration',
        description: `${origin} is not on project “${projectId}”'s allow-list: add it to the project's allowed_origins in frame-host.`,
      },
      console:
        `oriel: ${origin} is not an allowed origin of project "${projectId}" at ${frameHost.baseUrl}. ` +
        `Add "${origin}" to that project's allowed_origins in frame-host's config.`,
    }
  } catch (error) {
    if (!(error instanceof FrameHostError && error.status === 404)) {
      console.debug('oriel: the project check could not ask frame-host', error)
      return null
    }
    return {
      alert: {
        id: 'invalid_app_configuration',
        title: 'Invalid App Configuration',
        description: `frame-host does not know project “${projectId}”: check projectId, or add the project to frame-host.`,
      },
      console:
        `oriel: frame-host at ${frameHost.baseUrl} does not know project "${projectId}". ` +
        `Check createConfig's projectId, or add a [[projects]] entry with id = "${projectId}" to frame-host's config.`,
    }
  }
}
