import 'fake-indexeddb/auto'
import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// findBy*/waitFor wait up to 5 s (the library's default is 1 s): on a loaded 2-core CI machine a real HTTP round
// trip, a lazy view's import or an IndexedDB read can take longer than a second. A wait that ends early costs nothing.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())
