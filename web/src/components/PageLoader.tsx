import './status-pages.css';
import { Spinner } from '../site/ui/Spinner';

/** Placeholder while a lazily loaded page or the shop config arrives. */
export function PageLoader() {
  return (
    <div className="page-loader" aria-busy="true">
      <Spinner size="large" label="Loading the page" />
    </div>
  );
}

export default PageLoader;
