import { describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import localeEs from './plugin.js'

describePlugin(() => localeEs(), { packageJson })
