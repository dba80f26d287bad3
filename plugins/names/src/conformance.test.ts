import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import names from './plugin.js'

describePlugin(() => names(), { packageJson })
