import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import analytics from './plugin.js'

describePlugin(() => analytics(), { packageJson })
