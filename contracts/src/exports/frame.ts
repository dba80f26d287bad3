import '../zodConfig.js'
/** `@portico/contracts/frame`: the messages between the app and the login frame (reference/login-frame.md). */
export * from '../spec/frame.js'
