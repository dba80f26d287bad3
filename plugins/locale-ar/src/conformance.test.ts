import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import localeAr from './plugin.js'

describePlugin(() => localeAr(), { packageJson })
