// The operators' console (issue 33): its own page of the build (console.html), so players never
// download it. English only.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './features/console/console-app.tsx';
import './features/console/console.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
