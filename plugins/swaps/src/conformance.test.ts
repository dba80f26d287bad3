import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import swaps from './plugin.js'

describePlugin(() => swaps(), { packageJson })
