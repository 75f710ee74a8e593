import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './studio.css';

createRoot(document.getElementById('studio-root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
