export { localeEs, default } from '../plugin.js'
export { esMessages } from '../messages.js'
