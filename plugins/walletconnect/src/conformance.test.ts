import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import walletConnect from './plugin.js'

describePlugin(() => walletConnect(), { packageJson })
