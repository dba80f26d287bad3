import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import nfts from './plugin.js'

describePlugin(() => nfts(), { packageJson })
