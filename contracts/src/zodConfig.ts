import { config } from 'zod/v4/core'

// zod compiles object parsers with `new Function` and probes for it when the first object schema is built. A
// page with a strict Content-Security-Policy refuses that and reports a violation, so switch the compiler off
// before any schema exists. This module must stay the first import of the package entry.
config({ jitless: true })
