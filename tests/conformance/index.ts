// The conformance kits moved to packages/conformance (published as @portico/conformance); this re-export keeps
// `@portico/tests/conformance` working for the repository's own suites.
export * from '../../packages/conformance/src/index.js'
