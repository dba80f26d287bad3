import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import send from './plugin.js'

describePlugin(() => send(), { packageJson })
