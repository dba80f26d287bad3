export { localeJa, default } from '../plugin.js'
export { jaMessages } from '../messages.js'
