import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import onramp from './plugin.js'

describePlugin(() => onramp(), { packageJson })
