import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import socials from './plugin.js'

describePlugin(() => socials(), { packageJson })
