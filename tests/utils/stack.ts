import type { Ports, StackUrls } from '../../scripts/lib/ports.ts'

/** What the e2e global setup started, as tests get it from `inject('stack')`. */
export type E2EStack = { ports: Ports; urls: StackUrls; cdnDir: string; demoDir: string }

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2EStack
  }
}
