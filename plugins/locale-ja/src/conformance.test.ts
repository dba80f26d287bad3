import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import localeJa from './plugin.js'

describePlugin(() => localeJa(), { packageJson })
