import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Popup } from './Popup';
import '../../../src/ui/styles.css';
import './popup.css';

const container = document.getElementById('root');
if (!container) throw new Error('popup.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
);
