// @vitest-environment node
/// <reference types="vite/client" />
import { describeSsrSafety } from '@portico/tests/ssr'

describeSsrSafety(import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./testing/**']))
