import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import receive from './plugin.js'

describePlugin(() => receive(), { packageJson })
