import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadRemoteLocations } from './config/env-config';
import { setupFederation } from './federation/federation';
import './styles/index.css';

async function start(): Promise<void> {
  // Remotes are registered before the first render so a deep link (/news/123) can load its remote at once.
  setupFederation(await loadRemoteLocations());
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
