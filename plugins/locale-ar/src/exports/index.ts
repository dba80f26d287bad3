export { localeAr, default } from '../plugin.js'
export { arMessages } from '../messages.js'
