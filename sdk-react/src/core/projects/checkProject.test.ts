import { describe, expect, it } from 'vitest'
import { createFrameHost } from '../frameHost/transport'
import { checkProject } from './checkProject'

/** A frame-host whose `/projects/v1/origins` answers `status` with `body`; records the URLs asked. */
function frameHostAnswering(status: number, body: unknown) {
  const asked: string[] = []
  const fetch = async (input: RequestInfo | URL) => {
    asked.push(String(input))
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  const frameHost = createFrameHost({ baseUrl: 'https://wallet.example.com', projectId: 'lumen', fetch, retryDelay: () => 0 })
  return { frameHost, asked }
}

const page = { projectId: 'lumen', origin: 'https://shop.example.com' }

describe('checkProject', () => {
  it('is content when frame-host allows the page', async () => {
    const { frameHost, asked } = frameHostAnswering(200, { allowedOrigins: ['https://shop.example.com'], originAllowed: true })
    expect(await checkProject(frameHost, page)).toBeNull()
    expect(new URL(asked[0] ?? '').pathname).toBe('/projects/v1/origins')
    expect(new URL(asked[0] ?? '').searchParams.get('projectId')).toBe('lumen')
  })

  it('names the origin and the setting when the page is not allowed', async () => {
    const { frameHost } = frameHostAnswering(200, { allowedOrigins: ['https://app.example.com'], originAllowed: false })
    const problem = await checkProject(frameHost, page)
    expect(problem?.alert.title).toBe('Invalid App Configuration')
    expect(problem?.console).toBe(
      'oriel: https://shop.example.com is not an allowed origin of project "lumen" at https://wallet.example.com. ' +
        `Add "https://shop.example.com" to that project's allowed_origins in frame-host's config.`,
    )
  })

  it('names the project when frame-host does not know it', async () => {
    const { frameHost } = frameHostAnswering(404, { error: { code: 'not_found', message: 'unknown project id' } })
    const problem = await checkProject(frameHost, page)
    expect(problem?.alert.title).toBe('Invalid App Configuration')
    expect(problem?.console).toMatch(/^oriel: frame-host at https:\/\/wallet\.example\.com does not know project "lumen"\./)
  })

  it('leaves an unreachable frame-host to the frame’s own load error', async () => {
    const { frameHost } = frameHostAnswering(503, {})
    expect(await checkProject(frameHost, page)).toBeNull()
  })
})
