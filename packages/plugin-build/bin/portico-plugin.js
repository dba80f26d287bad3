#!/usr/bin/env node
// The portico-plugin command (src/cli.ts, compiled to dist/ when the package is packed).
import { main } from '../dist/cli.js'

process.exitCode = await main(process.argv.slice(2))
