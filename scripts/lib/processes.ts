/**
 * Child processes of the dev stack. Each child runs in its own process group (`detached`), so stopping it
 * signals the whole group (tsx and anything it forked): no orphans.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'node:net'

export type ManagedProcess = {
  name: string
  child: ChildProcess
  /** Resolves when the process has exited. */
  exited: Promise<number | null>
  /** Lines the process printed (last 200), for error reports. */
  output: string[]
  stop: (timeoutMs?: number) => Promise<void>
}

export type SpawnOptions = {
  name: string
  command: string
  args: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Print the child's output prefixed with its name (npm start); tests keep it quiet. */
  echo?: boolean
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      /* already gone */
    }
  }
}

export function spawnManaged(options: SpawnOptions): ManagedProcess {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const output: string[] = []
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      output.push(line)
      if (output.length > 200) output.shift()
      if (options.echo) process.stdout.write(`[${options.name}] ${line}\n`)
    }
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  let done = false
  const exited = new Promise<number | null>((ok) => {
    child.once('exit', (code) => {
      done = true
      ok(code)
    })
    child.once('error', (error) => {
      output.push(String(error))
      done = true
      ok(-1)
    })
  })
  return {
    name: options.name,
    child,
    exited,
    output,
    async stop(timeoutMs = 5000) {
      if (done) return
      signalGroup(child, 'SIGTERM')
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), timeoutMs)
      await exited
      clearTimeout(timer)
      // whatever the leader left behind in its group
      signalGroup(child, 'SIGKILL')
    },
  }
}

/** Whether something accepts TCP connections on `port`. */
export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect({ port, host })
    socket.once('connect', () => {
      socket.destroy()
      ok(true)
    })
    socket.once('error', () => ok(false))
  })
}

/** Waits until `port` accepts connections; fails early if the process exits, or after `timeoutMs`. */
export async function waitForPort(port: number, proc?: ManagedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited = false
  proc?.exited.then(() => (exited = true))
  while (Date.now() < deadline) {
    if (await isPortOpen(port)) return
    if (exited) {
      throw new Error(`${proc!.name} exited before listening on port ${port}:\n${proc!.output.slice(-20).join('\n')}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${proc?.name ?? 'server'} did not listen on port ${port} within ${timeoutMs} ms`)
}
