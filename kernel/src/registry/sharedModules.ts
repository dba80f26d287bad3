import type { SharedModule } from './loadRemote.js'

/**
 * The modules the host shares with remote plugins as singletons. Imported lazily: this runs only when the first
 * remote plugin loads, and the modules are already in the host bundle.
 */
export async function hostSharedModules(): Promise<Record<string, SharedModule>> {
  const [react, jsxRuntime, reactDom, reactRedux, toolkit, kernel, contracts, zod] = await Promise.all([
    import('react'),
    import('react/jsx-runtime'),
    import('react-dom'),
    import('react-redux'),
    import('@reduxjs/toolkit'),
    import('../exports/index.js'),
    import('@portico/contracts'),
    import('zod'),
  ])
  const version = react.version
  return {
    react: { version, lib: () => react },
    'react/jsx-runtime': { version, lib: () => jsxRuntime },
    'react-dom': { version, lib: () => reactDom },
    'react-redux': { version: '9.3.1', lib: () => reactRedux },
    '@reduxjs/toolkit': { version: '2.14.0', lib: () => toolkit },
    '@portico/kernel': { version: '0.1.0', lib: () => kernel },
    '@portico/contracts': { version: contracts.CONTRACTS_VERSION, lib: () => contracts },
    zod: { version: '4.6.7', lib: () => zod },
  }
}
