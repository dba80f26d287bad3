import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { readEnv } from './env.js'
import '@portico/kernel/styles.css'
import './styles.css'

createRoot(document.getElementById('root')!).render(<App env={readEnv()} />)
