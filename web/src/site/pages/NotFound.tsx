import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ButtonLink';
import { StatusArt } from '../../components/StatusArt';
import { homeFor } from '../../lib/areas';
import { useDocumentMeta } from '../lib/use-document-meta';
import { HomeIcon } from '../ui/icons';
import '../../components/status-pages.css';

export default function NotFound() {
  const { pathname } = useLocation();
  useDocumentMeta({ title: 'Page not found' }, { noindex: true });
  return (
    <div className="status-page" data-testid="not-found">
      <section className="status-card" aria-labelledby="not-found-title">
        <StatusArt kind="not-found" />
        <span className="eyebrow">Error 404</span>
        <h1 id="not-found-title" className="status-title">
          Page not found
        </h1>
        <p className="status-text">Sorry, we could not find that page. It may have moved, or it never existed.</p>
        <ButtonLink to={homeFor(pathname)} variant="primary" size="large" icon={<HomeIcon />} data-testid="go-home">
          Go Home
        </ButtonLink>
      </section>
    </div>
  );
}
