import { Button } from '../site/ui/Button';
import { ReloadIcon } from '../site/ui/icons';
import { StatusArt } from './StatusArt';
import './status-pages.css';

/** Full-page failure (SPEC §2): shown when the public config cannot load or any render crashes. */
export function ErrorPage() {
  return (
    <main className="status-page" data-testid="error-page">
      <section className="status-card" aria-labelledby="error-page-title">
        <StatusArt kind="error" />
        <h1 id="error-page-title" className="status-title">
          Something Went Wrong
        </h1>
        <p className="status-text">We could not load the shop just now. Please reload the page, or try again later.</p>
        <Button variant="primary" size="large" icon={<ReloadIcon />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </section>
    </main>
  );
}

export default ErrorPage;
