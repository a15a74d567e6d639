import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { appConfig } from './data/appConfig';
import { ConfigError } from './data/config';
import './ui/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function startupView() {
  try {
    return <App config={appConfig()} />;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return <ConfigErrorScreen error={error} />;
    }
    throw error;
  }
}

createRoot(container).render(<StrictMode>{startupView()}</StrictMode>);
