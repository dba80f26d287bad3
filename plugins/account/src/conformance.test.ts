import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import account from './plugin.js'

describePlugin(() => account(), { packageJson })
