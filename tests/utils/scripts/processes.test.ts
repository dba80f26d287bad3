import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isPortOpen, spawnManaged, waitForPort } from '../../../scripts/lib/processes.ts'

/** Running, not gone and not a zombie waiting for a reaper that a container may not have. */
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

describe('managed processes', () => {
  it('behavior: stopping a process stops everything it started (its process group)', async () => {
    const p = spawnManaged({ name: 'sleepers', command: 'sh', args: ['-c', 'sleep 60 & echo $!; sleep 60'] })
    await new Promise((r) => setTimeout(r, 300))
    const grandchild = Number(p.output[0])
    expect(alive(grandchild)).toBe(true)
    await p.stop(2000)
    await new Promise((r) => setTimeout(r, 100))
    expect(alive(p.child.pid!)).toBe(false)
    expect(alive(grandchild)).toBe(false)
  })

  it('error: waiting for a port fails early, with its output, when the process exits', async () => {
    const p = spawnManaged({ name: 'crasher', command: 'sh', args: ['-c', 'echo boom; exit 3'] })
    await expect(waitForPort(1, p, 5000)).rejects.toThrow(/crasher exited before listening on port 1:\nboom/)
    expect(await isPortOpen(1)).toBe(false)
  })
})
