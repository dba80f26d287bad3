import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import portfolio from './plugin.js'

describePlugin(() => portfolio(), { packageJson })
