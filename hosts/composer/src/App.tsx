import { useCallback, useEffect, useMemo } from 'react'
import { deployManifest, kernelOptionsOf, optionsCode, remotesText } from './codegen.js'
import { toHash, type Composition, withPlugin } from './composition.js'
import { ConnectOrder } from './ConnectOrder.js'
import { CopyButton } from './CopyButton.js'
import type { ComposerEnv } from './env.js'
import { OptionsControls } from './OptionsControls.js'
import { Output } from './Output.js'
import { PluginPicker } from './PluginPicker.js'
import { Preview } from './Preview.js'
import { ThemeControls } from './ThemeControls.js'
import { useComposition } from './useComposition.js'
import { useManifest } from './useManifest.js'

function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--cp-accent)" />
      <path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="white" />
    </svg>
  )
}

/** The composer: controls on the left, the live modal and the resulting code on the right. */
export function App({ env }: { env: ComposerEnv }) {
  const [manifestState, retryManifest] = useManifest(env.manifestUrl)
  const [composition, setComposition] = useComposition()
  const manifest = manifestState.status === 'ready' ? manifestState.manifest : undefined
  const update = useCallback((change: Partial<Composition>) => setComposition((c) => ({ ...c, ...change })), [setComposition])
  const toggle = useCallback(
    (name: string, on: boolean) => setComposition((c) => withPlugin(c, name, on, (n) => manifest?.[n]?.locales ?? [])),
    [setComposition, manifest],
  )

  // the page follows the modal's theme, so the preview is seen as a host would show it
  useEffect(() => {
    document.documentElement.dataset.theme = composition.themeMode
  }, [composition.themeMode])

  const options = useMemo(() => (manifest ? kernelOptionsOf(composition, env, manifest) : undefined), [composition, env, manifest])
  // from the composition itself: the hash in the address bar is written after this render
  const link = `${location.origin}${location.pathname}${toHash(composition)}`
  const code = manifest ? optionsCode(composition, env, manifest, link) : undefined
  const remotes = manifest ? remotesText(composition, manifest) : undefined
  const remoteCount = manifest ? Object.keys(deployManifest(composition, manifest)).length : 0

  return (
    <div className="cp-page">
      <header className="cp-topbar">
        <a className="cp-brand" href={location.pathname}>
          <Logo />
          <span>
            Portico <span className="cp-brand-sub">composer</span>
          </span>
        </a>
        <p className="cp-tagline">Pick plugins, theme and flags; copy the options that build this modal.</p>
        <CopyButton text={link} label="Copy link" testId="copy-link" className="cp-button cp-button-quiet" />
      </header>
      <main className="cp-main">
        <div className="cp-controls" aria-label="Composition" role="region">
          <PluginPicker state={manifestState} retry={retryManifest} manifestUrl={env.manifestUrl} picked={composition.plugins} onToggle={toggle} />
          <ThemeControls composition={composition} update={update} />
          <ConnectOrder order={composition.connectMethodsOrder} picked={manifest ? Object.keys(deployManifest(composition, manifest)) : composition.plugins} onChange={(connectMethodsOrder) => update({ connectMethodsOrder })} />
          <OptionsControls composition={composition} manifest={manifest} update={update} />
        </div>
        <div className="cp-result">
          <Preview options={options} manifest={manifest} debug={env.debug} />
          <Output code={code} remotes={remotes} remoteCount={remoteCount} />
        </div>
      </main>
    </div>
  )
}
