// @vitest-environment node
/// <reference types="vite/client" />
import { describeSsrSafety } from '../../../tests/utils/ssr.js'

describeSsrSafety(import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}']))
