import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import email from './plugin.js'

describePlugin(() => email(), { packageJson })
