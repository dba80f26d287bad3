// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { main, USAGE } from './cli.js'

/** Runs the command in process; its exit code and what it printed where. */
async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('portico-plugin', () => {
  it('behavior: help prints the usage of every command', async () => {
    const help = await run('help')
    expect(help).toEqual({ code: 0, out: USAGE, err: '' })
    for (const command of ['build [<plugin dir>...]', 'prune <cdn dir>', 'keygen', 'sign <manifest>']) expect(USAGE).toContain(command)
  })

  it('error: no command, an unknown command and bad arguments exit 1 with the reason on stderr', async () => {
    expect(await run()).toEqual({ code: 1, out: '', err: USAGE })
    const unknown = await run('publish')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toContain('Unknown command "publish".')
    const twoFolders = await run('build', 'a', 'b')
    expect(twoFolders).toMatchObject({ code: 1, err: 'build of several plugin folders needs --out <dir>, the CDN folder they all go to: a b' })
    const lonelyBundle = await run('build', 'a', '--bundle')
    expect(lonelyBundle).toMatchObject({ code: 1, err: '--bundle needs two plugin folders or more: portico-plugin build <plugin dir> <plugin dir>... --bundle --out <dir>' })
    const noFolder = await run('prune')
    expect(noFolder).toMatchObject({ code: 1, err: 'prune takes the CDN folder: portico-plugin prune <cdn dir>' })
    const badOption = await run('build', '--colour')
    expect(badOption.code).toBe(1)
    expect(badOption.err).toMatch(/Unknown option '--colour'/)
  })

  it('error: a public URL that is not an absolute http(s) URL is refused before anything is built', async () => {
    expect(await run('build', '.', '--public-url', 'plugins/')).toMatchObject({
      code: 1,
      err: 'The public URL "plugins/" is not an absolute URL (https://plugins.example.com/).',
    })
    expect(await run('build', '.', '--public-url', 'ftp://plugins.test/')).toMatchObject({ code: 1, err: 'The public URL "ftp://plugins.test/" is not an http(s) URL.' })
  })
})
