import '../zodConfig.js'
export * from '../plugin/index.js'
export * from '../spec/index.js'
export * from '../api/index.js'
