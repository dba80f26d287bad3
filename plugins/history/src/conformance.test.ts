import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import history from './plugin.js'

describePlugin(() => history(), { packageJson })
