/** The frame page for the rspack CLI (`rspack build -c services/frame/page/rspack.config.ts`); see build.ts. */
import { framePageConfig } from './build.js'

export default framePageConfig()
