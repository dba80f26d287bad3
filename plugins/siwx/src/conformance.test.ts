import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import siwx from './plugin.js'

describePlugin(() => siwx(), { packageJson })
