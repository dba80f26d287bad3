import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import wallets from './plugin.js'

describePlugin(() => wallets(), { packageJson })
