import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import connect from './plugin.js'

describePlugin(() => connect(), { packageJson })
