import './status-pages.css';
import { Spin } from 'antd';

/** Placeholder while a lazily loaded page or the shop config arrives. */
export function PageLoader() {
  return (
    <div className="page-loader" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}

export default PageLoader;
